// Comment rules (docs/product.md "Work page") and the comment e-mail decision
// (docs/decisions.md "Notifications").
import { v } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { LIMITS } from "../constants";
import { cleanText, textProblem } from "./cleanText";
import { userError } from "./errors";
import { publicAuthor } from "./users";
import { vPublicAuthor } from "./workCards";

export const COMMENT_SIGN_IN_MESSAGE = "コメントするにはログインが必要です";
export const COMMENT_BLANK_MESSAGE = "コメントを入力してください";
export const COMMENT_TOO_LONG_MESSAGE = `コメントは${LIMITS.commentMax}文字以内で入力してください`;

/**
 * The comment as stored (cleaned by the shared text rule, model/cleanText.ts: NFC, control
 * characters but newline and tab removed, trimmed), or a user error when it holds bidirectional
 * controls, is blank or is too long (counted in characters).
 */
export function validComment(content: string): string {
  const trimmed = cleanText(content, "multiline");
  const textIssue = textProblem(trimmed);
  if (textIssue) throw userError("INVALID_INPUT", textIssue, { content: textIssue });
  if (!trimmed) throw userError("INVALID_INPUT", COMMENT_BLANK_MESSAGE, { content: COMMENT_BLANK_MESSAGE });
  if (Array.from(trimmed).length > LIMITS.commentMax) {
    throw userError("INVALID_INPUT", COMMENT_TOO_LONG_MESSAGE, { content: COMMENT_TOO_LONG_MESSAGE });
  }
  return trimmed;
}

/**
 * The author gets the comment e-mail when someone else commented, they have an address, and
 * they keep both e-mail notifications and comment e-mails on (settings).
 */
export function wantsCommentEmail(author: Doc<"users"> | null, writerId: Id<"users">): author is Doc<"users"> {
  return (
    author !== null &&
    author._id !== writerId &&
    !!author.email &&
    author.settings.notifications.email &&
    author.settings.emailNotifications.comments
  );
}

export const vCommentItem = v.object({
  _id: v.id("comments"),
  content: v.string(),
  createdAt: v.number(),
  author: vPublicAuthor,
  isMine: v.boolean(),
  /** The viewer may delete it: their own comment, or any comment on their own work. */
  canDelete: v.boolean(),
  /** Hidden or held: shown only to its author (with this note) and to moderators. */
  moderation: v.union(
    v.object({ state: v.union(v.literal("hidden"), v.literal("pending"), v.literal("held")), reason: v.string() }),
    v.null(),
  ),
});

export async function toCommentItem(
  ctx: QueryCtx,
  comment: Doc<"comments">,
  viewerId: Id<"users"> | null,
  workAuthorId: Id<"users"> | null,
) {
  return {
    _id: comment._id,
    content: comment.content,
    createdAt: comment._creationTime,
    author: await publicAuthor(ctx, comment.userId),
    isMine: viewerId === comment.userId,
    canDelete: viewerId !== null && (viewerId === comment.userId || viewerId === workAuthorId),
    moderation: comment.moderation ? { state: comment.moderation.state, reason: comment.moderation.reason } : null,
  };
}
