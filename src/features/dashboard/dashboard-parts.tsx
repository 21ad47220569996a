// Pieces both dashboard pages share: the period switch (?days=7|30|90) with the CSV button, the
// totals with their change, the charts, and the signed-out note.
import { ArrowDownRight, ArrowUpRight, Download, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SegmentedGroup, segmentClass } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { downloadCsv } from "@/lib/csv";
import { useNow } from "@/lib/use-now";
import { japanDate } from "../../../convex/model/japanTime";
import { FigureChart } from "./figure-chart";
import {
  changeText,
  changeTone,
  dailyCsv,
  formatNumber,
  PERIODS,
  periodOf,
  totalsOf,
  type DayRow,
  type FigureDef,
  type PeriodDays,
  type Totals,
} from "./figures";

/** Today in Japan, moving on at midnight while the page stays open. */
export function useJapanToday(): string {
  return japanDate(useNow());
}

export function usePeriod(): [PeriodDays, (days: PeriodDays) => void] {
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get("days"));
  const setDays = (next: PeriodDays) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 7) copy.delete("days");
        else copy.set("days", String(next));
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );
  return [days, setDays];
}

export const periodLabel = (days: PeriodDays) => PERIODS.find((p) => p.days === days)!.label;

export function PeriodSwitch({ days, onChange }: { days: PeriodDays; onChange: (days: PeriodDays) => void }) {
  return (
    <SegmentedGroup label="期間">
      {PERIODS.map((period) => (
        <button
          key={period.days}
          type="button"
          aria-pressed={period.days === days}
          className={segmentClass(period.days === days)}
          onClick={() => onChange(period.days)}
        >
          {period.label}
        </button>
      ))}
    </SegmentedGroup>
  );
}

function ChangeBadge({ current, previous }: { current: number; previous: number }) {
  const tone = changeTone(current, previous);
  const Icon = tone === "up" ? ArrowUpRight : tone === "down" ? ArrowDownRight : Minus;
  const colour = tone === "up" ? "text-emerald-700" : tone === "down" ? "text-rose-700" : "text-zinc-600";
  return (
    <p className={`flex items-center gap-1 text-xs ${colour}`}>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span>
        前の期間と比べて <span className="font-semibold">{changeText(current, previous)}</span>
      </span>
    </p>
  );
}

export function SummaryCards({
  figures,
  series,
  previous,
}: {
  figures: readonly FigureDef[];
  series: readonly DayRow[];
  previous: Totals;
}) {
  const totals = totalsOf(series);
  const today = series.at(-1);
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {figures.map((figure) => (
        <li key={figure.key}>
          <Card className="flex h-full flex-col gap-1.5 p-4" data-testid={`total-${figure.key}`}>
            <p className="text-xs font-semibold text-zinc-600 sm:text-sm">{figure.label}</p>
            <p className="text-2xl font-bold tabular-nums text-zinc-900 sm:text-3xl">{formatNumber(totals[figure.key])}</p>
            <ChangeBadge current={totals[figure.key]} previous={previous[figure.key]} />
            <p className="text-xs text-zinc-500">
              今日{" "}
              <span className="font-semibold tabular-nums text-zinc-700" data-testid={`today-${figure.key}`}>
                {formatNumber(today?.[figure.key] ?? 0)}
              </span>
              {figure.lost && (
                <>
                  {" ・ "}
                  {figure.lostLabel} <span className="tabular-nums">{formatNumber(totals[figure.lost])}</span>
                </>
              )}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function SummarySkeleton({ count }: { count: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Skeleton className="h-[7.5rem]" />
        </li>
      ))}
    </ul>
  );
}

export function FigureCharts({ figures, series, days }: { figures: readonly FigureDef[]; series: readonly DayRow[]; days: PeriodDays }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {figures.map((figure) => (
        <FigureChart key={figure.key} figure={figure} series={series} periodLabel={periodLabel(days)} />
      ))}
    </div>
  );
}

export function ChartsSkeleton({ count }: { count: number }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-[15.5rem] rounded-2xl" />
      ))}
    </div>
  );
}

export function CsvButton({ fileName, series, figures }: { fileName: string; series: readonly DayRow[]; figures: readonly FigureDef[] }) {
  return (
    <Button variant="outline" size="sm" onClick={() => downloadCsv(fileName, dailyCsv(series, figures))}>
      <Download aria-hidden />
      CSVをダウンロード
    </Button>
  );
}

export function SignedOutNote() {
  return (
    <EmptyState
      title="ダッシュボードを見るにはログインが必要です"
      description="作品の閲覧数やいいねの推移は、ログインした本人だけが見られます。"
      action={<SignInButton size="md" />}
    />
  );
}

type PeriodData = { series: DayRow[]; previous: Totals };

/** The period switch, and the CSV of the period's days once they have arrived. */
export function PeriodToolbar({
  days,
  onChange,
  period,
  figures,
  csvFileName,
}: {
  days: PeriodDays;
  onChange: (days: PeriodDays) => void;
  period: PeriodData | undefined;
  figures: readonly FigureDef[];
  csvFileName: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <PeriodSwitch days={days} onChange={onChange} />
      {period && <CsvButton fileName={csvFileName} series={period.series} figures={figures} />}
    </div>
  );
}

/** A titled part of a dashboard page. */
export function DashboardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-bold text-zinc-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** 合計: each figure's total with its change, or skeletons of the same size while loading. */
export function TotalsSection({ period, figures }: { period: PeriodData | undefined; figures: readonly FigureDef[] }) {
  return (
    <DashboardSection id="totals-heading" title="合計">
      {period ? (
        <SummaryCards figures={figures} series={period.series} previous={period.previous} />
      ) : (
        <SummarySkeleton count={figures.length} />
      )}
    </DashboardSection>
  );
}

/** 日ごとの推移: a chart of each figure, or skeletons of the same size while loading. */
export function ChartsSection({
  period,
  figures,
  days,
}: {
  period: PeriodData | undefined;
  figures: readonly FigureDef[];
  days: PeriodDays;
}) {
  return (
    <DashboardSection id="charts-heading" title="日ごとの推移">
      {period ? <FigureCharts figures={figures} series={period.series} days={days} /> : <ChartsSkeleton count={figures.length} />}
    </DashboardSection>
  );
}
