// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { FollowingPage as default } from "@/features/following/following-page";
