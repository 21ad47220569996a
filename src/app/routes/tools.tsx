// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ToolsPage as default } from "@/features/tags/tools-page";
