// Creators' counters (userStats) and site totals (the sharded siteCounters component) stay exact
// through a mix of concurrent likes, views, comments, follows and deletions, and a view or a like
// never writes the author's user document (which every card and comment reads).
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { signedInUsers } from "./model/challenges.testkit";
import { readSiteCounter } from "./model/siteCounters";
import { readUserStats } from "./model/userStats";
import { createWork } from "./model/works.testkit";
import { newTest, type TestConvex } from "./test.setup";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** What the counters should say, counted from the rows themselves. */
async function recount(t: TestConvex, authorId: Id<"users">) {
  return await t.run(async (ctx) => {
    const works = await ctx.db
      .query("projects")
      .withIndex("by_userId", (q) => q.eq("userId", authorId))
      .take(100);
    const likes = (await ctx.db.query("likes").take(10_000)).filter((like) => works.some((w) => w._id === like.projectId));
    const views = (await ctx.db.query("views").take(10_000)).filter((view) => works.some((w) => w._id === view.projectId));
    const followers = await ctx.db
      .query("follows")
      .withIndex("by_followeeId", (q) => q.eq("followeeId", authorId))
      .take(1000);
    return {
      stats: {
        projectsCount: works.length,
        zeroCodeCount: works.filter((w) => w.isZeroCode).length,
        totalLikes: likes.length,
        totalViews: views.length,
        followersCount: followers.length,
      },
      site: { likes: (await ctx.db.query("likes").take(10_000)).length, projects: (await ctx.db.query("projects").take(1000)).length },
      works: works.map((w) => ({
        likesCount: w.likesCount,
        realLikes: likes.filter((like) => like.projectId === w._id).length,
        viewsCount: w.viewsCount,
        realViews: views.filter((view) => view.projectId === w._id).length,
      })),
    };
  });
}

describe("creator stats and site totals", () => {
  test("exact after concurrent likes, views, comments, follows and deletions", async () => {
    const t = newTest();
    const [author, ...fans] = await signedInUsers(t, 41, "ファン");
    const works = [
      await createWork(t, author!.userId, { title: "一つ目", isZeroCode: true }),
      await createWork(t, author!.userId, { title: "二つ目" }),
      await createWork(t, author!.userId, { title: "三つ目" }),
    ];
    await Promise.all(
      fans.flatMap((fan, i) => [
        fan.as.mutation(api.likes.toggle, { projectId: works[i % 3]! }),
        fan.as.mutation(api.likes.toggle, { projectId: works[(i + 1) % 3]! }),
        fan.as.mutation(api.views.record, { projectId: works[i % 3]! }),
        fan.as.mutation(api.comments.add, { projectId: works[i % 3]!, content: `感想${i}` }),
        fan.as.mutation(api.follows.toggle, { userId: author!.userId }),
      ]),
    );
    // Half the fans take one like back, a third unfollow, and one work is deleted.
    await Promise.all(
      fans.flatMap((fan, i) => [
        ...(i % 2 === 0 ? [fan.as.mutation(api.likes.toggle, { projectId: works[i % 3]! })] : []),
        ...(i % 3 === 0 ? [fan.as.mutation(api.follows.toggle, { userId: author!.userId })] : []),
      ]),
    );
    await author!.as.mutation(api.projects.remove, { id: works[2]! });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const truth = await recount(t, author!.userId);
    const stats = await t.run((ctx) => readUserStats(ctx, author!.userId));
    expect(stats).toMatchObject(truth.stats);
    expect(truth.stats.totalLikes).toBeGreaterThan(0);
    for (const work of truth.works) {
      expect(work.likesCount).toBe(work.realLikes);
      expect(work.viewsCount).toBe(work.realViews);
    }
    const home = await t.query(api.home.overview, {});
    expect(home.counts.likes).toBe(truth.site.likes);
    expect(home.counts.projects).toBe(truth.site.projects);
    expect(await t.run((ctx) => readSiteCounter(ctx, "likes"))).toBe(truth.site.likes);
  });

  test("a view or a like leaves the author's user document untouched", async () => {
    const t = newTest();
    const [author, fan] = await signedInUsers(t, 2, "作者");
    const projectId = await createWork(t, author!.userId);
    const before = await t.run((ctx) => ctx.db.get("users", author!.userId));
    await fan!.as.mutation(api.views.record, { projectId });
    await fan!.as.mutation(api.likes.toggle, { projectId });
    await fan!.as.mutation(api.comments.add, { projectId, content: "すてき" });
    await fan!.as.mutation(api.follows.toggle, { userId: author!.userId });
    expect(await t.run((ctx) => ctx.db.get("users", author!.userId))).toEqual(before);
    expect(await t.run((ctx) => readUserStats(ctx, author!.userId))).toMatchObject({
      totalViews: 1,
      totalLikes: 1,
      followersCount: 1,
    });
  });

  test("the home statistics read a bounded number of documents however many works and likes there are", async () => {
    // Every counter read touches only its few shards, so a small read cap is enough.
    const t = newTest({ documentsRead: 200 });
    const [author, ...fans] = await signedInUsers(t, 30, "ファン");
    const projectId = await createWork(t, author!.userId);
    for (const fan of fans) await fan.as.mutation(api.likes.toggle, { projectId });
    const home = await t.query(api.home.overview, {});
    expect(home.counts).toMatchObject({ likes: 29, projects: 1, users: 0 });
  });
});
