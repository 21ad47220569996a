import type { OptimisticLocalStore } from "convex/browser";
import { optimisticallyUpdateValueInPaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { NotificationItem } from "./notification-target";
import { listArgs, NOTIFICATION_FILTERS } from "./notification-tabs";

/** Applies `update` to the notifications the bell and every tab of the page hold (optimistic updates). */
export function updateNotificationsLocally(store: OptimisticLocalStore, update: (item: NotificationItem) => NotificationItem) {
  for (const { args, value } of store.getAllQueries(api.notifications.list)) {
    if (value) store.setQuery(api.notifications.list, args, value.map(update));
  }
  for (const { value } of NOTIFICATION_FILTERS) {
    optimisticallyUpdateValueInPaginatedQuery(store, api.notifications.listPage, listArgs(value), update);
  }
}

/** Whether any list the client holds shows this notification unread. */
export function shownUnread(store: OptimisticLocalStore, id: NotificationItem["_id"]): boolean {
  const inBell = store.getAllQueries(api.notifications.list).some(({ value }) => value?.some((n) => n._id === id && !n.read));
  const inPage = store.getAllQueries(api.notifications.listPage).some(({ value }) => value?.page.some((n) => n._id === id && !n.read));
  return inBell || inPage;
}
