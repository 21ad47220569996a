// One figure over the period: a bar chart for the eye (recharts, loaded only here and only when
// the dashboard opens) and the same numbers as a table for screen readers. The chart's box has a
// fixed height, so nothing moves when the library arrives.
import { lazy, Suspense } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useHydrated } from "@/lib/use-hydrated";
import { formatNumber, longDay, type DayRow, type FigureDef } from "./figures";

const FigureBarChart = lazy(() => import("./bar-chart"));

export function FigureChart({ figure, series, periodLabel }: { figure: FigureDef; series: readonly DayRow[]; periodLabel: string }) {
  const hydrated = useHydrated();
  const headingId = `chart-${figure.key}`;
  return (
    <Card className="relative flex min-w-0 flex-col gap-3 p-4 sm:p-5" aria-labelledby={headingId} role="region">
      <h3 id={headingId} className="text-sm font-bold text-zinc-900">
        {figure.label}
        <span className="ml-2 text-xs font-normal text-zinc-500">{periodLabel}</span>
      </h3>
      <div className="h-44 w-full" aria-hidden data-testid={`chart-${figure.key}`}>
        {hydrated ? (
          <Suspense fallback={<Skeleton className="size-full rounded-lg" />}>
            <FigureBarChart figure={figure} series={series} />
          </Suspense>
        ) : (
          <Skeleton className="size-full rounded-lg" />
        )}
      </div>
      <table className="sr-only">
        <caption>
          {figure.label}（{periodLabel}、日ごと）
        </caption>
        <thead>
          <tr>
            <th scope="col">日付</th>
            <th scope="col">{figure.label}</th>
            {figure.lost && <th scope="col">{figure.lostLabel}</th>}
          </tr>
        </thead>
        <tbody>
          {series.map((row) => (
            <tr key={row.day}>
              <th scope="row">{longDay(row.day)}</th>
              <td>{formatNumber(row[figure.key])}</td>
              {figure.lost && <td>{formatNumber(row[figure.lost])}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
