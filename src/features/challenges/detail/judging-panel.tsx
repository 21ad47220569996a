import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { Check, Scale, UserPlus, X } from "lucide-react";
import { useState } from "react";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { JUDGING_LIMITS, type JudgingInput } from "../../../../convex/model/judgingRules";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { fieldClassName } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/use-toast";
import { readServerError } from "@/lib/convex-error";
import type { ChallengeDetail } from "./challenge-types";

const STATUS_LABELS = { invited: "招待中", accepted: "承諾済み", declined: "辞退" } as const;

/**
 * 審査 on a judged challenge's page: the criteria and judges for everyone; the organiser invites
 * and removes judges; an invitee accepts or declines; an accepted judge scores during voting.
 */
export function JudgingPanel({ challenge }: { challenge: ChallengeDetail }) {
  const panel = useQuery(api.judging.panel, { challengeId: challenge._id });
  if (!panel) return null;
  const isOrganiser = challenge.viewer?.isOrganiser ?? false;
  const mine = panel.viewerJudge;
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6">
      <section aria-labelledby="judging-heading" className="flex flex-col gap-3">
        <h2 id="judging-heading" className="flex items-center gap-2 text-lg font-bold text-zinc-900">
          <Scale aria-hidden className="size-5 text-brand-600" />
          審査
        </h2>
        <Criteria judging={panel.judging} />
        <ul aria-label="審査員" className="flex flex-wrap gap-2">
          {panel.judges.length === 0 && <li className="text-sm text-zinc-500">審査員はまだいません</li>}
          {panel.judges.map((judge) => (
            <li
              key={judge.user._id ?? judge.user.displayName}
              className="flex items-center gap-2 rounded-full bg-zinc-100 px-3 py-1 text-sm text-zinc-800"
            >
              <span>{judge.user.displayName}</span>
              {isOrganiser && <span className="text-xs text-zinc-600">{STATUS_LABELS[judge.status]}</span>}
              {isOrganiser && judge.scoredCount === 0 && judge.user._id && challenge.status !== "ended" && (
                <RemoveJudge challengeId={challenge._id} userId={judge.user._id} name={judge.user.displayName} />
              )}
            </li>
          ))}
        </ul>
        {isOrganiser && challenge.status !== "ended" && <InviteJudge challengeId={challenge._id} />}
      </section>
      {mine && mine.status !== "accepted" && challenge.status !== "ended" && (
        <Invitation challengeId={challenge._id} declined={mine.status === "declined"} />
      )}
      {mine?.status === "accepted" && (
        <section aria-labelledby="scoring-heading" className="flex flex-col gap-3">
          <h3 id="scoring-heading" className="font-semibold text-zinc-900">
            採点の進み具合:{" "}
            <span className="tabular-nums">
              {mine.scoredCount} / {mine.total}
            </span>
          </h3>
          {challenge.status === "voting" ? (
            <ScoreSheet challengeId={challenge._id} judging={panel.judging} />
          ) : (
            <p className="text-sm text-zinc-600">
              {challenge.status === "active" ? "投票期間が始まると採点できます。" : "採点は終了しました。"}
            </p>
          )}
        </section>
      )}
    </Card>
  );
}

function Criteria({ judging }: { judging: JudgingInput }) {
  return (
    <div className="flex flex-col gap-1 text-sm text-zinc-700">
      <ul className="flex flex-col gap-1">
        {judging.criteria.map((criterion) => (
          <li key={criterion.name}>
            <span className="font-semibold text-zinc-900">{criterion.name}</span>
            <span className="text-zinc-600">（重み {criterion.weight}）</span>
            {criterion.description && <span className="text-zinc-600">: {criterion.description}</span>}
          </li>
        ))}
      </ul>
      <p className="text-zinc-600">
        総合スコア = 審査員 {judging.judgeWeight}% + 投票 {100 - judging.judgeWeight}%（投票は最多得票の作品を100とした割合）
      </p>
    </div>
  );
}

