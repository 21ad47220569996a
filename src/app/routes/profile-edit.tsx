import { ProfileEditPage } from "@/features/profile/profile-edit-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = ProfileEditPage;
