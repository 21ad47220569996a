import { Eye, Heart, LayoutGrid, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { formatNumber } from "@/lib/i18n/format";

export type ProfileStatsData = { projectsCount: number; zeroCodeCount: number; totalLikes: number; totalViews: number };

/** The four stat tiles, from the stored counters. */
export function ProfileStats({ stats }: { stats: ProfileStatsData }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Tile icon={<LayoutGrid aria-hidden />} label="作品数" value={stats.projectsCount} />
      <Tile icon={<Sparkles aria-hidden />} label="ゼロコード作品" value={stats.zeroCodeCount} />
      <Tile icon={<Heart aria-hidden />} label="総いいね" value={stats.totalLikes} />
      <Tile icon={<Eye aria-hidden />} label="総閲覧数" value={stats.totalViews} />
    </dl>
  );
}

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    // dt and dd sit directly in the group (a dl allows nothing else); the grid lays them out.
    <Card className="grid grid-cols-[auto_minmax(0,1fr)] content-center gap-x-2.5 p-3.5 sm:gap-x-3 sm:p-4">
      <span
        aria-hidden
        className="row-span-2 flex size-8 shrink-0 items-center justify-center self-center rounded-xl bg-brand-50 text-brand-600 sm:size-10 [&_svg]:size-4 sm:[&_svg]:size-5"
      >
        {icon}
      </span>
      <dt className="self-end text-xs text-zinc-500 sm:text-sm">{label}</dt>
      <dd className="self-start text-xl font-bold text-zinc-900 tabular-nums sm:text-2xl">{formatNumber(value)}</dd>
    </Card>
  );
}
