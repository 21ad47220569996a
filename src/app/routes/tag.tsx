// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { TagPage as default } from "@/features/tags/tag-page";
