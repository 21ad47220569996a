import { useViewer } from "@/features/auth/use-viewer";
import { NotificationBell } from "./notification-bell";

/** The bell, for signed-in users only. */
export function HeaderNotifications() {
  const { status, viewer } = useViewer();
  return status === "signedIn" ? <NotificationBell viewer={viewer} /> : null;
}
