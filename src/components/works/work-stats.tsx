import { Eye, Heart, MessageCircle } from "lucide-react";
import { formatCompactNumber } from "@/lib/i18n/format";
import { cn } from "@/lib/cn";

type Counts = { likesCount: number; commentsCount: number; viewsCount: number };

/** いいね / コメント / 閲覧 counters as small icons, with full numbers for screen readers. */
export function WorkStats({ work, className }: { work: Counts; className?: string }) {
  return (
    <span className={cn("flex shrink-0 items-center gap-3 text-xs text-zinc-500", className)}>
      <span className="inline-flex items-center gap-1" aria-label={`いいね ${work.likesCount}件`}>
        <Heart aria-hidden className="size-3.5" />
        {formatCompactNumber(work.likesCount)}
      </span>
      <span className="inline-flex items-center gap-1" aria-label={`コメント ${work.commentsCount}件`}>
        <MessageCircle aria-hidden className="size-3.5" />
        {formatCompactNumber(work.commentsCount)}
      </span>
      <span className="inline-flex items-center gap-1" aria-label={`閲覧 ${work.viewsCount}回`}>
        <Eye aria-hidden className="size-3.5" />
        {formatCompactNumber(work.viewsCount)}
      </span>
    </span>
  );
}
