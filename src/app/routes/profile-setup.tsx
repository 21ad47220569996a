import { ProfileSetupPage } from "@/features/profile/profile-setup-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = ProfileSetupPage;
