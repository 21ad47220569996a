import { NotificationsPage } from "@/features/notifications/notifications-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = NotificationsPage;
