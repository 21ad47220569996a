import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQuery } from "convex/react";
import { Bell, CheckCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { LIMITS } from "../../../convex/constants";
import { Link } from "@/components/ui/link";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { useNow } from "@/lib/use-now";
import type { Viewer } from "@/lib/use-viewer";
import { shownUnread, updateNotificationsLocally } from "./local-read";
import { NotificationContent } from "./notification-item";
import { bellLabel, notificationTarget, unreadBadgeText, type NotificationItem } from "./notification-target";
import { useMarkAllRead } from "./use-mark-all-read";

const itemClass = "flex cursor-pointer rounded-xl px-3 py-2.5 outline-none select-none data-[highlighted]:bg-zinc-100";

/** The header's bell: the unread count live, and the 10 newest in a menu. */
export function NotificationBell({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useState(false);
  const count = useQuery(api.notifications.unreadCount);
  const unread = count ?? 0;
  const badge = unreadBadgeText(unread);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        aria-label={bellLabel(unread)}
        // Until the count arrives, "通知" alone would wrongly say there is nothing unread.
        aria-busy={count === undefined || undefined}
        className="relative inline-flex size-10 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-zinc-100"
      >
        <Bell aria-hidden className="size-5" />
        {badge && (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="absolute top-1 right-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-none font-bold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 flex max-h-[min(34rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xl data-[state=open]:animate-in"
        >
          {open && <BellMenu viewer={viewer} hasUnread={unread > 0} onDone={() => setOpen(false)} />}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function BellMenu({ viewer, hasUnread, onDone }: { viewer: Viewer; hasUnread: boolean; onDone: () => void }) {
  const items = useQuery(api.notifications.list, { limit: LIMITS.notificationsDropdown });
  const markAllRead = useMarkAllRead();
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-zinc-100 px-4 py-3">
        <DropdownMenu.Label className="text-base font-bold text-zinc-900">通知</DropdownMenu.Label>
        {hasUnread && (
          <DropdownMenu.Item
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 outline-none data-[highlighted]:bg-brand-50"
            // Stays open: the list shows everything turning read.
            onSelect={(event) => {
              event.preventDefault();
              markAllRead();
            }}
          >
            <CheckCheck aria-hidden className="size-4" />
            すべて既読にする
          </DropdownMenu.Item>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
        {items === undefined ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-zinc-600">通知はまだありません</p>
        ) : (
          items.map((item) => <BellItem key={item._id} item={item} viewer={viewer} onDone={onDone} />)
        )}
      </div>
      <div className="border-t border-zinc-100 p-1.5">
        <DropdownMenu.Item asChild className={`${itemClass} justify-center text-sm font-semibold text-brand-700`}>
          <Link to={paths.notifications()}>すべての通知を見る</Link>
        </DropdownMenu.Item>
      </div>
    </>
  );
}

function BellItem({ item, viewer, onDone }: { item: NotificationItem; viewer: Viewer; onDone: () => void }) {
  const now = useNow();
  const openNotification = useOpenNotification(viewer);
  return (
    <DropdownMenu.Item
      className={`${itemClass} ${item.read ? "" : "bg-brand-50/50"}`}
      onSelect={() => {
        onDone();
        openNotification(item);
      }}
    >
      <NotificationContent item={item} now={now} />
    </DropdownMenu.Item>
  );
}

/** Opening a notification marks it read and goes to what it is about. */
export function useOpenNotification(viewer: Viewer) {
  const markRead = useMutation(api.notifications.markRead).withOptimisticUpdate((store, { id }) => {
    const count = store.getQuery(api.notifications.unreadCount, {});
    if (count !== undefined && shownUnread(store, id)) store.setQuery(api.notifications.unreadCount, {}, Math.max(0, count - 1));
    updateNotificationsLocally(store, (n) => (n._id === id ? { ...n, read: true } : n));
  });
  const navigate = useNavigate();
  const toast = useToast();
  return (item: NotificationItem) => {
    if (!item.read) {
      markRead({ id: item._id }).catch((error: unknown) => toast.error(readServerError(error).message));
    }
    const target = notificationTarget(item, viewer.handle ?? viewer._id);
    if (target) void navigate(target);
  };
}
