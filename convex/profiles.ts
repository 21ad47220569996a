// The profile page's works and liked-works tabs (docs/decisions.md "Privacy"): both
// follow the profile's privacy on the server, newest first, a gallery page at a time.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { LIMITS } from "./constants";
import { publicQuery } from "./model/functions";
import { readPage } from "./model/pagination";
import { profileAccess } from "./model/profiles";
import { toWorkCard, vWorkCard } from "./model/workCards";

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

/** Whether the caller may see this user's works and liked works. */
async function canSeeWorks(ctx: QueryCtx, userId: Id<"users">, viewerId: Id<"users"> | null): Promise<boolean> {
  const user = await ctx.db.get("users", userId);
  return user !== null && profileAccess(user, viewerId).canSeeProjects;
}

/** A user's works, newest first. Empty for others when their works are hidden. */
export const works = publicQuery({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { userId, paginationOpts }) => {
    if (!(await canSeeWorks(ctx, userId, ctx.viewerId))) return EMPTY_PAGE;
    const result = await readPage(paginationOpts, LIMITS.galleryPageSize, (opts) =>
      ctx.db
        .query("projects")
        // The owner sees their hidden works too (with the reason); others never read them.
        .withIndex(ctx.viewerId === userId ? "by_userId" : "by_userId_and_hidden", (q) =>
          ctx.viewerId === userId ? q.eq("userId", userId) : q.eq("userId", userId).eq("hidden", undefined),
        )
        .order("desc")
        .paginate(opts),
    );
    return { ...result, page: await Promise.all(result.page.map((work) => toWorkCard(ctx, work))) };
  },
});

/** The works a user liked, most recently liked first. Empty for others when hidden. */
export const likedWorks = publicQuery({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { userId, paginationOpts }) => {
    if (!(await canSeeWorks(ctx, userId, ctx.viewerId))) return EMPTY_PAGE;
    const result = await readPage(paginationOpts, LIMITS.galleryPageSize, (opts) =>
      ctx.db
        .query("likes")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .order("desc")
        .paginate(opts),
    );
    const works = await Promise.all(result.page.map((like) => ctx.db.get("projects", like.projectId)));
    const cards = await Promise.all(works.filter((work) => work !== null).map((work) => toWorkCard(ctx, work)));
    return { ...result, page: cards };
  },
});
