import { ChallengesPage } from "@/features/challenges/challenges-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = ChallengesPage;
