// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ProfilePage as default } from "@/features/profile/profile-page";
