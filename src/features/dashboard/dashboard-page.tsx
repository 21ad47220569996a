import { useQuery } from "convex/react";
import { Lock } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { LoadingState } from "@/components/ui/spinner";
import { useViewer } from "@/lib/use-viewer";
import { ChartsSection, DashboardSection, PeriodToolbar, SignedOutNote, TotalsSection, useJapanToday, usePeriod } from "./dashboard-parts";
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
      <PeriodToolbar days={days} onChange={setDays} period={period} figures={FIGURES} csvFileName={csvName("analytics", today, days)} />
      <TotalsSection period={period} figures={FIGURES} />
      <ChartsSection period={period} figures={FIGURES} days={days} />
      <DashboardSection id="works-heading" title="作品ごと">
        <WorksTable today={today} days={days} />
      </DashboardSection>
    </div>
  );
}
