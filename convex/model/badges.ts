import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { BadgeId } from "../constants";
import { badgeDefinition } from "./badgeDefinitions";
import { notify } from "./notifications";

export async function hasBadge(ctx: QueryCtx, userId: Id<"users">, badgeId: BadgeId) {
  const row = await ctx.db
    .query("userBadges")
    .withIndex("by_userId_and_badgeId", (q) => q.eq("userId", userId).eq("badgeId", badgeId))
    .first();
  return row !== null;
}

/** Awards a badge once, with its `badge` notification. Returns whether it was newly awarded. */
export async function awardBadge(ctx: MutationCtx, userId: Id<"users">, badgeId: BadgeId) {
  if (await hasBadge(ctx, userId, badgeId)) return false;
  await ctx.db.insert("userBadges", { userId, badgeId });
  const badge = badgeDefinition(badgeId);
  await notify(ctx, {
    userId,
    type: "badge",
    title: "バッジを獲得しました",
    message: `「${badge.name}」バッジを獲得しました！${badge.description}`,
    badgeId,
  });
  return true;
}
