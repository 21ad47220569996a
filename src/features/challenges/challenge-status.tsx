// How a challenge's state reads everywhere it is shown: the status badge and the countdown.
import { Clock, Gift } from "lucide-react";
import type { ChallengeStatus } from "../../../convex/constants";
import { daysLeft } from "../../../convex/model/challengeTerms";
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

/** Which deadline a countdown is for: entries (募集) or votes (投票). */
export type Deadline = "entries" | "voting";

/**
 * あと N 日 / 本日締切 / 締切済み, red at 3 days or fewer (docs/product.md "Challenge page"); a voting
 * countdown says it is the voting one (投票締切まで あと N 日), so it is not read as the entry deadline.
 */
export function daysLeftText(endDate: number, now: number, deadline: Deadline = "entries"): string {
  const days = daysLeft(endDate, now);
  if (deadline === "voting") {
    if (endDate < now) return "投票締切済み";
    return days === 0 ? "本日投票締切" : `投票締切まであと${days}日`;
  }
  if (endDate < now) return "締切済み";
  return days === 0 ? "本日締切" : `あと${days}日`;
}

type DaysLeftProps = { endDate: number; now: number; deadline?: Deadline; className?: string };

export function DaysLeft({ endDate, now, deadline, className }: DaysLeftProps) {
  const urgent = daysLeft(endDate, now) <= LIMITS.redCountdownDays;
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm font-semibold", urgent ? "text-red-600" : "text-zinc-600", className)}>
      <Clock aria-hidden className="size-4" />
      {daysLeftText(endDate, now, deadline)}
    </span>
  );
}
