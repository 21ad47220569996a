import { optimisticallyUpdateValueInPaginatedQuery, useMutation, usePaginatedQuery } from "convex/react";
import { Crown, Heart, ImageOff, Trophy } from "lucide-react";
import { useState } from "react";
import { api } from "../../../../convex/_generated/api";
import { CHALLENGE_MESSAGES } from "../../../../convex/model/challengeTerms";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/use-toast";
import { AuthorByline } from "@/components/works/author-byline";
import { CARD_IMAGE_PROPS } from "@/components/works/card-image";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { AWARD_LABELS } from "@/lib/award-labels";
import { readServerError } from "@/lib/convex-error";
import { formatNumber } from "@/lib/i18n/format";
import { useViewer } from "@/lib/use-viewer";
import type { ChallengeDetail, ChallengeEntry } from "./challenge-types";
import { toggledVote } from "./vote-state";

const PAGE_SIZE = 24;

/** The submitted works: vote buttons while voting, counts and the trophy after. */
export function EntriesGrid({ challenge }: { challenge: ChallengeDetail }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.challenges.entries,
    { challengeId: challenge._id },
    { initialNumItems: PAGE_SIZE },
  );
  // Hidden counts: the server sends each viewer their own shuffled order, not the votes order.
  const ordering =
    challenge.status === "active" ? "新しい順" : challenge.countsHidden ? "ランダム順（投票数は終了まで非公開）" : "得票数順";
  return (
    <section aria-labelledby="entries-heading" className="flex flex-col gap-4">
      <div className="flex items-end justify-between gap-3">
        <h2 id="entries-heading" className="text-xl font-bold text-zinc-900">
          提出作品 <span className="text-base font-semibold text-zinc-500">{formatNumber(challenge.submissionsCount)}件</span>
        </h2>
        <span className="text-xs text-zinc-500">{ordering}</span>
      </div>
      {status === "LoadingFirstPage" ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/3] rounded-2xl" />
          ))}
        </div>
      ) : results.length === 0 ? (
        <EmptyState
          icon={<Trophy aria-hidden />}
          title="まだ提出作品はありません"
          description={challenge.status === "active" ? "最初の作品を提出してみましょう！" : undefined}
        />
      ) : (
        <ul aria-label="提出作品" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {results.map((entry) => (
            <li key={entry._id} className="flex">
              <EntryCard entry={entry} challenge={challenge} />
            </li>
          ))}
        </ul>
      )}
      {status === "CanLoadMore" && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => loadMore(PAGE_SIZE)}>
            もっと見る
          </Button>
        </div>
      )}
      {status === "LoadingMore" && (
        <div className="flex justify-center">
          <Button variant="outline" loading>
            読み込み中…
          </Button>
        </div>
      )}
    </section>
  );
}

function EntryCard({ entry, challenge }: { entry: ChallengeEntry; challenge: ChallengeDetail }) {
  const { work } = entry;
  const showVotes = challenge.status !== "active";
  return (
    <Card
      className={cn(
        "group relative flex w-full min-w-0 flex-col overflow-hidden transition-shadow focus-within:shadow-md hover:shadow-md",
        entry.isWinner && "ring-2 ring-amber-400",
      )}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-zinc-100">
        {work.thumbnailUrl ? (
          <img
            src={work.thumbnailUrl}
            alt=""
            {...CARD_IMAGE_PROPS}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-zinc-400">
            <ImageOff aria-hidden className="size-8" />
          </span>
        )}
        {entry.isWinner && (
          <Badge color="yellow" className="absolute top-3 left-3 shadow-sm">
            <Trophy aria-hidden />
            優勝
          </Badge>
        )}
        {entry.award && (
          <Badge color="purple" className="absolute top-3 left-3 shadow-sm">
            <Trophy aria-hidden />
            {AWARD_LABELS[entry.award]}
          </Badge>
        )}
        {entry.isOwn && <Badge className="absolute top-3 right-3 bg-white/90 shadow-sm">あなたの作品</Badge>}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-1 font-bold text-zinc-900">
          <Link
            to={paths.project(work._id)}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600"
          >
            {work.title}
          </Link>
        </h3>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-zinc-100 pt-3">
          <AuthorByline author={work.author} />
          {showVotes && <VoteButton entry={entry} challenge={challenge} />}
        </div>
        {challenge.status === "voting" && challenge.viewer?.isOrganiser && <PickWinner entry={entry} challenge={challenge} />}
      </div>
    </Card>
  );
}

