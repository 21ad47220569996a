// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { NotificationsPage as default } from "@/features/notifications/notifications-page";
