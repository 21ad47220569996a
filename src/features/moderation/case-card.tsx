import { FileText, Flag, MessageSquare, Trophy, User } from "lucide-react";
import { REPORT_REASON_LABELS, type ReportTargetType } from "../../../convex/constants";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { formatRelativeTime } from "@/lib/i18n/format";
import { TARGET_STATE_LABELS, TARGET_TYPE_LABELS, type TargetState } from "@/lib/moderation";
import type { CaseSummary } from "./types";

const STATE_COLORS: Record<TargetState, BadgeColor> = {
  visible: "green",
  hidden: "neutral",
  pending: "yellow",
  held: "yellow",
  deleted: "red",
  suspended: "red",
};

export function TargetStateBadge({ state }: { state: TargetState }) {
  return <Badge color={STATE_COLORS[state]}>{TARGET_STATE_LABELS[state]}</Badge>;
}

const TYPE_ICONS: Record<ReportTargetType, typeof FileText> = {
  work: FileText,
  comment: MessageSquare,
  challenge: Trophy,
  user: User,
};

/** A thumbnail when the target has one, else the icon of its kind. */
export function TargetThumb({ type, url, className }: { type: ReportTargetType; url: string | null; className?: string }) {
  const Icon = TYPE_ICONS[type];
  if (url) return <img src={url} alt="" loading="lazy" className={cn("shrink-0 rounded-lg bg-zinc-100 object-cover", className)} />;
  return (
    <span aria-hidden className={cn("flex shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-400", className)}>
      <Icon className="size-5" />
    </span>
  );
}

export function ReasonChips({ reasons }: { reasons: CaseSummary["reasons"] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="通報の理由">
      {reasons.map(({ reason, count }) => (
        <li key={reason} className="inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
          {REPORT_REASON_LABELS[reason]}
          <span className="font-semibold tabular-nums">×{count}</span>
        </li>
      ))}
    </ul>
  );
}

type CaseCardProps = { item: CaseSummary; selected: boolean; now: number; onSelect: () => void };

/** One open case in the queue: what was reported, why, how often, since when. */
export function CaseCard({ item, selected, now, onSelect }: CaseCardProps) {
  const { target } = item;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      className={cn(
        "flex w-full gap-3 rounded-2xl border bg-white p-3.5 text-left transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        selected ? "border-brand-500 ring-2 ring-brand-500/20" : "border-zinc-200 hover:border-zinc-300 hover:bg-zinc-50",
      )}
    >
      <TargetThumb type={item.targetType} url={target.thumbnailUrl} className="size-14" />
      <span className="flex min-w-0 flex-1 flex-col gap-1.5">
        <span className="flex flex-wrap items-center gap-1.5">
          <Badge>{TARGET_TYPE_LABELS[item.targetType]}</Badge>
          <TargetStateBadge state={target.state} />
        </span>
        <span className="line-clamp-1 text-sm font-bold break-all text-zinc-900">{target.label}</span>
        {target.excerpt && <span className="line-clamp-2 text-xs break-all text-zinc-600">{target.excerpt}</span>}
        <ReasonChips reasons={item.reasons} />
        <span className="flex items-center gap-3 text-xs text-zinc-500">
          <span className="inline-flex items-center gap-1 font-semibold text-zinc-700">
            <Flag aria-hidden className="size-3.5" />
            未対応 {item.openCount}件
          </span>
          <time dateTime={new Date(item.openedAt).toISOString()}>{formatRelativeTime(item.openedAt, now)}</time>
        </span>
      </span>
    </button>
  );
}
