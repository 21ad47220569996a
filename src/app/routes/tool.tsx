// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ToolPage as default } from "@/features/tags/tool-page";
