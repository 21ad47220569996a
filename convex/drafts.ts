// Drafts of the posting wizard (model/drafts.ts): saved as the author types, listed on their own
// profile, resumed on /submit?draft=…, discarded, or consumed by projects.create.
import { v } from "convex/values";
import { vScreenshot, workFormFields } from "./schema";
import { memberMutation, publicQuery } from "./model/functions";
import {
  checkDraftRoom,
  checkDraftScreenshots,
  draftsOf,
  holdDraftFiles,
  ownDraft,
  removeDraft,
  toDraft,
  toDraftSummary,
  validatedDraft,
  vDraft,
  vDraftSummary,
} from "./model/drafts";
import { WORK_MESSAGES } from "./model/workRules";

/**
 * Saves the wizard's fields and images: a new draft without `id` (refused once the person keeps
 * 20), else the caller's draft `id`. Lengths are checked as the work form checks them; required
 * fields may be empty. Images must be the caller's checked uploads held by no work or other
 * draft. Returns the draft's id.
 */
export const save = memberMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "draftSave",
  args: {
    id: v.optional(v.string()),
    ...workFormFields,
    isZeroCode: v.boolean(),
    screenshots: v.array(vScreenshot),
  },
  returns: v.id("drafts"),
  handler: async (ctx, { id, screenshots, ...input }) => {
    const userId = ctx.viewer._id;
    const existing = id === undefined ? null : await ownDraft(ctx, userId, id);
    const fields = validatedDraft(input, screenshots.length);
    await checkDraftScreenshots(ctx, userId, existing?._id ?? null, screenshots);
    const updatedAt = Date.now();
    if (existing) {
      await ctx.db.patch("drafts", existing._id, {
        ...fields,
        screenshots,
        updatedAt,
      });
      await holdDraftFiles(ctx, existing._id, existing.screenshots, screenshots);
      return existing._id;
    }
    await checkDraftRoom(ctx, userId);
    const draftId = await ctx.db.insert("drafts", {
      userId,
      ...fields,
      screenshots,
      updatedAt,
    });
    await holdDraftFiles(ctx, draftId, [], screenshots);
    return draftId;
  },
});

/** Deletes the caller's draft and its images. */
export const discard = memberMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "draftSave",
  args: { id: v.string() },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    await removeDraft(ctx, await ownDraft(ctx, ctx.viewer._id, id), "delete");
    return null;
  },
});

/** The caller's own drafts, newest first (at most 20); nothing for anyone signed out. */
export const mine = publicQuery({
  args: {},
  returns: v.array(vDraftSummary),
  handler: async (ctx) => {
    if (!ctx.viewerId) return [];
    const drafts = await draftsOf(ctx, ctx.viewerId);
    return await Promise.all(drafts.map((draft) => toDraftSummary(ctx, draft)));
  },
});

/** One of the caller's drafts to resume; null when it is missing, malformed or someone else's. */
export const get = publicQuery({
  args: { id: v.string() },
  returns: v.union(vDraft, v.null()),
  handler: async (ctx, { id }) => {
    const draftId = ctx.db.normalizeId("drafts", id);
    const draft = draftId ? await ctx.db.get("drafts", draftId) : null;
    if (!draft || !ctx.viewerId || draft.userId !== ctx.viewerId) return null;
    return await toDraft(ctx, draft);
  },
});
