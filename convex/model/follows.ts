// Following creators (docs/decisions.md "Votes, likes and follows"): one `follows` row per pair,
// the stored counters on both users, and a `follow` notification when the followed user wants it.
// Taking a follow back within the same notification's unread life removes it again, so
// follow/unfollow in a loop does not spam anyone.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { recordDaily } from "./analytics";
import { backfillFeed, startFeedRemoval } from "./feed";
import { bumpUserStats } from "./userStats";
import { withdrawFromOpenGroup } from "./notificationGroups";
import { notify } from "./notifications";
import { displayNameOf } from "./users";

export const FOLLOW_SIGN_IN_MESSAGE = "フォローするにはログインが必要です";
export const SELF_FOLLOW_MESSAGE = "自分自身をフォローすることはできません";

export async function findFollow(ctx: QueryCtx, followerId: Id<"users">, followeeId: Id<"users">) {
  return await ctx.db
    .query("follows")
    .withIndex("by_followerId_and_followeeId", (q) => q.eq("followerId", followerId).eq("followeeId", followeeId))
    .first();
}

export async function follow(ctx: MutationCtx, follower: Doc<"users">, followee: Doc<"users">): Promise<void> {
  if (await findFollow(ctx, follower._id, followee._id)) return;
  await ctx.db.insert("follows", { followerId: follower._id, followeeId: followee._id });
  await bumpUserStats(ctx, follower._id, { followingCount: 1 });
  await bumpUserStats(ctx, followee._id, { followersCount: 1 });
  await recordDaily(ctx, { creatorId: followee._id, figure: "follows" });
  // Their latest works join the follower's feed at once (model/feed.ts).
  await backfillFeed(ctx, follower._id, followee._id);
  // Joins the followee's unread follow group once (model/notificationGroups.ts).
  await notify(ctx, {
    userId: followee._id,
    type: "follow",
    title: "フォローされました",
    message: `${displayNameOf(follower)}さんがあなたをフォローしました`,
    fromUserId: follower._id,
  });
}

/** Removes one follow, lowering the counters of whichever of the two users still exists. */
export async function removeFollow(ctx: MutationCtx, row: Doc<"follows">): Promise<void> {
  await bumpUserStats(ctx, row.followerId, { followingCount: -1 });
  const followee = await ctx.db.get("users", row.followeeId);
  if (followee) {
    await bumpUserStats(ctx, followee._id, { followersCount: -1 });
    await recordDaily(ctx, { creatorId: followee._id, figure: "unfollows" });
    await withdrawFromOpenGroup(ctx, { userId: followee._id, type: "follow" }, row.followerId);
  }
  await ctx.db.delete("follows", row._id);
  // Their works leave the follower's feed in scheduled batches (model/feed.ts).
  await startFeedRemoval(ctx, row.followerId, row.followeeId);
}
