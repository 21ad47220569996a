import { useQuery } from "convex/react";
import { Megaphone, Trophy, Vote } from "lucide-react";
import type { ReactNode } from "react";
import { api } from "../../../convex/_generated/api";
import type { ChallengeStatus } from "../../../convex/constants";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/i18n/format";
import { STATUS_LABELS } from "./challenge-status";

const TILES: { status: ChallengeStatus; icon: ReactNode; tone: string }[] = [
  { status: "active", icon: <Megaphone aria-hidden />, tone: "bg-emerald-50 text-emerald-700" },
  { status: "voting", icon: <Vote aria-hidden />, tone: "bg-brand-50 text-brand-700" },
  { status: "ended", icon: <Trophy aria-hidden />, tone: "bg-zinc-100 text-zinc-600" },
];

/** 募集中 / 投票中 / 終了: how many challenges are in each state (stored counters). */
export function ChallengeSummary() {
  const summary = useQuery(api.challenges.summary, {});
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4" aria-label="チャレンジの状況">
      {TILES.map(({ status, icon, tone }) => (
        // dt and dd sit directly in the group (a dl allows nothing else); the grid lays them out.
        <div
          key={status}
          className="grid grid-cols-[minmax(0,1fr)] content-center rounded-2xl border border-zinc-200 bg-white p-3 shadow-xs sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-3 sm:p-4"
        >
          <span
            aria-hidden
            className={cn(
              "hidden size-10 shrink-0 items-center justify-center rounded-xl sm:row-span-2 sm:inline-flex sm:self-center [&_svg]:size-5",
              tone,
            )}
          >
            {icon}
          </span>
          <dt className="truncate text-xs text-zinc-500 sm:self-end sm:text-sm">{STATUS_LABELS[status]}</dt>
          <dd className="text-lg font-bold text-zinc-900 tabular-nums sm:self-start sm:text-2xl">
            {summary === undefined ? <Skeleton className="mt-1 h-6 w-10" /> : formatNumber(summary[status])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
