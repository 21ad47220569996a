// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { WorkPage as default } from "@/features/work-detail/work-page";
