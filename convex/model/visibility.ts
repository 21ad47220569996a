// Who sees what a moderator (or an automatic signal) took out of sight: the author, with the
// reason, and moderators; everyone else sees nothing of it (docs: trust and safety).
import { v } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import type { ModerationState } from "../schema";
import { isModerator } from "./functions";

/** What the author and moderators are told about a hidden, pending or held row. */
export const vModerationView = v.union(
  v.object({
    state: v.union(v.literal("hidden"), v.literal("pending"), v.literal("held")),
    reason: v.string(),
    reviewRequested: v.boolean(),
  }),
  v.null(),
);

type Moderated = { hidden?: true; moderation?: ModerationState };

export function moderationView(row: Moderated) {
  return row.moderation
    ? { state: row.moderation.state, reason: row.moderation.reason, reviewRequested: row.moderation.reviewRequested }
    : null;
}

/** Whether the caller is a moderator; one read, made only when a hidden row needs the answer. */
export async function viewerIsModerator(ctx: QueryCtx, viewerId: Id<"users"> | null): Promise<boolean> {
  return viewerId !== null && isModerator(await ctx.db.get("users", viewerId));
}

/** Whether `viewerId` may see `row` (owned by `ownerId`): always when shown; else author or moderator. */
export async function canSee(
  ctx: QueryCtx,
  row: Moderated,
  ownerId: Id<"users"> | undefined,
  viewerId: Id<"users"> | null,
): Promise<boolean> {
  if (row.hidden !== true) return true;
  if (viewerId !== null && viewerId === ownerId) return true;
  return await viewerIsModerator(ctx, viewerId);
}

/**
 * The work `id` names as anyone outside the app may see it (a share card, an embed, a cover), or
 * null when the id is malformed or the work is gone or hidden.
 */
export async function shownWork(ctx: QueryCtx, id: string): Promise<Doc<"projects"> | null> {
  const projectId = ctx.db.normalizeId("projects", id);
  const work = projectId ? await ctx.db.get("projects", projectId) : null;
  // A work a moderator hid shows nothing of itself outside the app either.
  return work && work.hidden !== true ? work : null;
}
