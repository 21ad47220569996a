// The comment e-mail (docs/decisions.md "Notifications"): an EmailJS-compatible POST,
// started by comments.add through the action-retrier component (model/commentEmails.ts), which
// tries again with backoff when this throws: the provider answered 429 or 5xx or could not be
// reached (3 tries at most). 403 and 451 are refusals that will not change: logged and dropped.
// It never fails the comment.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalQuery } from "./_generated/server";
import { wantsCommentEmail } from "./model/comments";
import { displayNameOf } from "./model/users";

const APP_NAME = "Vibe Gallery";

/** Whether trying again later can help: rate limits, server errors (network errors throw too). */
function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

const vCommentEmail = v.object({
  to_email: v.string(),
  to_name: v.string(),
  from_name: v.string(),
  project_title: v.string(),
  projectId: v.id("projects"),
  comment_content: v.string(),
  commentCreatedAt: v.number(),
});

/** What the e-mail needs, or null when the comment, work or author is gone or opted out since. */
export const commentEmailData = internalQuery({
  args: { commentId: v.id("comments") },
  returns: v.union(vCommentEmail, v.null()),
  handler: async (ctx, { commentId }) => {
    const comment = await ctx.db.get("comments", commentId);
    const work = comment ? await ctx.db.get("projects", comment.projectId) : null;
    if (!comment || !work) return null;
    const author = await ctx.db.get("users", work.userId);
    if (!wantsCommentEmail(author, comment.userId)) return null;
    const writer = await ctx.db.get("users", comment.userId);
    return {
      to_email: author.email!,
      to_name: displayNameOf(author),
      from_name: writer ? displayNameOf(writer) : "退会したユーザー",
      project_title: work.title,
      projectId: work._id,
      comment_content: comment.content,
      commentCreatedAt: comment._creationTime,
    };
  },
});

export const sendCommentEmail = internalAction({
  args: { commentId: v.id("comments") },
  returns: v.null(),
  handler: async (ctx, { commentId }) => {
    const env = {
      service: process.env.EMAILJS_SERVICE_ID,
      template: process.env.EMAILJS_TEMPLATE_ID,
      publicKey: process.env.EMAILJS_PUBLIC_KEY,
      endpoint: process.env.EMAILJS_ENDPOINT,
    };
    if (!env.service || !env.template || !env.publicKey || !env.endpoint) {
      console.log("comment e-mail skipped: not configured");
      return null;
    }
    const data = await ctx.runQuery(internal.emails.commentEmailData, { commentId });
    if (!data) return null;
    const { projectId, commentCreatedAt, ...params } = data;
    const body = {
      service_id: env.service,
      template_id: env.template,
      user_id: env.publicKey,
      template_params: {
        ...params,
        project_url: `${process.env.SITE_URL ?? ""}/projects/${projectId}`,
        comment_date: new Date(commentCreatedAt).toLocaleString("ja-JP", { timeZone: "Asia/Tokyo" }),
        app_name: APP_NAME,
      },
    };
    // A network error throws from fetch: retried like a 5xx.
    const response = await fetch(env.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (isRetryable(response.status)) throw new Error(`comment e-mail not sent yet: HTTP ${response.status}`);
    if (!response.ok) console.warn(`comment e-mail dropped: HTTP ${response.status}`);
    return null;
  },
});
