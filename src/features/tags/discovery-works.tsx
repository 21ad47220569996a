import { usePaginatedQuery } from "convex/react";
import { SearchX } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkCard } from "@/components/works/work-card";
import { useNow } from "@/lib/use-now";
import type { DiscoveryFilters } from "./discovery-params";

export const PAGE_SIZE = 20;

export type WorksSource = { tag: string } | { tool: string };

/** A tag's or a tool's works, 20 at a time, as a grid of cards. */
export function DiscoveryWorks({ source, filters, onShowAll }: { source: WorksSource; filters: DiscoveryFilters; onShowAll: () => void }) {
  const args = { ...filters };
  const tagQuery = usePaginatedQuery(api.tags.works, "tag" in source ? { tag: source.tag, ...args } : "skip", {
    initialNumItems: PAGE_SIZE,
  });
  const toolQuery = usePaginatedQuery(api.tools.works, "tool" in source ? { tool: source.tool, ...args } : "skip", {
    initialNumItems: PAGE_SIZE,
  });
  const { results, status, loadMore } = "tag" in source ? tagQuery : toolQuery;
  const now = useNow();

  if (status === "LoadingFirstPage") return <WorksSkeleton />;
  if (results.length === 0) {
    return filters.zeroCode ? (
      <EmptyState
        icon={<SearchX aria-hidden />}
        title="ゼロコードの作品はまだありません"
        action={
          <Button variant="outline" onClick={onShowAll}>
            すべての作品を表示
          </Button>
        }
      />
    ) : (
      <EmptyState title="まだ作品がありません" description="この条件の作品が投稿されると、ここに表示されます。" />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="作品一覧">
        {results.map((work) => (
          <li key={work._id} className="flex [&>*]:flex-1">
            <WorkCard work={work} now={now} />
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="flex justify-center">
          <Button variant="outline" size="lg" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)} className="min-w-48">
            もっと見る
          </Button>
        </div>
      )}
    </div>
  );
}

function WorksSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="読み込み中">
      {Array.from({ length: 6 }, (_, n) => (
        <li key={n} className="overflow-hidden rounded-2xl border border-zinc-200 bg-white">
          <Skeleton shape="square" className="aspect-[16/10]" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
