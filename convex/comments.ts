import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { memberMutation, publicQuery, userMutation } from "./model/functions";
import { startCommentEmail } from "./model/commentEmails";
import { COMMENT_SIGN_IN_MESSAGE, toCommentItem, validComment, vCommentItem, wantsCommentEmail } from "./model/comments";
import { insertComment } from "./model/engagement";
import { removeComment } from "./model/engagementRemoval";
import { userError } from "./model/errors";
import { holdComment, mustHoldComment } from "./model/moderation";
import { blocks, MUTE_MESSAGES, muteFilter } from "./model/mutes";
import { readPage } from "./model/pagination";
import { viewerIsModerator } from "./model/visibility";

/** Comments per page (20, like every list unless its screen needs more). */
const COMMENTS_PAGE = 20;

/** A work's comments, newest first. */
export const list = publicQuery({
  args: { projectId: v.id("projects"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vCommentItem),
  handler: async (ctx, { projectId, paginationOpts }) => {
    const viewerId = ctx.viewerId;
    // Comments by users the viewer mutes are left out; the page reads a few more to stay full.
    const mutes = await muteFilter(ctx, viewerId);
    const result = await readPage(paginationOpts, COMMENTS_PAGE, (opts) =>
      ctx.db
        .query("comments")
        .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
        .order("desc")
        .paginate({ ...opts, numItems: opts.numItems + mutes.extra }),
    );
    // Hidden and held comments are rare: a page leaves them out for everyone but their author and
    // moderators (the moderator check is read only when the page has one).
    const anyHidden = result.page.some((comment) => comment.hidden && comment.userId !== viewerId);
    const moderator = anyHidden && (await viewerIsModerator(ctx, viewerId));
    const shown = await mutes.visible(
      result.page.filter((comment) => !comment.hidden || comment.userId === viewerId || moderator),
      (comment) => comment.userId,
    );
    // The work's author may delete any comment on it: one read, only for a signed-in viewer.
    const workAuthorId = viewerId ? ((await ctx.db.get("projects", projectId))?.userId ?? null) : null;
    return {
      ...result,
      page: await Promise.all(shown.map((comment) => toCommentItem(ctx, comment, viewerId, workAuthorId))),
    };
  },
});

/**
 * Adds the caller's comment: raises commentsCount, notifies the author with a preview, may award
 * activeCommenter, and schedules the comment e-mail when the author wants one.
 */
export const add = memberMutation({
  signInMessage: COMMENT_SIGN_IN_MESSAGE,
  rateLimit: "comment",
  args: { projectId: v.id("projects"), content: v.string() },
  returns: v.id("comments"),
  handler: async (ctx, { projectId, content }) => {
    const viewer = ctx.viewer;
    const text = validComment(content);
    const work = await ctx.db.get("projects", projectId);
    if (!work || work.hidden) throw userError("NOT_FOUND", "プロジェクトが見つかりません");
    if (await blocks(ctx, work.userId, viewer._id)) throw userError("FORBIDDEN", MUTE_MESSAGES.blockedComment);
    // A new account's comment with a link waits for a moderator, shown only to its writer.
    const now = Date.now();
    const held = mustHoldComment(viewer, text, now);
    const commentId = await insertComment(ctx, viewer._id, projectId, text, { held });
    if (held) {
      await holdComment(ctx, commentId, now);
      return commentId;
    }
    if (wantsCommentEmail(await ctx.db.get("users", work.userId), viewer._id)) {
      await startCommentEmail(ctx, commentId);
    }
    return commentId;
  },
});

/**
 * Deletes a comment and lowers the counts it raised: the caller's own, or any comment on the
 * caller's work (its author keeps the thread clean).
 */
export const remove = userMutation({
  rateLimit: "removeContent",
  args: { commentId: v.id("comments") },
  returns: v.null(),
  handler: async (ctx, { commentId }) => {
    const viewer = ctx.viewer;
    const comment = await ctx.db.get("comments", commentId);
    if (!comment) throw userError("NOT_FOUND", "コメントが見つかりません");
    if (comment.userId !== viewer._id) {
      const work = await ctx.db.get("projects", comment.projectId);
      if (work?.userId !== viewer._id) throw userError("FORBIDDEN", "このコメントを削除する権限がありません");
    }
    await removeComment(ctx, comment);
    return null;
  },
});
