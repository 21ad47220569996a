// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { StyleguidePage as default } from "@/features/styleguide/styleguide-page";
