// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { SubmitPage as default } from "@/features/submit/submit-page";
