import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { memberMutation, publicQuery } from "./model/functions";
import { userError } from "./model/errors";
import { FOLLOW_SIGN_IN_MESSAGE, findFollow, follow, removeFollow, SELF_FOLLOW_MESSAGE } from "./model/follows";
import { blocks, MUTE_MESSAGES } from "./model/mutes";
import { readPage } from "./model/pagination";
import { profileAccess } from "./model/profiles";
import { displayNameOf, photoUrlOf } from "./model/users";
import { readUserStats } from "./model/userStats";

const FOLLOW_LIST_PAGE = 20;

/** A creator in a follower / following list. */
const vFollowCard = v.object({
  _id: v.id("users"),
  handle: v.union(v.string(), v.null()),
  displayName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  bio: v.string(),
});

/** Why a private profile offers others no フォロー (an existing follow can still be undone). */
export const PRIVATE_FOLLOW_MESSAGE = "非公開のプロフィールはフォローできません";

/**
 * Follows or unfollows another creator for the caller; counters on both users change in the same
 * transaction. Returns whether the caller now follows them and their follower count (null when
 * the profile is private: others do not see its counts).
 */
export const toggle = memberMutation({
  signInMessage: FOLLOW_SIGN_IN_MESSAGE,
  rateLimit: "follow",
  args: { userId: v.id("users") },
  returns: v.object({ following: v.boolean(), followersCount: v.union(v.number(), v.null()) }),
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewer;
    if (viewer._id === userId) throw userError("INVALID_INPUT", SELF_FOLLOW_MESSAGE);
    const target = await ctx.db.get("users", userId);
    if (!target) throw userError("NOT_FOUND", "ユーザーが見つかりませんでした");
    const { canSeeDetails } = profileAccess(target, viewer._id);
    const existing = await findFollow(ctx, viewer._id, userId);
    if (existing) await removeFollow(ctx, existing);
    else if (!canSeeDetails) throw userError("FORBIDDEN", PRIVATE_FOLLOW_MESSAGE);
    else if (await blocks(ctx, userId, viewer._id)) throw userError("FORBIDDEN", MUTE_MESSAGES.blockedFollow);
    else await follow(ctx, viewer, target);
    const followersCount = canSeeDetails ? (await readUserStats(ctx, userId)).followersCount : null;
    return { following: !existing, followersCount };
  },
});

/** Whether others may see whom a user follows and who follows them: not on a private profile. */
async function listableUser(ctx: QueryCtx, userId: Id<"users">, viewerId: Id<"users"> | null) {
  const user = await ctx.db.get("users", userId);
  if (!user) return null;
  return profileAccess(user, viewerId).canSeeDetails ? user : null;
}

async function followCard(ctx: QueryCtx, user: Doc<"users">, viewerId: Id<"users"> | null) {
  // A private profile shows others only its avatar and display name (docs/decisions.md "Privacy"),
  // here too.
  const canSeeDetails = profileAccess(user, viewerId).canSeeDetails;
  return {
    _id: user._id,
    handle: canSeeDetails ? (user.handle ?? null) : null,
    displayName: displayNameOf(user),
    photoUrl: await photoUrlOf(ctx, user),
    bio: canSeeDetails ? (user.bio ?? "") : "",
  };
}

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

/** Who follows a user, newest first. Empty for others when the profile is private. */
export const listFollowers = publicQuery({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vFollowCard),
  handler: async (ctx, { userId, paginationOpts }) => {
    if (!(await listableUser(ctx, userId, ctx.viewerId))) return EMPTY_PAGE;
    const result = await readPage(paginationOpts, FOLLOW_LIST_PAGE, (opts) =>
      ctx.db
        .query("follows")
        .withIndex("by_followeeId", (q) => q.eq("followeeId", userId))
        .order("desc")
        .paginate(opts),
    );
    const users = await Promise.all(result.page.map((row) => ctx.db.get("users", row.followerId)));
    const cards = await Promise.all(users.filter((u) => u !== null).map((u) => followCard(ctx, u, ctx.viewerId)));
    return { ...result, page: cards };
  },
});

/** Whom a user follows, newest first. Empty for others when the profile is private. */
export const listFollowing = publicQuery({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vFollowCard),
  handler: async (ctx, { userId, paginationOpts }) => {
    if (!(await listableUser(ctx, userId, ctx.viewerId))) return EMPTY_PAGE;
    const result = await readPage(paginationOpts, FOLLOW_LIST_PAGE, (opts) =>
      ctx.db
        .query("follows")
        .withIndex("by_followerId", (q) => q.eq("followerId", userId))
        .order("desc")
        .paginate(opts),
    );
    const users = await Promise.all(result.page.map((row) => ctx.db.get("users", row.followeeId)));
    const cards = await Promise.all(users.filter((u) => u !== null).map((u) => followCard(ctx, u, ctx.viewerId)));
    return { ...result, page: cards };
  },
});
