import { useMutation, useQuery } from "convex/react";
import { Crown, ListOrdered } from "lucide-react";
import { useState } from "react";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { CHALLENGE_MESSAGES } from "../../../../convex/model/challengeTerms";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fieldClassName } from "@/components/ui/input";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ShareButton } from "@/components/share-button";
import { readServerError } from "@/lib/convex-error";
import { challengeResultsShareUrl } from "@/lib/share-link";
import { useResultsCardSender } from "../results-card/use-results-card-sender";
import type { ChallengeDetail } from "./challenge-types";

const points = (value: number) => value.toFixed(1);

/**
 * For the organiser while voting: the computed ranking (judges, votes, combined, ties explained)
 * and the decision itself — the winner and, if they wish, a 優秀賞 and a 特別賞. After the end,
 * everyone gets the way to the results and their share link.
 */
export function DecisionPanel({ challenge }: { challenge: ChallengeDetail }) {
  if (challenge.status === "ended") {
    return (
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={paths.challengeResults(challenge._id)} variant="outline">
          <ListOrdered aria-hidden />
          結果を見る
        </ButtonLink>
        <ShareButton url={challengeResultsShareUrl(challenge._id)} title={`「${challenge.title}」結果発表`} />
      </div>
    );
  }
  if (challenge.status !== "voting" || !challenge.viewer?.isOrganiser) return null;
  return <Ranking challengeId={challenge._id} />;
}

function Ranking({ challengeId }: { challengeId: Id<"challenges"> }) {
  const ranking = useQuery(api.challengeResults.ranking, { challengeId });
  const select = useMutation(api.challenges.selectWinner);
  const sendResultsCard = useResultsCardSender();
  const toast = useToast();
  const [winner, setWinner] = useState("");
  const [excellence, setExcellence] = useState("");
  const [special, setSpecial] = useState("");
  const [confirming, setConfirming] = useState(false);
  if (!ranking) return null;
  const judged = ranking.judging !== null;
  const options = ranking.rows.map((row) => ({ value: row.submissionId, label: `${row.rank}位 ${row.title}（${row.author}）` }));
  const picker = (label: string, value: string, onChange: (value: string) => void, optional: boolean) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
      {label}
      <select className={`${fieldClassName} h-11`} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{optional ? "なし" : "選択してください"}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <section aria-labelledby="ranking-heading" className="flex flex-col gap-3">
        <h2 id="ranking-heading" className="flex items-center gap-2 text-lg font-bold text-zinc-900">
          <ListOrdered aria-hidden className="size-5 text-brand-600" />
          現在の順位
        </h2>
        <p className="text-sm text-zinc-600">
          {judged
            ? `総合 = 審査員 ${ranking.judging!.judgeWeight}%（平均点を5点満点で100点に換算）+ 投票 ${100 - ranking.judging!.judgeWeight}%（最多得票の作品を100とした割合）。`
            : "投票数の順です（最多得票の作品を100とした割合）。"}
          同点は投票数、次に応募が早い順で決めます。
        </p>
        {ranking.countsHidden && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            投票数は投票の締め切りまで非公開です。いまは審査員の採点だけで並べています。
          </p>
        )}
        {/* Focusable, so a keyboard can scroll the table sideways on a phone. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="順位表">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-zinc-200 text-xs text-zinc-600">
              <tr>
                <th scope="col" className="py-2 pr-2">
                  順位
                </th>
                <th scope="col" className="py-2 pr-2">
                  作品
                </th>
                {judged && (
                  <th scope="col" className="py-2 pr-2">
                    審査員平均
                  </th>
                )}
                <th scope="col" className="py-2 pr-2">
                  投票
                </th>
                <th scope="col" className="py-2">
                  総合
                </th>
              </tr>
            </thead>
            <tbody>
              {ranking.rows.map((row) => (
                <tr key={row.submissionId} className="border-b border-zinc-100 align-top">
                  <td className="py-2 pr-2 font-bold tabular-nums">{row.rank}</td>
                  <td className="py-2 pr-2">
                    <span className="font-medium text-zinc-900">{row.title}</span>
                    <span className="block text-xs text-zinc-600">{row.author}</span>
                    {row.tieNote && <span className="block text-xs text-amber-700">{row.tieNote}</span>}
                  </td>
                  {judged && (
                    <td className="py-2 pr-2 tabular-nums">
                      {row.judgeAverage === null ? "未採点" : `${row.judgeAverage.toFixed(2)}（${points(row.judgePoints)}点）`}
                    </td>
                  )}
                  <td className="py-2 pr-2 tabular-nums">
                    {row.votes === null || row.votePoints === null ? "非公開" : `${row.votes}票（${points(row.votePoints)}点）`}
                  </td>
                  <td className="py-2 font-bold tabular-nums">{points(row.combined)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {ranking.total > ranking.rows.length && (
          <p className="text-xs text-zinc-600">
            上位{ranking.rows.length}件を表示しています（全{ranking.total}件）
          </p>
        )}
      </section>
      <section aria-labelledby="decide-heading" className="flex flex-col gap-3 border-t border-zinc-100 pt-4">
        <h2 id="decide-heading" className="font-bold text-zinc-900">
          受賞作品を決める
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          {picker("優勝", winner, setWinner, false)}
          {picker("優秀賞（任意）", excellence, setExcellence, true)}
          {picker("特別賞（任意）", special, setSpecial, true)}
        </div>
        <Button className="self-start" disabled={!winner} onClick={() => setConfirming(true)}>
          <Crown aria-hidden />
          受賞作品を決定
        </Button>
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CHALLENGE_MESSAGES.winnerConfirm}
        description="決定すると投票と採点が締め切られ、結果が発表されます。"
        confirmLabel="決定する"
        tone="danger"
        onConfirm={async () => {
          try {
            await select({
              challengeId,
              submissionId: winner as Id<"challengeSubmissions">,
              awards: {
                ...(excellence ? { excellence: excellence as Id<"challengeSubmissions"> } : {}),
                ...(special ? { special: special as Id<"challengeSubmissions"> } : {}),
              },
            });
            toast.success(CHALLENGE_MESSAGES.winnerSelected);
            // The results' share card, in the background (nothing waits; a failure shows nothing).
            sendResultsCard(challengeId);
          } catch (error) {
            toast.error(readServerError(error).message);
            throw error;
          }
        }}
      />
    </Card>
  );
}
