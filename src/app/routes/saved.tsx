// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { SavedPage as default } from "@/features/saved/saved-page";
