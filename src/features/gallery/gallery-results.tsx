import { useState, type ReactNode } from "react";
import { usePaginatedQuery, useQuery } from "convex/react";
import { SearchX } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkCard, type WorkCardData } from "@/components/works/work-card";
import { WorkGridSkeleton } from "@/components/works/work-grid";
import { WorkListItem } from "@/components/works/work-list-item";
import { paths } from "@/config/paths";
import { formatNumber } from "@/lib/i18n/format";
import { useLoadedCountMemory } from "@/lib/use-loaded-count-memory";
import { useNow } from "@/lib/use-now";
import { earlyCardBackdrops, earlyGalleryPictures } from "./early-pictures";
import { hasActiveFilters, queryFilterArgs, type GalleryFilters } from "./gallery-params";

export const PAGE_SIZE = 20;

type ResultsProps = {
  filters: GalleryFilters;
  onClear: () => void;
  /** Receives how many works match (known exactly for search, "loaded so far" otherwise). */
  header: (shown: ShownCount) => ReactNode;
};
export type ShownCount = { count: number; total?: number } | undefined;

/** Browsing without search text: the exact paginated list, 20 at a time. */
export function BrowseResults({ filters, onClear, header }: ResultsProps) {
  const { results, status, loadMore } = usePaginatedQuery(api.projects.list, queryFilterArgs(filters), {
    initialNumItems: PAGE_SIZE,
  });
  useLoadedCountMemory({
    listId: "gallery",
    loaded: results.length,
    canLoadMore: status === "CanLoadMore",
    loadMore: () => loadMore(PAGE_SIZE),
  });
  if (status === "LoadingFirstPage")
    return (
      <>
        {header(undefined)}
        <ResultsSkeleton filters={filters} />
      </>
    );
  return (
    <>
      {header({ count: results.length, ...(status === "Exhausted" ? { total: results.length } : {}) })}
      <WorkResults
        works={results}
        filters={filters}
        onClear={onClear}
        canLoadMore={status === "CanLoadMore" || status === "LoadingMore"}
        loadingMore={status === "LoadingMore"}
        onLoadMore={() => loadMore(PAGE_SIZE)}
      />
    </>
  );
}

/** With search text: the server returns the top `limit` matches; もっと見る raises the limit. */
export function SearchResults({ filters, onClear, header }: ResultsProps) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const result = useQuery(api.projects.search, { search: filters.search, ...queryFilterArgs(filters), limit });
  // Keep showing the shorter list while the longer one loads, instead of flashing a skeleton.
  const [shown, setShown] = useState(result);
  if (result !== undefined && result !== shown) setShown(result);
  const current = result ?? shown;

  if (current === undefined)
    return (
      <>
        {header(undefined)}
        <ResultsSkeleton filters={filters} />
      </>
    );
  const reachable = current.capped ? Math.min(current.total, current.cap) : current.total;
  return (
    <>
      {header({ count: current.items.length, total: current.total })}
      {current.capped && (
        <p role="status" className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          検索結果が多すぎるため、上位{formatNumber(current.cap)}件から表示しています。キーワードを絞り込んでください。
        </p>
      )}
      <WorkResults
        works={current.items}
        filters={filters}
        onClear={onClear}
        canLoadMore={current.items.length < reachable}
        loadingMore={result === undefined}
        onLoadMore={() => setLimit(current.items.length + PAGE_SIZE)}
      />
    </>
  );
}

type WorkResultsProps = {
  works: WorkCardData[];
  filters: GalleryFilters;
  onClear: () => void;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

function WorkResults({ works, filters, onClear, canLoadMore, loadingMore, onLoadMore }: WorkResultsProps) {
  const now = useNow();
  // The early pictures are the places' first works: a work that moves to a place later has another.
  const [firstAtPlace] = useState(() => works.map((work) => work._id));
  const backdrops = earlyCardBackdrops(filters);
  if (works.length === 0) {
    return hasActiveFilters(filters) ? (
      <EmptyState
        icon={<SearchX aria-hidden />}
        title="条件に一致する作品が見つかりませんでした"
        description="キーワードを変えるか、絞り込みをクリアしてもう一度お試しください。"
        action={
          <Button variant="outline" onClick={onClear}>
            絞り込みをクリア
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="まだ作品がありません"
        description="最初の作品を投稿してみませんか？"
        action={<ButtonLink to={paths.submit()}>作品を投稿する</ButtonLink>}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {/* The cards' titles are h3s: this keeps the outline whole for screen readers. */}
      <h2 className="sr-only">作品一覧</h2>
      {filters.view === "grid" ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="作品一覧">
          {works.map((work, position) => (
            <li key={work._id} className="flex [&>*]:flex-1">
              <WorkCard
                work={work}
                now={now}
                position={position}
                backdrop={firstAtPlace[position] === work._id ? backdrops[position] : undefined}
              />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="作品一覧">
          {works.map((work, position) => (
            <li key={work._id}>
              <WorkListItem work={work} now={now} position={position} />
            </li>
          ))}
        </ul>
      )}
      {canLoadMore && (
        <div className="flex justify-center">
          <Button variant="outline" size="lg" loading={loadingMore} onClick={onLoadMore} className="min-w-48">
            もっと見る
          </Button>
        </div>
      )}
    </div>
  );
}

export function ResultsSkeleton({ filters }: { filters: GalleryFilters }) {
  const items = Array.from({ length: 6 }, (_, n) => n);
  if (filters.view === "list") {
    return (
      <ul className="flex flex-col gap-3" aria-busy="true" aria-label="読み込み中">
        {items.map((n) => (
          <li key={n}>
            <Skeleton className="h-28 rounded-2xl sm:h-36" />
          </li>
        ))}
      </ul>
    );
  }
  return <WorkGridSkeleton count={items.length} earlyPictures={earlyGalleryPictures(filters)} />;
}
