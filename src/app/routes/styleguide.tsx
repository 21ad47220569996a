import { StyleguidePage } from "@/features/styleguide/styleguide-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = StyleguidePage;
