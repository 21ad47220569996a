import { usePaginatedQuery } from "convex/react";
import { SearchX } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMoreButton, WorkGrid, WorkGridSkeleton } from "@/components/works/work-grid";
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

  if (status === "LoadingFirstPage") return <WorkGridSkeleton />;
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
      <WorkGrid works={results} now={now} label="作品一覧" />
      <LoadMoreButton status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}
