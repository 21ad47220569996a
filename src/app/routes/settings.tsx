import { SettingsPage } from "@/features/settings/settings-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = SettingsPage;
