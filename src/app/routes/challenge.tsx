import { ChallengePage } from "@/features/challenges/challenge-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = ChallengePage;
