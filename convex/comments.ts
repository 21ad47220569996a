import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { memberMutation, publicQuery, userMutation } from "./model/functions";
import { startCommentEmail } from "./model/commentEmails";
import {
  COMMENT_SIGN_IN_MESSAGE,
  toCommentItem,
  validComment,
  vCommentItem,
  wantsCommentEmail,
} from "./model/comments";
import { insertComment } from "./model/engagement";
import { removeComment } from "./model/engagementRemoval";
import { userError } from "./model/errors";
import { readPage } from "./model/pagination";

/** Comments per page (DECISIONS.md: 20 unless the screen needs more). */
const COMMENTS_PAGE = 20;

/** A work's comments, newest first. */
export const list = publicQuery({
  args: { projectId: v.id("projects"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vCommentItem),
  handler: async (ctx, { projectId, paginationOpts }) => {
    const viewerId = ctx.viewerId;
    const result = await readPage(paginationOpts, COMMENTS_PAGE, (opts) =>
      ctx.db
        .query("comments")
        .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
        .order("desc")
        .paginate(opts),
    );
    return { ...result, page: await Promise.all(result.page.map((comment) => toCommentItem(ctx, comment, viewerId))) };
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
    if (!work) throw userError("NOT_FOUND", "プロジェクトが見つかりません");
    const commentId = await insertComment(ctx, viewer._id, projectId, text);
    if (wantsCommentEmail(await ctx.db.get("users", work.userId), viewer._id)) {
      await startCommentEmail(ctx, commentId);
    }
    return commentId;
  },
});

/** Deletes one of the caller's own comments and lowers the counts it raised. */
export const remove = userMutation({
  args: { commentId: v.id("comments") },
  returns: v.null(),
  handler: async (ctx, { commentId }) => {
    const viewer = ctx.viewer;
    const comment = await ctx.db.get("comments", commentId);
    if (!comment) throw userError("NOT_FOUND", "コメントが見つかりません");
    if (comment.userId !== viewer._id) throw userError("FORBIDDEN", "このコメントを削除する権限がありません");
    await removeComment(ctx, comment);
    return null;
  },
});
