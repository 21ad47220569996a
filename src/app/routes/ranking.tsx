// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { RankingPage as default } from "@/features/ranking/ranking-page";
