// A creator's counters (works, zero-code works, likes and views received, comments written,
// followers, following) live in their own `userStats` row, not on the user document: cards and
// comments read the user document for the author's name and photo, so a view or a like must not
// touch it (on Convex a write re-runs every query that read the written document).
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { userStatsFields } from "../schema";

export type UserStats = { [K in keyof typeof userStatsFields]: number };

export const EMPTY_STATS: UserStats = {
  projectsCount: 0,
  zeroCodeCount: 0,
  totalLikes: 0,
  totalViews: 0,
  commentsCount: 0,
  followersCount: 0,
  followingCount: 0,
};

/** The counters of a stored row, without its id and owner. */
function statsOf(row: Doc<"userStats">): UserStats {
  const { _id, _creationTime, userId: _owner, ...stats } = row;
  return stats;
}

async function statsRow(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("userStats")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/** A user's counters; all zero before their first counted action. */
export async function readUserStats(ctx: QueryCtx, userId: Id<"users">): Promise<UserStats> {
  const row = await statsRow(ctx, userId);
  return row ? statsOf(row) : { ...EMPTY_STATS };
}

/**
 * Adds to a user's counters in the caller's transaction (never below 0) and returns them as
 * they are now. A user who no longer exists gets nothing (their row went with the account).
 */
export async function bumpUserStats(ctx: MutationCtx, userId: Id<"users">, delta: Partial<UserStats>): Promise<UserStats> {
  const row = await statsRow(ctx, userId);
  const current = row ? statsOf(row) : { ...EMPTY_STATS };
  const next = { ...current };
  for (const [key, by] of Object.entries(delta) as [keyof UserStats, number][]) next[key] = Math.max(0, current[key] + by);
  if (row) await ctx.db.patch("userStats", row._id, next);
  else if (await ctx.db.get("users", userId)) await ctx.db.insert("userStats", { userId, ...next });
  return next;
}

/** Account deletion: the counters go with the user. */
export async function deleteUserStats(ctx: MutationCtx, userId: Id<"users">) {
  const row = await statsRow(ctx, userId);
  if (row) await ctx.db.delete("userStats", row._id);
}