function InviteJudge({ challengeId }: { challengeId: Id<"challenges"> }) {
  const invite = useMutation(api.judging.invite);
  const toast = useToast();
  const [handle, setHandle] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row"
      onSubmit={(event) => {
        event.preventDefault();
        if (!handle.trim()) return;
        setBusy(true);
        invite({ challengeId, handle })
          .then(() => {
            toast.success("審査員を招待しました");
            setHandle("");
          })
          .catch((error: unknown) => toast.error(readServerError(error).message))
          .finally(() => setBusy(false));
      }}
    >
      <Input
        aria-label="審査員のユーザーID"
        placeholder="ユーザーID（例：taro_ai）"
        value={handle}
        onChange={(event) => setHandle(event.target.value)}
      />
      <Button type="submit" variant="outline" loading={busy} className="shrink-0">
        {!busy && <UserPlus aria-hidden />}
        審査員を招待
      </Button>
    </form>
  );
}

function RemoveJudge({ challengeId, userId, name }: { challengeId: Id<"challenges">; userId: Id<"users">; name: string }) {
  const remove = useMutation(api.judging.remove);
  const toast = useToast();
  return (
    <button
      type="button"
      aria-label={`${name}さんの招待を取り消す`}
      className="rounded-full p-0.5 text-zinc-600 hover:bg-zinc-200"
      onClick={() => void remove({ challengeId, userId }).catch((error: unknown) => toast.error(readServerError(error).message))}
    >
      <X aria-hidden className="size-3.5" />
    </button>
  );
}

function Invitation({ challengeId, declined }: { challengeId: Id<"challenges">; declined: boolean }) {
  const respond = useMutation(api.judging.respond);
  const toast = useToast();
  const answer = (accept: boolean) =>
    respond({ challengeId, accept })
      .then(() => toast.success(accept ? "審査員を引き受けました" : "審査員の招待を辞退しました"))
      .catch((error: unknown) => toast.error(readServerError(error).message));
  return (
    <section
      aria-label="審査員の招待"
      className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-zinc-800">
        {declined ? "審査員の招待を辞退しました。" : "このチャレンジの審査員に招待されています。審査員は応募できません。"}
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void answer(true)}>
          <Check aria-hidden />
          承諾する
        </Button>
        {!declined && (
          <Button size="sm" variant="outline" onClick={() => void answer(false)}>
            辞退する
          </Button>
        )}
      </div>
    </section>
  );
}

function ScoreSheet({ challengeId, judging }: { challengeId: Id<"challenges">; judging: JudgingInput }) {
  const sheet = usePaginatedQuery(api.judging.scoreSheet, { challengeId }, { initialNumItems: 20 });
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {sheet.results.map((row) => (
          <li key={row.submissionId}>
            <ScoreRow row={row} judging={judging} />
          </li>
        ))}
      </ul>
      {sheet.status === "CanLoadMore" && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => sheet.loadMore(20)}>
          さらに表示
        </Button>
      )}
    </div>
  );
}

type SheetRow = { submissionId: Id<"challengeSubmissions">; title: string; scores: number[] | null; comment: string };

function ScoreRow({ row, judging }: { row: SheetRow; judging: JudgingInput }) {
  const score = useMutation(api.judging.score);
  const toast = useToast();
  const [scores, setScores] = useState<number[]>(row.scores ?? judging.criteria.map(() => 3));
  const [comment, setComment] = useState(row.comment);
  const [busy, setBusy] = useState(false);
  return (
    <form
      aria-label={`「${row.title}」の採点`}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        score({ submissionId: row.submissionId, scores, comment })
          .then(() => toast.success("採点を保存しました"))
          .catch((error: unknown) => toast.error(readServerError(error).message))
          .finally(() => setBusy(false));
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold text-zinc-900">{row.title}</p>
        {row.scores && <span className="text-xs text-emerald-700">採点済み</span>}
      </div>
      <div className="flex flex-wrap gap-3">
        {judging.criteria.map((criterion, index) => (
          <label key={criterion.name} className="flex items-center gap-2 text-sm whitespace-nowrap text-zinc-700">
            {criterion.name}
            <select
              className={`${fieldClassName} h-10 w-20`}
              value={scores[index]}
              onChange={(event) => setScores((current) => current.map((s, i) => (i === index ? Number(event.target.value) : s)))}
            >
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <Textarea
        aria-label={`「${row.title}」へのコメント（応募者に届きます・任意）`}
        placeholder="応募者へのコメント（任意）"
        rows={2}
        maxCount={JUDGING_LIMITS.commentMax}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button type="submit" size="sm" loading={busy} className="self-end">
        採点を保存
      </Button>
    </form>
  );
}
