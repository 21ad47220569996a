import { CheckCircle2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { badgeIcon } from "@/lib/badge-icons";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/i18n/format";
import { achievementsFor, type AchievementStats } from "./achievements";
import { BADGE_DISC } from "./profile-badges";

/** The 実績 tab: each achievement, earned or with a progress bar toward it. */
export function AchievementList({ stats }: { stats: AchievementStats }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {achievementsFor(stats).map((achievement) => {
        const Icon = badgeIcon(achievement.icon);
        const { progress } = achievement;
        return (
          <li
            key={achievement.id}
            className={cn(
              "flex flex-col gap-3 rounded-2xl border bg-white p-4",
              achievement.earned ? "border-zinc-200" : "border-dashed border-zinc-300",
            )}
          >
            <div className="flex items-start gap-3">
              <span
                className={cn(
                  "flex size-11 shrink-0 items-center justify-center rounded-full ring-1 ring-inset",
                  achievement.earned ? BADGE_DISC[achievement.color] : "bg-zinc-100 text-zinc-400 ring-zinc-300",
                )}
              >
                <Icon aria-hidden className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-bold text-zinc-900">{achievement.name}</h3>
                  {achievement.limited && <Badge color="yellow">限定</Badge>}
                  {achievement.earned && (
                    <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-700">
                      <CheckCircle2 aria-hidden className="size-3.5" />
                      達成
                    </span>
                  )}
                </div>
                <p className="mt-0.5 text-sm text-zinc-600">{achievement.description}</p>
              </div>
            </div>
            {progress && (
              <div>
                <div
                  role="progressbar"
                  aria-label={`${achievement.name}の進み具合`}
                  aria-valuemin={0}
                  aria-valuemax={progress.target}
                  aria-valuenow={progress.current}
                  className="h-2 overflow-hidden rounded-full bg-zinc-100"
                >
                  <div
                    className={cn("h-full rounded-full", achievement.earned ? "bg-emerald-500" : "bg-brand-gradient")}
                    style={{ width: `${(progress.current / progress.target) * 100}%` }}
                  />
                </div>
                <p className="mt-1 text-right text-xs text-zinc-500 tabular-nums">
                  {formatNumber(progress.current)} / {formatNumber(progress.target)}
                </p>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
