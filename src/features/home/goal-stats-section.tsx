import { Heart, LayoutGrid, Sparkles, Users } from "lucide-react";
import type { ReactNode } from "react";
import { HOME_STAT_OFFSETS } from "../../../convex/model/homeStats";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/i18n/format";

export type SiteCounts = { projects: number; users: number; zeroCodeProjects: number; likes: number };

/**
 * Goal figures: the real counts plus the fixed offsets (docs/product.md "Home"), labelled as goals.
 */
export function goalFigures(counts: SiteCounts) {
  return [
    { key: "projects", label: "公開作品", value: counts.projects + HOME_STAT_OFFSETS.projects, icon: <LayoutGrid /> },
    { key: "users", label: "クリエイター", value: counts.users + HOME_STAT_OFFSETS.users, icon: <Users /> },
    {
      key: "zeroCode",
      label: "ゼロコード作品",
      value: counts.zeroCodeProjects + HOME_STAT_OFFSETS.zeroCodeProjects,
      icon: <Sparkles />,
    },
    { key: "likes", label: "いいね", value: counts.likes + HOME_STAT_OFFSETS.likes, icon: <Heart /> },
  ] satisfies { key: string; label: string; value: number; icon: ReactNode }[];
}

export function GoalStatsSection({ counts }: { counts: SiteCounts | undefined }) {
  return (
    <section aria-labelledby="goal-stats-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="goal-stats-heading" className="text-xl font-bold text-zinc-900 sm:text-2xl">
          みんなでめざす目標
        </h2>
        <p className="text-xs text-zinc-500">※ 数値はコミュニティの目標値です</p>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {(counts ? goalFigures(counts) : placeholderFigures).map((figure) => (
          <div key={figure.key} className="rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5">
            {/* A phone's tile is about 130 px wide inside: the 目標 badge goes under the label in
                every tile (not only where it does not fit), and neither breaks inside a word. */}
            <dt className="flex flex-col items-start gap-1 text-sm text-zinc-600 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-2">
              <span className="flex items-center gap-2 break-keep whitespace-nowrap">
                <span aria-hidden className="text-brand-600 [&>svg]:size-4">
                  {figure.icon}
                </span>
                {figure.label}
              </span>
              <span className="shrink-0 rounded-full bg-brand-50 px-1.5 py-0.5 text-[0.6875rem] font-semibold whitespace-nowrap text-brand-700">
                目標
              </span>
            </dt>
            <dd className="mt-2 text-2xl font-bold tabular-nums text-zinc-900 sm:text-3xl">
              {figure.value === null ? <Skeleton className="h-8 w-24" /> : formatNumber(figure.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const placeholderFigures = goalFigures({ projects: 0, users: 0, zeroCodeProjects: 0, likes: 0 }).map((f) => ({
  ...f,
  value: null,
}));
