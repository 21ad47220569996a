import { v } from "convex/values";
import { memberMutation } from "./model/functions";
import { addLike } from "./model/engagement";
import { removeLike } from "./model/engagementRemoval";
import { userError } from "./model/errors";

export const LIKE_SIGN_IN_MESSAGE = "いいねするにはログインが必要です";

/**
 * Likes or unlikes a work for the caller. Counters, the author's total, the site counter, the
 * author's notification and the popularCreator badge change in the same transaction.
 */
export const toggle = memberMutation({
  signInMessage: LIKE_SIGN_IN_MESSAGE,
  rateLimit: "like",
  args: { projectId: v.id("projects") },
  returns: v.object({ liked: v.boolean(), likesCount: v.number() }),
  handler: async (ctx, { projectId }) => {
    const viewer = ctx.viewer;
    // A hidden work takes no new likes (its count stays as it was for a restore).
    const target = await ctx.db.get("projects", projectId);
    if (!target || target.hidden) throw userError("NOT_FOUND", "プロジェクトが見つかりません");
    const existing = await ctx.db
      .query("likes")
      .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", projectId).eq("userId", viewer._id))
      .first();
    if (existing) await removeLike(ctx, existing);
    else await addLike(ctx, viewer._id, projectId);
    const work = await ctx.db.get("projects", projectId);
    return { liked: !existing, likesCount: work?.likesCount ?? 0 };
  },
});
