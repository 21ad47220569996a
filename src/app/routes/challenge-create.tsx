// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { CreateChallengePage as default } from "@/features/challenges/create-challenge-page";
