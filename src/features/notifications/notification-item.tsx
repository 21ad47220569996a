import { AlarmClock, Bookmark, Heart, MessageCircle, ShieldAlert, Sparkles, Trophy, UserPlus, type LucideIcon } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { badgeIcon } from "@/lib/badge-icons";
import { cn } from "@/lib/cn";
import { formatDate, formatRelativeTime } from "@/lib/i18n/format";
import type { NotificationItem } from "./notification-target";

const TYPE_ICONS: Record<NotificationItem["type"], { icon: LucideIcon; className: string }> = {
  like: { icon: Heart, className: "bg-pink-500" },
  comment: { icon: MessageCircle, className: "bg-blue-500" },
  follow: { icon: UserPlus, className: "bg-emerald-500" },
  badge: { icon: Trophy, className: "bg-amber-500" },
  challenge_created: { icon: Trophy, className: "bg-brand-600" },
  challenge_submission: { icon: Trophy, className: "bg-brand-600" },
  challenge_winner: { icon: Trophy, className: "bg-amber-500" },
  challenge_reminder: { icon: AlarmClock, className: "bg-brand-600" },
  challenge_judge: { icon: Trophy, className: "bg-brand-600" },
  challenge_results: { icon: Trophy, className: "bg-amber-500" },
  moderation: { icon: ShieldAlert, className: "bg-slate-600" },
  new_work: { icon: Sparkles, className: "bg-brand-600" },
  update: { icon: Bookmark, className: "bg-sky-500" },
};

/** Who or what a notification is from: the sender's avatar with the kind as a small mark. */
function NotificationAvatar({ item }: { item: NotificationItem }) {
  const { icon: Icon, className } = TYPE_ICONS[item.type];
  if (item.badge) {
    const BadgeIcon = badgeIcon(item.badge.icon);
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-600/20 ring-inset">
        <BadgeIcon aria-hidden className="size-5" />
      </span>
    );
  }
  return (
    <span className="relative shrink-0">
      {item.from ? (
        <Avatar name={item.from.displayName} src={item.from.photoUrl} seed={item.from._id ?? item.from.displayName} size="md" decorative />
      ) : (
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon aria-hidden className="size-5" />
        </span>
      )}
      {item.from && (
        <span
          className={cn(
            "absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full text-white ring-2 ring-white",
            className,
          )}
        >
          <Icon aria-hidden className="size-3" />
        </span>
      )}
    </span>
  );
}

/** One notification: avatar, title and message, the comment preview or badge, and when. */
export function NotificationContent({ item, now }: { item: NotificationItem; now: number }) {
  return (
    <span className="flex w-full items-start gap-3 text-left">
      <NotificationAvatar item={item} />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-bold text-zinc-900">{item.title}</span>
        <span className="block text-sm break-words text-zinc-700">{item.message}</span>
        {item.commentPreview && (
          <span className="mt-1 block rounded-lg bg-zinc-100 px-2.5 py-1.5 text-xs break-words text-zinc-700">
            「{item.commentPreview}」
          </span>
        )}
        {item.badge && (
          <Badge color={item.badge.color} className="mt-1.5">
            {item.badge.name}
          </Badge>
        )}
        <span className="mt-1 flex min-w-0 items-center gap-1 text-xs text-zinc-500">
          {item.from && (
            <>
              <span className="truncate font-semibold text-zinc-700">{item.from.displayName}</span>
              <span aria-hidden>·</span>
            </>
          )}
          <time dateTime={new Date(item.createdAt).toISOString()} title={formatDate(item.createdAt)} className="shrink-0">
            {formatRelativeTime(item.createdAt, now)}
          </time>
        </span>
      </span>
      {!item.read && (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-600">
          <span className="sr-only">未読</span>
        </span>
      )}
    </span>
  );
}
