// 急上昇 and the rankings: the scheduled refresh (model/trending.ts) and the /ranking queries.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { resolveGenre } from "./model/gallery";
import { publicQuery } from "./model/functions";
import { muteFilter } from "./model/mutes";
import { rankedCreators, rankedWorks, ranksOf, refreshBatch } from "./model/trending";
import { publicAuthorOf } from "./model/users";
import { toWorkCard, vPublicAuthor, vWorkCard } from "./model/workCards";

/**
 * Rescores the works marked by activity, then slides every window counted up to an earlier Japan
 * day (the first run after midnight does that for the whole site), RESCORE_BATCH works per run,
 * rescheduling itself while rows are left. Run every 10 minutes by crons.ts.
 */
export const refresh = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx): Promise<null> => {
    if (await refreshBatch(ctx, Date.now())) await ctx.scheduler.runAfter(0, internal.trending.refresh, {});
    return null;
  },
});

/** Works the home page shows under 急上昇の作品. */
export const HOME_TRENDING_SIZE = 6;

/**
 * The home page's 急上昇の作品: the six highest trend scores (works with none are left out), by
 * the gallery's trending index; muted authors' works are skipped.
 */
export const homeWorks = publicQuery({
  args: {},
  returns: v.array(vWorkCard),
  handler: async (ctx) => {
    const mutes = await muteFilter(ctx, ctx.viewerId);
    const read = await ctx.db
      .query("projects")
      .withIndex("by_hidden_and_trendScore", (q) => q.eq("hidden", undefined).gt("trendScore", 0))
      .order("desc")
      .take(HOME_TRENDING_SIZE + mutes.extra);
    const top = (await mutes.visible(read, (work) => work.userId)).slice(0, HOME_TRENDING_SIZE);
    return await Promise.all(top.map((work) => toWorkCard(ctx, work)));
  },
});

export const vRankingWindow = v.union(v.literal("today"), v.literal("week"), v.literal("month"), v.literal("all"));

/**
 * /ranking: the top 50 works by likes gained in the window (今日 = the current Japan day, 今週 =
 * the last 7 days, 今月 = the last 30, 全期間 = all likes), optionally one genre. Hidden works and
 * works by users the viewer mutes never appear. `rank` is shared by equal likes (1, 2, 2, 4).
 */
export const works = publicQuery({
  args: { window: vRankingWindow, genre: v.optional(v.string()) },
  returns: v.array(v.object({ rank: v.number(), likes: v.number(), work: vWorkCard })),
  handler: async (ctx, args) => {
    const genre = resolveGenre(args.genre);
    const mutes = await muteFilter(ctx, ctx.viewerId);
    const ranked = await rankedWorks(ctx, args.window, genre, mutes);
    const ranks = ranksOf(ranked.map((entry) => entry.likes));
    return await Promise.all(
      ranked.map(async (entry, i) => ({ rank: ranks[i]!, likes: entry.likes, work: await toWorkCard(ctx, entry.work) })),
    );
  },
});

/** The weekly creator ranking: net likes received in the last 7 Japan days, top 20. */
export const creators = publicQuery({
  args: {},
  returns: v.array(v.object({ rank: v.number(), likes: v.number(), author: vPublicAuthor })),
  handler: async (ctx) => {
    const mutes = await muteFilter(ctx, ctx.viewerId);
    const ranked = await rankedCreators(ctx, mutes);
    const ranks = ranksOf(ranked.map(({ row }) => row.likesWeek));
    return await Promise.all(
      ranked.map(async ({ row, user }, i) => ({ rank: ranks[i]!, likes: row.likesWeek, author: await publicAuthorOf(ctx, user) })),
    );
  },
});
