// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { HomePage as default } from "@/features/home/home-page";
