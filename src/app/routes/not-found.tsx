// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { NotFoundPage as default } from "@/features/not-found/not-found-page";
