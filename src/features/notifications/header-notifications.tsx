import { lazy, Suspense } from "react";
import { Bell } from "lucide-react";
import { useViewer } from "@/lib/use-viewer";

// The bell's menu (Radix Dropdown Menu) loads only for signed-in users.
const NotificationBell = lazy(() => import("./notification-bell").then((m) => ({ default: m.NotificationBell })));

/** The bell, for signed-in users only. */
export function HeaderNotifications() {
  const { status, viewer } = useViewer();
  if (status !== "signedIn") return null;
  return (
    // The same bell, not yet a button, while the menu downloads: nothing moves when it arrives.
    <Suspense
      fallback={
        <span aria-hidden className="inline-flex size-10 items-center justify-center text-zinc-600">
          <Bell className="size-5" />
        </span>
      }
    >
      <NotificationBell viewer={viewer} />
    </Suspense>
  );
}
