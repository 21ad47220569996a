import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../../convex/_generated/api";

export type ChallengeDetail = NonNullable<FunctionReturnType<typeof api.challenges.detail>>;
export type ChallengeEntry = FunctionReturnType<typeof api.challenges.entries>["page"][number];
