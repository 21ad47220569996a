import { WorkPage } from "@/features/work-detail/work-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = WorkPage;
