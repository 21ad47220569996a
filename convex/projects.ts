// The gallery and the work page (SPEC.md "Gallery", "Work detail"; DECISIONS.md "Gallery").
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, mutation, query } from "./_generated/server";
import { getViewerId, requireViewer } from "./model/auth";
import { userError } from "./model/errors";
import { galleryPage, gallerySearch, vGallerySort } from "./model/gallery";
import { deleteProjectCascade } from "./model/projectDeletion";
import { searchTextFor } from "./model/search";
import { readSiteCounter } from "./model/siteCounters";
import { toWorkCard, vWorkCard } from "./model/workCards";
import { relatedWorks, toWorkDetail, vWorkDetail } from "./model/workDetails";

export const PROJECT_NOT_FOUND_MESSAGE = "プロジェクトが見つかりません";
export const DELETE_FORBIDDEN_MESSAGE = "You do not have permission to delete this project";

const filterArgs = {
  genre: v.optional(v.string()),
  aiTool: v.optional(v.string()),
  zeroCode: v.optional(v.boolean()),
  sort: vGallerySort,
};

/**
 * The gallery without search text, for usePaginatedQuery (page size LIMITS.galleryPageSize).
 * Genre: undefined/"all", any genre id or the alias "web"; anything else throws
 * 'ジャンルが正しくありません'. `search` is accepted so one argument object serves both calls, but
 * text search goes through `projects.search`; non-blank text here is an error.
 */
export const list = query({
  args: { paginationOpts: paginationOptsValidator, search: v.optional(v.string()), ...filterArgs },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { paginationOpts, search, ...rest }) => {
    if (search?.trim()) throw new Error("projects.list: use projects.search for text search");
    return await galleryPage(ctx, { ...rest, paginationOpts });
  },
});

/**
 * Text search (case-insensitive substring of title or description, Japanese included) with the
 * same filters and sorts. `limit` grows by 20 with "load more" (at most `cap`). `capped` means
 * the search index gave `cap` candidates, so only the best `cap` were considered.
 */
export const search = query({
  args: { search: v.string(), limit: v.optional(v.number()), ...filterArgs },
  returns: v.object({ items: v.array(vWorkCard), total: v.number(), capped: v.boolean(), cap: v.number() }),
  handler: async (ctx, args) => await gallerySearch(ctx, args),
});

/** The gallery's summary tiles, from stored site counters. */
export const summary = query({
  args: {},
  returns: v.object({ total: v.number(), zeroCode: v.number() }),
  handler: async (ctx) => ({
    total: await readSiteCounter(ctx, "projects"),
    zeroCode: await readSiteCounter(ctx, "zeroCodeProjects"),
  }),
});

/** The work page; null when the id is malformed or the work does not exist. */
export const get = query({
  args: { id: v.string() },
  returns: v.union(vWorkDetail, v.null()),
  handler: async (ctx, { id }) => {
    const projectId = ctx.db.normalizeId("projects", id);
    const work = projectId ? await ctx.db.get("projects", projectId) : null;
    if (!work) return null;
    return await toWorkDetail(ctx, work, await getViewerId(ctx));
  },
});

/** Up to 3 other works: sharing tags first, then others (never the work itself). */
export const related = query({
  args: { id: v.string() },
  returns: v.array(vWorkCard),
  handler: async (ctx, { id }) => {
    const projectId = ctx.db.normalizeId("projects", id);
    const work = projectId ? await ctx.db.get("projects", projectId) : null;
    if (!work) return [];
    return await Promise.all((await relatedWorks(ctx, work)).map((other) => toWorkCard(ctx, other)));
  },
});

/** Deletes the caller's own work at once; its likes, comments, views ... follow in batches. */
export const remove = mutation({
  args: { id: v.id("projects") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = await requireViewer(ctx);
    const work = await ctx.db.get("projects", id);
    if (!work) throw userError("NOT_FOUND", PROJECT_NOT_FOUND_MESSAGE);
    if (work.userId !== viewer._id) throw userError("FORBIDDEN", DELETE_FORBIDDEN_MESSAGE);
    await deleteProjectCascade(ctx, work);
    return null;
  },
});

/**
 * Rewrites every work's searchText with the current searchTextFor (it gained each word's last
 * character, so one-character searches find it at the end of a word). Run once on existing data:
 * `npx convex run projects:backfillSearchText`; it walks the table in scheduled batches.
 */
export const backfillSearchText = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const batch = await ctx.db.query("projects").paginate({ numItems: 200, cursor: cursor ?? null });
    for (const work of batch.page) {
      const searchText = searchTextFor(work.title, work.description);
      if (searchText !== work.searchText) await ctx.db.patch("projects", work._id, { searchText });
    }
    if (!batch.isDone) await ctx.scheduler.runAfter(0, internal.projects.backfillSearchText, { cursor: batch.continueCursor });
    return null;
  },
});
