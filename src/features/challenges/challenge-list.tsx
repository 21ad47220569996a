import { usePaginatedQuery } from "convex/react";
import { Plus, SearchX, Trophy } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { LIMITS } from "../../../convex/constants";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { paths } from "@/config/paths";
import { useNow } from "@/lib/use-now";
import { ChallengeCard, ChallengeCardSkeleton } from "./challenge-card";
import { listArgs, type ChallengeFilter } from "./challenge-filter";

export const CHALLENGES_PAGE_SIZE = LIMITS.challengesPageSize;

type ChallengeListProps = {
  filter: ChallengeFilter;
  /** Signed-in visitors get the create button in the empty list. */
  canCreate: boolean;
  onShowAll: () => void;
};

/** The challenges of one filter in the server's list order, 12 at a time with もっと見る. */
export function ChallengeList({ filter, canCreate, onShowAll }: ChallengeListProps) {
  const now = useNow();
  const { results, status, loadMore } = usePaginatedQuery(api.challenges.list, listArgs(filter), {
    initialNumItems: CHALLENGES_PAGE_SIZE,
  });

  if (status === "LoadingFirstPage") return <ChallengeListSkeleton />;
  if (results.length === 0) return <EmptyChallenges filter={filter} canCreate={canCreate} onShowAll={onShowAll} />;
  return (
    <div className="flex flex-col gap-8">
      {/* The cards' titles are h3s: this keeps the outline whole for screen readers. */}
      <h2 className="sr-only">チャレンジ一覧</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="チャレンジ一覧">
        {results.map((challenge) => (
          <li key={challenge._id} className="flex [&>*]:flex-1">
            <ChallengeCard challenge={challenge} now={now} />
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="lg"
            loading={status === "LoadingMore"}
            onClick={() => loadMore(CHALLENGES_PAGE_SIZE)}
            className="min-w-48"
          >
            もっと見る
          </Button>
        </div>
      )}
    </div>
  );
}

function EmptyChallenges({ filter, canCreate, onShowAll }: ChallengeListProps) {
  if (filter !== "all") {
    return (
      <EmptyState
        icon={<SearchX aria-hidden />}
        title="該当するチャレンジはありません"
        description="ほかの状態のチャレンジも見てみましょう。"
        action={
          <Button variant="outline" onClick={onShowAll}>
            すべてのチャレンジを見る
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<Trophy aria-hidden />}
      title="チャレンジはまだありません"
      description={canCreate ? "最初のチャレンジを作成してみませんか？" : "新しいチャレンジが始まると、ここに表示されます。"}
      action={
        canCreate && (
          <ButtonLink to={paths.challengeCreate()}>
            <Plus aria-hidden />
            チャレンジを作成
          </ButtonLink>
        )
      }
    />
  );
}

function ChallengeListSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="読み込み中">
      {Array.from({ length: 6 }, (_, n) => (
        <li key={n}>
          <ChallengeCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
