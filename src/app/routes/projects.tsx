// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { GalleryPage as default } from "@/features/gallery/gallery-page";
