import { useCallback, type ReactNode } from "react";
import { useQuery } from "convex/react";
import { Layers, Sparkles, Eye } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { PageContainer } from "@/components/layout/page-container";
import { feedPaths } from "../../../convex/model/feedLinks";
import { FeedLink } from "@/components/feed-link";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/i18n/format";
import { clearFilters, toGalleryParams, type GalleryFilters } from "./gallery-params";
import { BrowseResults, SearchResults, type ShownCount } from "./gallery-results";
import { GalleryToolbar, ResultsControls } from "./gallery-toolbar";
import { useGalleryFilters } from "./use-gallery-filters";

export function GalleryPage() {
  const [filters, setFilters] = useGalleryFilters();
  const change = useCallback((update: Partial<GalleryFilters>) => setFilters(update), [setFilters]);
  const clear = useCallback(() => setFilters(clearFilters), [setFilters]);
  // Sort and view do not change what matches; everything else starts a fresh result list.
  const resultsKey = toGalleryParams({ ...filters, view: "grid" }).toString();

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title={filters.search ? `「${filters.search}」の検索結果` : "作品を探す"} />
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">作品を探す</h1>
          <FeedLink path={feedPaths.works()} title="バイブギャラリーの新着作品" />
        </div>
        <p className="mt-2 text-sm text-zinc-600 sm:text-base">
          AIと一緒につくられた作品を、キーワードやジャンル、使ったAIツールで探せます。
        </p>
      </div>
      <GalleryToolbar filters={filters} onChange={change} onClear={clear} />
      <QueryErrorBoundary resetKey={resultsKey}>
        <GalleryResults key={resultsKey} filters={filters} onChange={change} onClear={clear} />
      </QueryErrorBoundary>
    </PageContainer>
  );
}

type GalleryResultsProps = {
  filters: GalleryFilters;
  onChange: (update: Partial<GalleryFilters>) => void;
  onClear: () => void;
};

/** Tiles (作品数, ゼロコード作品, 表示中), sort and view controls, then the matching works. */
function GalleryResults({ filters, onChange, onClear }: GalleryResultsProps) {
  const summary = useQuery(api.projects.summary, {});
  // Without search text the summary already knows some totals exactly.
  const knownTotal =
    summary && !filters.search && !filters.genre && !filters.aiTool ? (filters.zeroCode ? summary.zeroCode : summary.total) : undefined;

  const header = (shown: ShownCount) => {
    const total = shown?.total ?? knownTotal;
    return (
      <div className="mb-5 flex flex-col gap-4">
        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          <Tile icon={<Layers aria-hidden />} label="作品数" value={summary?.total} />
          <Tile
            icon={<Sparkles aria-hidden />}
            label={
              <>
                ゼロコード<span className="max-sm:hidden">作品</span>
              </>
            }
            value={summary?.zeroCode}
          />
          <Tile icon={<Eye aria-hidden />} label="表示中" value={shown?.count} suffix="件" />
        </dl>
        {/* Stacked on phones: side by side, whether they fit would depend on the count's text. */}
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <p className="text-sm text-zinc-600" aria-live="polite">
            {shown === undefined
              ? "読み込み中…"
              : total !== undefined && shown.count >= total
                ? `全${formatNumber(total)}件`
                : total !== undefined
                  ? `${formatNumber(total)}件中 ${formatNumber(shown.count)}件を表示`
                  : `${formatNumber(shown.count)}件を表示`}
          </p>
          <ResultsControls sort={filters.sort} view={filters.view} onChange={onChange} />
        </div>
      </div>
    );
  };

  const props = { filters, onClear, header };
  return filters.search ? <SearchResults {...props} /> : <BrowseResults {...props} />;
}

function Tile({ icon, label, value, suffix = "" }: { icon: ReactNode; label: ReactNode; value?: number; suffix?: string }) {
  return (
    // dt and dd sit directly in the group (a dl allows nothing else); the grid lays them out.
    <div className="grid grid-cols-[minmax(0,1fr)] content-center rounded-2xl border border-zinc-200 bg-white p-3 shadow-xs sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-3 sm:p-4">
      <span
        aria-hidden
        className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:row-span-2 sm:inline-flex sm:self-center [&_svg]:size-5"
      >
        {icon}
      </span>
      <dt className="truncate text-xs text-zinc-500 sm:self-end sm:text-sm">{label}</dt>
      {/* A fixed height: the figure's line (digits and 件 in different fonts) is taller than its skeleton. */}
      <dd className="h-7 text-lg font-bold tabular-nums text-zinc-900 sm:h-8 sm:self-start sm:text-2xl">
        {value === undefined ? <Skeleton className="mt-1 h-6 w-12" /> : `${formatNumber(value)}${suffix}`}
      </dd>
    </div>
  );
}
