// The page this route shows, loaded by the route table (../router.tsx) when first opened.
export { HelpPage as default } from "@/features/help/help-page";
