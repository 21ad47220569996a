import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../../convex/_generated/api";

/** The page's challenge; a hidden one's `{unavailable: true}` is handled before it is shown. */
export type ChallengeDetail = Exclude<NonNullable<FunctionReturnType<typeof api.challenges.detail>>, { unavailable: true }>;
export type ChallengeEntry = FunctionReturnType<typeof api.challenges.entries>["page"][number];
