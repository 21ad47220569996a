// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { AdminLogPage as default } from "@/features/moderation/admin-log-page";
