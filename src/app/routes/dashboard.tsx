// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { DashboardPage as default } from "@/features/dashboard/dashboard-page";