function VoteButton({ entry, challenge }: { entry: ChallengeEntry; challenge: ChallengeDetail }) {
  const toast = useToast();
  const { status } = useViewer();
  const vote = useMutation(api.challenges.toggleVote).withOptimisticUpdate((store, { submissionId }) => {
    optimisticallyUpdateValueInPaginatedQuery(store, api.challenges.entries, { challengeId: challenge._id }, (item) =>
      item._id === submissionId ? toggledVote(item) : item,
    );
  });
  const votable = challenge.status === "voting" && !entry.isOwn;
  const count = entry.votesCount === null ? "" : ` ${entry.votesCount}票`;
  const label = `投票${count}${entry.isOwn && challenge.status === "voting" ? "（自分の作品）" : ""}`;

  const onClick = () => {
    if (status === "signedOut") {
      toast.error(CHALLENGE_MESSAGES.voteSignIn);
      return;
    }
    // Convex drops the optimistic value by itself when the server refuses (the rollback).
    vote({ submissionId: entry._id }).catch((error: unknown) => {
      const { message, code } = readServerError(error, CHALLENGE_MESSAGES.voteFailed);
      // A refusal says why (the voting rules, one's own entry, going too fast); a crash does not.
      toast.error(code !== null ? message : CHALLENGE_MESSAGES.voteFailed);
    });
  };

  if (!votable) {
    if (entry.votesCount === null) return null;
    return (
      <span className="relative z-10 inline-flex h-9 shrink-0 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-zinc-600">
        <span className="sr-only">{label}</span>
        <Heart aria-hidden className="size-4" />
        <span aria-hidden className="tabular-nums">
          {formatNumber(entry.votesCount)}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={entry.viewerVoted}
      // With counts hidden the visible 投票 / 投票済み is the whole name.
      aria-label={entry.votesCount === null ? undefined : label}
      onClick={onClick}
      className={cn(
        "relative z-10 inline-flex h-9 shrink-0 items-center gap-1.5 rounded-xl border px-3 text-sm font-semibold transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        entry.viewerVoted
          ? "border-brand-300 bg-brand-50 text-brand-700 hover:bg-brand-100"
          : "border-zinc-300 bg-white text-zinc-800 hover:border-zinc-400 hover:bg-zinc-50",
      )}
    >
      <Heart aria-hidden className={cn("size-4", entry.viewerVoted && "fill-brand-500 text-brand-500")} />
      <span>{entry.viewerVoted ? "投票済み" : "投票"}</span>
      {entry.votesCount !== null && <span className="tabular-nums">{formatNumber(entry.votesCount)}</span>}
    </button>
  );
}

function PickWinner({ entry, challenge }: { entry: ChallengeEntry; challenge: ChallengeDetail }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const selectWinner = useMutation(api.challenges.selectWinner);
  return (
    <>
      <Button variant="outline" size="sm" className="relative z-10 w-full" onClick={() => setConfirming(true)}>
        <Crown aria-hidden />
        優勝者に選ぶ
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CHALLENGE_MESSAGES.winnerConfirm}
        description={`「${entry.work.title}」（${entry.work.author.displayName}）`}
        confirmLabel="優勝者に決定"
        tone="danger"
        onConfirm={async () => {
          try {
            await selectWinner({ challengeId: challenge._id, submissionId: entry._id });
            toast.success(CHALLENGE_MESSAGES.winnerSelected);
          } catch (error) {
            toast.error(readServerError(error).message);
            throw error;
          }
        }}
      />
    </>
  );
}
