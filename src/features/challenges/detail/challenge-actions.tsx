import { CheckCircle2, Download, Info, Megaphone, PenSquare, Send, Vote } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useConvex, useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../../convex/_generated/api";
import { CHALLENGE_MESSAGES, DEFAULT_VOTING_DAYS, VOTING_DAY_CHOICES, votingEndsAtFrom } from "../../../../convex/model/challengeTerms";
import { VOTING_RULES_MESSAGES } from "../../../../convex/model/votingRules";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { downloadCsv } from "@/lib/csv";
import { formatDate } from "@/lib/i18n/format";
import { useNow } from "@/lib/use-now";
import type { ChallengeDetail } from "./challenge-types";
import { EnterWorkDialog } from "./enter-work-dialog";
import { csvFileName, entriesCsv, type CsvEntry } from "./entries-csv";

/** What the viewer can do here: enter, start voting, export, or just a word on the state. */
export function ChallengeActions({ challenge }: { challenge: ChallengeDetail }) {
  const now = useNow();
  const open = challenge.status === "active" && now <= challenge.endDate;
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3 p-5">
        {challenge.status === "active" && open && <EntryPanel challenge={challenge} />}
        {challenge.status === "active" && !open && (
          <Note icon={<Info aria-hidden />}>提出期限を過ぎました。投票の開始をお待ちください。</Note>
        )}
        {challenge.status === "voting" && (
          <Note icon={<Vote aria-hidden />}>投票受付中です。気に入った作品に投票しましょう（自分の作品には投票できません）。</Note>
        )}
        {challenge.status === "ended" && <Note icon={<CheckCircle2 aria-hidden />}>このチャレンジは終了しました。</Note>}
      </Card>
      {challenge.viewer?.isOrganiser && <OrganiserPanel challenge={challenge} />}
    </div>
  );
}

function Note({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-zinc-700 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-brand-600">
      {icon}
      <span>{children}</span>
    </p>
  );
}

function EntryPanel({ challenge }: { challenge: ChallengeDetail }) {
  const [picking, setPicking] = useState(false);
  if (!challenge.viewer) {
    return (
      <>
        <Note icon={<Send aria-hidden />}>ログインすると、あなたの作品でこのチャレンジに参加できます。</Note>
        <SignInButton size="md" className="w-full" />
      </>
    );
  }
  if (challenge.viewer.isOrganiser) return <Note icon={<Info aria-hidden />}>{VOTING_RULES_MESSAGES.organiserEntry}</Note>;
  if (challenge.viewer.entryId) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3 py-2.5 text-sm font-semibold text-emerald-700">
        <CheckCircle2 aria-hidden className="size-4.5" />
        提出済み
      </p>
    );
  }
  return (
    <>
      <Note icon={<Send aria-hidden />}>作品を1人1つまで提出できます。</Note>
      <Button className="w-full" onClick={() => setPicking(true)}>
        <Send aria-hidden />
        作品を提出する
      </Button>
      <ButtonLink variant="outline" className="w-full" to={paths.submit({ challengeId: challenge._id })}>
        <PenSquare aria-hidden />
        新しい作品を投稿して参加
      </ButtonLink>
      <EnterWorkDialog challengeId={challenge._id} open={picking} onOpenChange={setPicking} />
    </>
  );
}

function OrganiserPanel({ challenge }: { challenge: ChallengeDetail }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [votingDays, setVotingDays] = useState<number>(DEFAULT_VOTING_DAYS);
  const votingEndsAt = votingEndsAtFrom(useNow(), votingDays);
  const startVoting = useMutation(api.challenges.startVoting);
  const download = useEntriesDownload(challenge);
  const hasEntries = challenge.submissionsCount > 0;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="flex items-center gap-2 text-sm font-bold text-zinc-900">
        <Megaphone aria-hidden className="size-4 text-brand-600" />
        主催者メニュー
      </h2>
      {challenge.status === "active" && (
        <>
          <FormField label="投票期間">
            {(control) => (
              <Select
                {...control}
                options={VOTING_DAY_CHOICES.map((days) => ({ value: String(days), label: `${days}日間` }))}
                value={String(votingDays)}
                onValueChange={(value) => setVotingDays(Number(value))}
                disabled={!hasEntries}
              />
            )}
          </FormField>
          <Button variant="secondary" className="w-full" disabled={!hasEntries} onClick={() => setConfirming(true)}>
            <Vote aria-hidden />
            投票期間を開始
          </Button>
          {!hasEntries && <p className="text-xs text-zinc-500">作品が1件以上提出されると投票を開始できます。</p>}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={CHALLENGE_MESSAGES.votingStartConfirm}
            description={`投票は${formatDate(votingEndsAt)}の終わりまで受け付けます。投票期間中は新しい作品を提出できなくなります。`}
            confirmLabel="開始する"
            onConfirm={async () => {
              try {
                await startVoting({ challengeId: challenge._id, votingDays });
                toast.success(CHALLENGE_MESSAGES.votingStarted);
              } catch (error) {
                toast.error(readServerError(error).message);
                throw error;
              }
            }}
          />
        </>
      )}
      {challenge.status === "voting" && (
        <p className="text-xs text-zinc-600">作品カードの「優勝者に選ぶ」から優勝作品を選ぶと、チャレンジが終了します。</p>
      )}
      <Button variant="outline" className="w-full" disabled={!hasEntries} loading={download.busy} onClick={() => void download.run()}>
        <Download aria-hidden />
        提出作品をCSVでダウンロード
      </Button>
    </Card>
  );
}

/** Reads every page of the organiser's export and saves it as a CSV file. */
function useEntriesDownload(challenge: ChallengeDetail) {
  const convex = useConvex();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows: CsvEntry[] = [];
      let cursor: string | null = null;
      for (;;) {
        const page: FunctionReturnType<typeof api.challenges.exportEntries> = await convex.query(api.challenges.exportEntries, {
          challengeId: challenge._id,
          paginationOpts: { numItems: 200, cursor },
        });
        rows.push(...page.page);
        if (page.isDone) break;
        cursor = page.continueCursor;
      }
      const csv = entriesCsv(rows, (projectId) => new URL(paths.project(projectId), window.location.origin).href);
      downloadCsv(csvFileName(challenge.title), csv);
    } catch (error) {
      toast.error(readServerError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
