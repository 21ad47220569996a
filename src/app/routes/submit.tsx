import { SubmitPage } from "@/features/submit/submit-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = SubmitPage;
