import { v } from "convex/values";
import { publicQuery } from "./model/functions";
import { muteFilter } from "./model/mutes";
import { readSiteCounter } from "./model/siteCounters";
import { toWorkCard, vWorkCard } from "./model/workCards";

/**
 * The home page: real site counts (the page adds the goal offsets, docs/product.md "Home") from
 * stored counters, and the three most-liked works.
 */
export const overview = publicQuery({
  args: {},
  returns: v.object({
    counts: v.object({ projects: v.number(), users: v.number(), zeroCodeProjects: v.number(), likes: v.number() }),
    topWorks: v.array(vWorkCard),
  }),
  handler: async (ctx) => {
    const [projects, users, zeroCodeProjects, likes] = await Promise.all(
      (["projects", "users", "zeroCodeProjects", "likes"] as const).map((key) => readSiteCounter(ctx, key)),
    );
    // Works by users the viewer mutes are left out: read that many more, keep the first three.
    const mutes = await muteFilter(ctx, ctx.viewerId);
    const read = await ctx.db
      .query("projects")
      .withIndex("by_hidden_and_likesCount", (q) => q.eq("hidden", undefined))
      .order("desc")
      .take(3 + mutes.extra);
    const top = (await mutes.visible(read, (work) => work.userId)).slice(0, 3);
    return {
      counts: { projects: projects!, users: users!, zeroCodeProjects: zeroCodeProjects!, likes: likes! },
      topWorks: await Promise.all(top.map((work) => toWorkCard(ctx, work))),
    };
  },
});
