import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { useToast } from "@/components/ui/use-toast";
import { readServerError } from "@/lib/convex-error";
import { updateNotificationsLocally } from "./local-read";

/** すべて既読にする, shown at once (optimistic) on the bell and the lists. */
export function useMarkAllRead() {
  const toast = useToast();
  const markAllRead = useMutation(api.notifications.markAllRead).withOptimisticUpdate((store) => {
    updateNotificationsLocally(store, (n) => ({ ...n, read: true }));
    if (store.getQuery(api.notifications.unreadCount, {}) !== undefined) store.setQuery(api.notifications.unreadCount, {}, 0);
  });
  return () => {
    markAllRead({}).catch((error: unknown) => toast.error(readServerError(error).message));
  };
}
