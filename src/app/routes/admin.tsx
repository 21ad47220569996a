// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { AdminPage as default } from "@/features/moderation/admin-page";
