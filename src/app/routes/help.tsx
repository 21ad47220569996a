import { HelpPage } from "@/features/help/help-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = HelpPage;
