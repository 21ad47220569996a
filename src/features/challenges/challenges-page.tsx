import { Plus } from "lucide-react";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { ButtonLink } from "@/components/ui/button";
import { SegmentedGroup, segmentClass } from "@/components/ui/segmented";
import { paths } from "@/config/paths";
import { useViewer } from "@/lib/use-viewer";
import { CHALLENGE_FILTERS, FILTER_LABELS, ORDER_NOTES } from "./challenge-filter";
import { ChallengeList } from "./challenge-list";
import { ChallengeSummary } from "./challenge-summary";
import { useChallengeFilter } from "./use-challenge-filter";

/** /challenges: the counters, the status filter (?status=) and the list of challenges. */
export function ChallengesPage() {
  const [filter, setFilter] = useChallengeFilter();
  const signedIn = useViewer().status === "signedIn";

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title="チャレンジ" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">チャレンジ</h1>
          <p className="mt-2 text-sm text-zinc-600 sm:text-base">
            テーマに沿って作品をつくり、みんなの投票で優勝を決めるコミュニティ企画です。
          </p>
        </div>
        {signedIn && (
          <ButtonLink to={paths.challengeCreate()} className="self-start sm:self-auto">
            <Plus aria-hidden />
            チャレンジを作成
          </ButtonLink>
        )}
      </div>
      <QueryErrorBoundary>
        <ChallengeSummary />
      </QueryErrorBoundary>
      {/* A filter of one list, like the gallery's sort: pressed buttons, not tabs and panels. */}
      <div>
        <SegmentedGroup label="チャレンジの状態で絞り込む">
          {CHALLENGE_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={segmentClass(filter === value)}
            >
              {FILTER_LABELS[value]}
            </button>
          ))}
        </SegmentedGroup>
        <p className="mt-4 mb-4 text-sm text-zinc-500">{ORDER_NOTES[filter]}</p>
        <QueryErrorBoundary resetKey={filter}>
          <ChallengeList key={filter} filter={filter} canCreate={signedIn} onShowAll={() => setFilter("all")} />
        </QueryErrorBoundary>
      </div>
    </PageContainer>
  );
}
