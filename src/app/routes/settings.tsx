// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { SettingsPage as default } from "@/features/settings/settings-page";
