import { ProfilePage } from "@/features/profile/profile-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = ProfilePage;
