// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ChallengesPage as default } from "@/features/challenges/challenges-page";
