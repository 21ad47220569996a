import { useQuery } from "convex/react";
import { ChevronLeft } from "lucide-react";
import { useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useViewer } from "@/lib/use-viewer";
import {
  ChartsSection,
  DashboardSection,
  periodLabel,
  PeriodToolbar,
  SignedOutNote,
  SummarySkeleton,
  TotalsSection,
  useJapanToday,
  usePeriod,
} from "./dashboard-parts";
import { csvName, FIGURES, formatNumber, longDay, type DayRow, type PeriodDays } from "./figures";

const WORK_FIGURES = FIGURES.filter((figure) => !figure.creatorOnly);

/** /dashboard/works/{id}: one of the creator's works, with the same charts and its best days. */
export function DashboardWorkPage() {
  const { status } = useViewer();
  const { id = "" } = useParams();
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title="作品の数字 - ダッシュボード" />
      <Link to={paths.dashboard()} className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ChevronLeft aria-hidden className="size-4" />
        ダッシュボード
      </Link>
      <QueryErrorBoundary>
        {status === "loading" ? (
          <LoadingState className="min-h-[30vh]" />
        ) : status === "signedIn" ? (
          <WorkFigures id={id as Id<"projects">} />
        ) : (
          <SignedOutNote />
        )}
      </QueryErrorBoundary>
    </PageContainer>
  );
}

function WorkFigures({ id }: { id: Id<"projects"> }) {
  const today = useJapanToday();
  const [days, setDays] = usePeriod();
  const work = useQuery(api.analytics.work, { projectId: id, today, days });
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold break-words text-zinc-900 sm:text-3xl">{work ? work.title : "\u00a0"}</h1>
        <p className="mt-2 text-sm text-zinc-600">この作品の数字です。自分だけが見られます（日付は日本時間）。</p>
      </div>
      <PeriodToolbar
        days={days}
        onChange={setDays}
        period={work}
        figures={WORK_FIGURES}
        csvFileName={csvName("analytics-work", today, days)}
      />
      <TotalsSection period={work} figures={WORK_FIGURES} />
      <DashboardSection id="best-heading" title="よく見られた日">
        {work ? <BestDays rows={work.bestDays} days={days} /> : <SummarySkeleton count={3} />}
      </DashboardSection>
      <ChartsSection period={work} figures={WORK_FIGURES} days={days} />
      <Link to={paths.project(id)} className="w-fit text-sm font-semibold text-brand-700 hover:underline">
        作品ページを見る
      </Link>
    </div>
  );
}

function BestDays({ rows, days }: { rows: DayRow[]; days: PeriodDays }) {
  if (rows.length === 0) {
    return <Card className="p-5 text-sm text-zinc-600">{periodLabel(days)}に数字のある日はまだありません。</Card>;
  }
  return (
    <Card className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="よく見られた日">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="sr-only">よく見られた日（閲覧数の多い順）</caption>
        <thead className="bg-zinc-50 text-left text-xs text-zinc-600">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              日付
            </th>
            {WORK_FIGURES.map((figure) => (
              <th key={figure.key} scope="col" className="px-3 py-2.5 text-right font-semibold whitespace-nowrap">
                {figure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row" className="px-4 py-2.5 text-left font-semibold whitespace-nowrap text-zinc-800">
                {longDay(row.day)}
              </th>
              {WORK_FIGURES.map((figure) => (
                <td key={figure.key} className="px-3 py-2.5 text-right tabular-nums">
                  {formatNumber(row[figure.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
