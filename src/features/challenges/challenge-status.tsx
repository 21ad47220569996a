// How a challenge's state reads everywhere it is shown: the status badge and the countdown.
import { Clock, Gift } from "lucide-react";
import type { ChallengeStatus } from "../../../convex/constants";
import { daysLeft } from "../../../convex/model/challengeRules";
import { LIMITS } from "../../../convex/constants";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

export const STATUS_LABELS: Record<ChallengeStatus, string> = {
  active: "募集中",
  voting: "投票中",
  ended: "終了",
};

const STATUS_COLORS: Record<ChallengeStatus, BadgeColor> = {
  active: "green",
  voting: "purple",
  ended: "neutral",
};

export function ChallengeStatusBadge({ status, className }: { status: ChallengeStatus; className?: string }) {
  return (
    <Badge color={STATUS_COLORS[status]} className={className}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function PrizeBadge({ className }: { className?: string }) {
  return (
    <Badge color="yellow" className={className}>
      <Gift aria-hidden />
      賞品あり
    </Badge>
  );
}

/** あと N 日 / 本日締切, red at 3 days or fewer (SPEC.md). */
export function daysLeftText(endDate: number, now: number): string {
  const days = daysLeft(endDate, now);
  if (endDate < now) return "締切済み";
  return days === 0 ? "本日締切" : `あと${days}日`;
}

export function DaysLeft({ endDate, now, className }: { endDate: number; now: number; className?: string }) {
  const urgent = daysLeft(endDate, now) <= LIMITS.redCountdownDays;
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm font-semibold", urgent ? "text-red-600" : "text-zinc-600", className)}>
      <Clock aria-hidden className="size-4" />
      {daysLeftText(endDate, now)}
    </span>
  );
}
