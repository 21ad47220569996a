// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ProfileSetupPage as default } from "@/features/profile/profile-setup-page";
