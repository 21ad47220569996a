// The creator's works with their totals over the period, 20 at a time, sorted on the server
// across all their works (newest first, or by a figure: convex/analytics.ts works). The order is
// kept in the address (?sort=), so coming back from a work's view finds it again.
import { usePaginatedQuery } from "convex/react";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { FIGURES, formatNumber, type FigureDef, type PeriodDays } from "./figures";

const PAGE = 20;
type WorkFigureDef = FigureDef & { key: Exclude<FigureDef["key"], "follows"> };
const WORK_FIGURES = FIGURES.filter((figure): figure is WorkFigureDef => !figure.creatorOnly);
export type WorksSort = "newest" | WorkFigureDef["key"];
const DEFAULT_SORT: WorksSort = "views";

export function sortOf(value: string | null): WorksSort {
  return value === "newest" || WORK_FIGURES.some((figure) => figure.key === value) ? (value as WorksSort) : DEFAULT_SORT;
}

function useWorksSort(): [WorksSort, (sort: WorksSort) => void] {
  const [params, setParams] = useSearchParams();
  const setSort = (next: WorksSort) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === DEFAULT_SORT) copy.delete("sort");
        else copy.set("sort", next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );
  return [sortOf(params.get("sort")), setSort];
}

export function WorksTable({ today, days }: { today: string; days: PeriodDays }) {
  const [sort, setSort] = useWorksSort();
  const { results, status, loadMore } = usePaginatedQuery(api.analytics.works, { today, days, sort }, { initialNumItems: PAGE });
  // While another order's (or period's) first page loads, the rows shown stay: no skeleton flash.
  const shown = useRef(results);
  if (status !== "LoadingFirstPage") shown.current = results;
  const rows = status === "LoadingFirstPage" ? shown.current : results;
  if (status === "LoadingFirstPage" && rows.length === 0) return <Skeleton className="h-64 rounded-2xl" />;
  if (rows.length === 0) {
    return <Card className="p-6 text-sm text-zinc-600">まだ作品がありません。作品を投稿すると、ここに作品ごとの数字が並びます。</Card>;
  }
  return (
    <Card className="min-w-0 overflow-hidden">
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too; positioned, so
          the sort buttons' screen-reader text stays inside it instead of widening the page. */}
      <div
        className="relative overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="作品ごとの数字"
        aria-busy={status === "LoadingFirstPage"}
      >
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">作品ごとの数字（並べ替えできます）</caption>
          <thead className="bg-zinc-50 text-left text-xs text-zinc-600">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold" aria-sort={sort === "newest" ? "descending" : "none"}>
                <SortButton active={sort === "newest"} onClick={() => setSort("newest")}>
                  作品
                </SortButton>
              </th>
              {WORK_FIGURES.map((figure) => (
                <th
                  key={figure.key}
                  scope="col"
                  className="px-3 py-2.5 text-right font-semibold"
                  aria-sort={sort === figure.key ? "descending" : "none"}
                >
                  <SortButton active={sort === figure.key} onClick={() => setSort(figure.key)} alignEnd>
                    {figure.label}
                  </SortButton>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {rows.map((row) => (
              <tr key={row.id} className="hover:bg-zinc-50">
                <th scope="row" className="max-w-[16rem] truncate px-4 py-2.5 text-left font-semibold">
                  <Link to={paths.dashboardWork(row.id)} className="text-brand-700 hover:underline">
                    {row.title}
                  </Link>
                </th>
                {WORK_FIGURES.map((figure) => (
                  <td key={figure.key} className="px-3 py-2.5 text-right tabular-nums text-zinc-800">
                    {formatNumber(row.totals[figure.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="border-t border-zinc-100 p-3 text-center">
          <Button variant="ghost" size="sm" disabled={status === "LoadingMore"} onClick={() => loadMore(PAGE)}>
            もっと見る
          </Button>
        </div>
      )}
    </Card>
  );
}

function SortButton({
  active,
  onClick,
  alignEnd,
  children,
}: {
  active: boolean;
  onClick: () => void;
  alignEnd?: boolean;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex items-center gap-1 rounded px-1 py-0.5 whitespace-nowrap hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600 ${alignEnd ? "flex-row-reverse" : ""} ${active ? "text-zinc-900" : ""}`}
    >
      {active ? <ArrowDown aria-hidden className="size-3.5" /> : <ArrowUp aria-hidden className="size-3.5 opacity-0" />}
      {children}
      <span className="sr-only">{active ? "（この列で並べ替え中）" : "で並べ替える"}</span>
    </button>
  );
}
