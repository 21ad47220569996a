// Test fixture: sets a user's counters outright (e.g. a drifted or nearly-badge count).
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { bumpUserStats, readUserStats, type UserStats } from "./userStats";

export async function setUserStats(ctx: MutationCtx, userId: Id<"users">, values: Partial<UserStats>) {
  const current = await readUserStats(ctx, userId);
  const delta: Partial<UserStats> = {};
  for (const [key, value] of Object.entries(values) as [keyof UserStats, number][]) delta[key] = value - current[key];
  await bumpUserStats(ctx, userId, delta);
}
