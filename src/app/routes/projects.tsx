import { GalleryPage } from "@/features/gallery/gallery-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = GalleryPage;
