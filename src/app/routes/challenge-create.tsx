import { CreateChallengePage } from "@/features/challenges/create-challenge-page";

// React Router's lazy() reads the page from the "Component" export.
export const Component = CreateChallengePage;
