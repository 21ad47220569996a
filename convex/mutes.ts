// Muting and blocking other users (personal controls; the rules are in model/mutes.ts).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { memberMutation, publicQuery, userQuery } from "./model/functions";
import { userError } from "./model/errors";
import { findMute, MUTE_MESSAGES, setMute, vMuteKind } from "./model/mutes";
import { readPage } from "./model/pagination";
import { displayNameOf, photoUrlOf } from "./model/users";

/** Rows per page of the settings list. */
const MUTES_PAGE = 50;

/** Mutes, blocks (kind) or clears (null) what the caller does about another user. */
export const set = memberMutation({
  rateLimit: "mute",
  args: { userId: v.id("users"), kind: v.union(vMuteKind, v.null()) },
  returns: v.null(),
  handler: async (ctx, { userId, kind }) => {
    if (userId === ctx.viewer._id) throw userError("INVALID_INPUT", MUTE_MESSAGES.self);
    const target = await ctx.db.get("users", userId);
    if (!target) throw userError("NOT_FOUND", MUTE_MESSAGES.userNotFound);
    await setMute(ctx, ctx.viewer, target, kind);
    return null;
  },
});

/** The caller's muted and blocked users, most recent first (the settings section). */
export const list = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(
    v.object({
      user: v.object({
        _id: v.id("users"),
        displayName: v.string(),
        handle: v.union(v.string(), v.null()),
        photoUrl: v.union(v.string(), v.null()),
      }),
      kind: vMuteKind,
      createdAt: v.number(),
    }),
  ),
  handler: async (ctx, { paginationOpts }) => {
    const viewerId = ctx.viewer._id;
    const result = await readPage(paginationOpts, MUTES_PAGE, (opts) =>
      ctx.db
        .query("userMutes")
        .withIndex("by_userId", (q) => q.eq("userId", viewerId))
        .order("desc")
        .paginate(opts),
    );
    const items = await Promise.all(
      result.page.map(async (row) => {
        // A deleted account's rows are purged after it; until then it is simply not listed.
        const user = await ctx.db.get("users", row.mutedUserId);
        if (!user) return null;
        return {
          user: { _id: user._id, displayName: displayNameOf(user), handle: user.handle ?? null, photoUrl: await photoUrlOf(ctx, user) },
          kind: row.kind,
          createdAt: row._creationTime,
        };
      }),
    );
    return { ...result, page: items.filter((item) => item !== null) };
  },
});

/** What the caller does about `userId` (for the profile menu); null signed out or neither. */
export const status = publicQuery({
  args: { userId: v.id("users") },
  returns: v.union(vMuteKind, v.null()),
  handler: async (ctx, { userId }) => {
    if (ctx.viewerId === null || ctx.viewerId === userId) return null;
    return (await findMute(ctx, ctx.viewerId, userId))?.kind ?? null;
  },
});
