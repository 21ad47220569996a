import { NotFoundPage } from "@/features/not-found/not-found-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = NotFoundPage;
