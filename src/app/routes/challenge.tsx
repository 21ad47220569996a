// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ChallengePage as default } from "@/features/challenges/challenge-page";
