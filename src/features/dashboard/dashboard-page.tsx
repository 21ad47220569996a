import { useQuery } from "convex/react";
import { Lock } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { LoadingState } from "@/components/ui/spinner";
import { useViewer } from "@/lib/use-viewer";
import {
  ChartsSkeleton,
  CsvButton,
  FigureCharts,
  PeriodSwitch,
  SignedOutNote,
  SummaryCards,
  SummarySkeleton,
  useJapanToday,
  usePeriod,
} from "./dashboard-parts";
import { csvName, FIGURES } from "./figures";
import { WorksTable } from "./works-table";

/**
 * /dashboard: the signed-in creator's own figures over 7 / 30 / 90 Japan days, with the change
 * against the period before, a chart of each figure, a CSV of the days and the works table.
 * Reactive: a like given now shows in today's figure without a reload.
 */
export function DashboardPage() {
  const { status } = useViewer();
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title="ダッシュボード" />
      <div>
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">ダッシュボード</h1>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-zinc-600 sm:text-base">
          <Lock aria-hidden className="size-4 shrink-0 text-zinc-500" />
          あなたの作品の数字です。自分だけが見られます（日付は日本時間）。
        </p>
      </div>
      <QueryErrorBoundary>
        {status === "loading" ? <LoadingState className="min-h-[30vh]" /> : status === "signedIn" ? <Overview /> : <SignedOutNote />}
      </QueryErrorBoundary>
    </PageContainer>
  );
}

function Overview() {
  const today = useJapanToday();
  const [days, setDays] = usePeriod();
  const period = useQuery(api.analytics.overview, { today, days });
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch days={days} onChange={setDays} />
        {period && <CsvButton fileName={csvName("analytics", today, days)} series={period.series} figures={FIGURES} />}
      </div>
      <section aria-labelledby="totals-heading" className="flex flex-col gap-3">
        <h2 id="totals-heading" className="text-lg font-bold text-zinc-900">
          合計
        </h2>
        {period ? (
          <SummaryCards figures={FIGURES} series={period.series} previous={period.previous} />
        ) : (
          <SummarySkeleton count={FIGURES.length} />
        )}
      </section>
      <section aria-labelledby="charts-heading" className="flex flex-col gap-3">
        <h2 id="charts-heading" className="text-lg font-bold text-zinc-900">
          日ごとの推移
        </h2>
        {period ? <FigureCharts figures={FIGURES} series={period.series} days={days} /> : <ChartsSkeleton count={FIGURES.length} />}
      </section>
      <section aria-labelledby="works-heading" className="flex flex-col gap-3">
        <h2 id="works-heading" className="text-lg font-bold text-zinc-900">
          作品ごと
        </h2>
        <WorksTable today={today} days={days} />
      </section>
    </div>
  );
}
