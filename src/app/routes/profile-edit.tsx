// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ProfileEditPage as default } from "@/features/profile/profile-edit-page";
