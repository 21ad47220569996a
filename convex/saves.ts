// Saved works (ストック): private to the saver (model/saves.ts).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import { internalMutation } from "./_generated/server";
import { recordDaily } from "./model/analytics";
import { memberMutation, publicQuery } from "./model/functions";
import { userError } from "./model/errors";
import { muteFilter } from "./model/mutes";
import { readPage } from "./model/pagination";
import { findSave, mergeSaves, notifyUpdateBatch, SAVE_MESSAGES, SAVES_MERGE_MAX, SAVES_PAGE_SIZE, savableWork } from "./model/saves";
import { toWorkCard, vWorkCard } from "./model/workCards";

/** Saves or unsaves a work for the caller. A hidden or missing work cannot be saved (only unsaved). */
export const toggle = memberMutation({
  signInMessage: SAVE_MESSAGES.signInRequired,
  rateLimit: "save",
  args: { projectId: v.id("projects") },
  returns: v.object({ saved: v.boolean() }),
  handler: async (ctx, { projectId }) => {
    const existing = await findSave(ctx, ctx.viewer._id, projectId);
    if (existing) {
      await ctx.db.delete("saves", existing._id);
      const work = await ctx.db.get("projects", projectId);
      if (work) await recordDaily(ctx, { work, figure: "unsaves" });
      return { saved: false };
    }
    const work = await savableWork(ctx, projectId);
    if (!work) throw userError("NOT_FOUND", SAVE_MESSAGES.notFound);
    await ctx.db.insert("saves", { userId: ctx.viewer._id, projectId });
    await recordDaily(ctx, { work, figure: "saves" });
    return { saved: true };
  },
});

/**
 * Merges what the caller saved in this browser before signing in (work ids as stored there, oldest
 * first). Malformed, unknown, deleted and hidden ids are skipped, saved ones kept as they are.
 * Returns how many were added.
 */
export const mergeLocal = memberMutation({
  signInMessage: SAVE_MESSAGES.signInRequired,
  rateLimit: "save",
  args: { projectIds: v.array(v.string()) },
  returns: v.object({ added: v.number() }),
  handler: async (ctx, { projectIds }) => {
    if (projectIds.length > SAVES_MERGE_MAX) throw userError("INVALID_INPUT", SAVE_MESSAGES.tooMany);
    return { added: await mergeSaves(ctx, ctx.viewer._id, projectIds) };
  },
});

/** Whether the caller saved the work; false for visitors. */
export const status = publicQuery({
  args: { projectId: v.id("projects") },
  returns: v.boolean(),
  handler: async (ctx, { projectId }) => {
    if (ctx.viewerId === null) return false;
    return (await findSave(ctx, ctx.viewerId, projectId)) !== null;
  },
});

/**
 * /saved: the caller's saved works, newest saved first, 20 a page. Hidden and deleted works and
 * works by users the caller mutes are skipped (a page may come up short, never wrong). Visitors
 * get an empty page (their bookmarks are in the browser: see localCards).
 */
export const list = publicQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { paginationOpts }) => {
    const viewerId = ctx.viewerId;
    if (viewerId === null) return { page: [], isDone: true, continueCursor: "" };
    const result = await readPage(paginationOpts, SAVES_PAGE_SIZE, (opts) =>
      ctx.db
        .query("saves")
        .withIndex("by_userId", (q) => q.eq("userId", viewerId))
        .order("desc")
        .paginate(opts),
    );
    const works = (await Promise.all(result.page.map((save) => savableWork(ctx, save.projectId)))).filter(
      (work): work is Doc<"projects"> => work !== null,
    );
    const shown = await (await muteFilter(ctx, viewerId)).visible(works, (work) => work.userId);
    return { ...result, page: await Promise.all(shown.map((work) => toWorkCard(ctx, work))) };
  },
});

/**
 * A visitor's /saved: cards for the work ids kept in their browser, in the order given, skipping
 * malformed, missing and hidden ones. At most SAVES_MERGE_MAX ids; the page asks for 20 more at a
 * time.
 */
export const localCards = publicQuery({
  args: { projectIds: v.array(v.string()) },
  returns: v.array(vWorkCard),
  handler: async (ctx, { projectIds }) => {
    if (projectIds.length > SAVES_MERGE_MAX) throw userError("INVALID_INPUT", SAVE_MESSAGES.tooMany);
    const works: Doc<"projects">[] = [];
    const seen = new Set<string>();
    for (const raw of projectIds) {
      const projectId = ctx.db.normalizeId("projects", raw);
      if (projectId === null || seen.has(projectId)) continue;
      seen.add(projectId);
      const work = await savableWork(ctx, projectId);
      if (work) works.push(work);
    }
    return await Promise.all(works.map((work) => toWorkCard(ctx, work)));
  },
});

/** One batch of telling savers that a work was updated (model/saves.ts); reschedules itself. */
export const notifyUpdate = internalMutation({
  args: { projectId: v.id("projects"), cursor: v.union(v.string(), v.null()), startedAt: v.number() },
  returns: v.null(),
  handler: async (ctx, { projectId, cursor, startedAt }) => {
    const next = await notifyUpdateBatch(ctx, projectId, cursor, startedAt);
    if (next !== null) await ctx.scheduler.runAfter(0, internal.saves.notifyUpdate, { projectId, cursor: next, startedAt });
    return null;
  },
});
