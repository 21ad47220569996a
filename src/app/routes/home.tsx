import { HomePage } from "@/features/home/home-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = HomePage;
