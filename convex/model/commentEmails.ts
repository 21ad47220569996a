// Starting the comment e-mail: through the action-retrier component, which retries the send
// (convex/emails.ts) with backoff when it throws (429, 5xx, network errors).
import { ActionRetrier } from "@convex-dev/action-retrier";
import { components, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/** One try and at most two retries, 2 s and then 8 s later. */
const emailRetrier = new ActionRetrier(components.actionRetrier, { initialBackoffMs: 2000, base: 4, maxFailures: 2 });

/** Start delivering the e-mail for a new comment (the caller checked the author wants it). */
export async function startCommentEmail(ctx: MutationCtx, commentId: Id<"comments">): Promise<void> {
  await emailRetrier.run(ctx, internal.emails.sendCommentEmail, { commentId });
}
