// The following feed (フォロー中): works by the creators I follow, and popular creators to follow
// when it is empty. Why fan-out on write, and every bounded write: model/feed.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import {
  fanOutWorkBatch,
  FEED_PAGE_SIZE,
  feedPage,
  markWorkHiddenBatch,
  popularCreators,
  removeAuthorItemsBatch,
  vSuggestedCreator,
} from "./model/feed";
import { publicQuery } from "./model/functions";
import { readPage } from "./model/pagination";
import { vWorkCard } from "./model/workCards";

/**
 * The caller's feed, newest work first, FEED_PAGE_SIZE a page (for usePaginatedQuery). A visitor
 * gets an empty page: there is nobody they follow.
 */
export const list = publicQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { paginationOpts }) => {
    const viewerId = ctx.viewerId;
    return await readPage(paginationOpts, FEED_PAGE_SIZE, async (opts) => {
      if (viewerId === null) return { page: [], isDone: true, continueCursor: "" };
      return await feedPage(ctx, viewerId, opts);
    });
  },
});

/** Up to 8 popular creators the caller might follow (the empty feed's suggestions). */
export const suggestions = publicQuery({
  args: {},
  returns: v.array(vSuggestedCreator),
  handler: async (ctx) => await popularCreators(ctx, ctx.viewerId),
});

/** The new_work fan-out: one batch of the author's followers, then the next in its own run. */
export const fanOutWork = internalMutation({
  args: { projectId: v.id("projects"), cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { projectId, cursor }) => {
    const next = await fanOutWorkBatch(ctx, projectId, cursor);
    if (next !== null) await ctx.scheduler.runAfter(0, internal.feed.fanOutWork, { projectId, cursor: next });
    return null;
  },
});

/** After an unfollow: the creator's rows leave the feed, a batch per run. */
export const removeAuthorItems = internalMutation({
  args: { userId: v.id("users"), authorId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, args) => {
    if (!(await removeAuthorItemsBatch(ctx, args.userId, args.authorId))) {
      await ctx.scheduler.runAfter(0, internal.feed.removeAuthorItems, args);
    }
    return null;
  },
});

/** After a hide or restore: the work's rows are marked (or unmarked) hidden, a batch per run. */
export const markWorkHidden = internalMutation({
  args: { projectId: v.id("projects"), hidden: v.boolean() },
  returns: v.null(),
  handler: async (ctx, args) => {
    if (!(await markWorkHiddenBatch(ctx, args.projectId, args.hidden))) {
      await ctx.scheduler.runAfter(0, internal.feed.markWorkHidden, args);
    }
    return null;
  },
});
