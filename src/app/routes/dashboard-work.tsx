// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { DashboardWorkPage as default } from "@/features/dashboard/dashboard-work-page";
