// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { ChallengeResultsPage as default } from "@/features/challenges/results/results-page";
