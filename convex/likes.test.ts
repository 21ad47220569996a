import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { readSiteCounter } from "./model/siteCounters";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";
import { readUserStats } from "./model/userStats";
import { setUserStats } from "./model/userStats.testkit";

async function state(t: TestConvex, projectId: Id<"projects">, authorId: Id<"users">) {
  return await t.run(async (ctx) => ({
    likesCount: (await ctx.db.get("projects", projectId))!.likesCount,
    likeRows: (
      await ctx.db
        .query("likes")
        .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", projectId))
        .take(500)
    ).length,
    toolRows: (
      await ctx.db
        .query("projectAiTools")
        .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
        .take(10)
    ).map((row) => row.likesCount),
    totalLikes: (await readUserStats(ctx, authorId)).totalLikes,
    site: await readSiteCounter(ctx, "likes"),
    notifications: (
      await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", authorId))
        .take(500)
    ).filter((n) => n.type === "like").length,
  }));
}

describe("likes.toggle", () => {
  test("like, unlike, like again keeps every counter in step and notifies the author", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId, { aiTools: ["Claude", "v0"] });
    expect(await fan.as.mutation(api.likes.toggle, { projectId })).toEqual({ liked: true, likesCount: 1 });
    expect(await state(t, projectId, author.userId)).toEqual({
      likesCount: 1,
      likeRows: 1,
      toolRows: [1, 1],
      totalLikes: 1,
      site: 1,
      notifications: 1,
    });
    expect(await fan.as.mutation(api.likes.toggle, { projectId })).toEqual({ liked: false, likesCount: 0 });
    expect(await state(t, projectId, author.userId)).toMatchObject({
      likesCount: 0,
      likeRows: 0,
      toolRows: [0, 0],
      totalLikes: 0,
      site: 0,
    });
    expect(await fan.as.mutation(api.likes.toggle, { projectId })).toEqual({ liked: true, likesCount: 1 });
    expect(await fan.as.query(api.projects.get, { id: projectId })).toMatchObject({ viewerHasLiked: true, likesCount: 1 });
  });

  test("no notification for one's own work or when the author turned like notifications off", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await author.as.mutation(api.likes.toggle, { projectId });
    expect(await state(t, projectId, author.userId)).toMatchObject({ likesCount: 1, notifications: 0 });
    await t.run(async (ctx) => {
      const user = (await ctx.db.get("users", author.userId))!;
      await ctx.db.patch("users", author.userId, {
        settings: { ...user.settings, notifications: { ...user.settings.notifications, likes: false } },
      });
    });
    await fan.as.mutation(api.likes.toggle, { projectId });
    expect(await state(t, projectId, author.userId)).toMatchObject({ likesCount: 2, notifications: 0 });
  });

  test("counters never go below 0", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await fan.as.mutation(api.likes.toggle, { projectId });
    // A drifted counter (say from before counters were exact) is floored, not made negative.
    await t.run(async (ctx) => {
      await ctx.db.patch("projects", projectId, { likesCount: 0 });
      await setUserStats(ctx, author.userId, { totalLikes: 0 });
    });
    expect(await fan.as.mutation(api.likes.toggle, { projectId })).toEqual({ liked: false, likesCount: 0 });
    expect(await state(t, projectId, author.userId)).toMatchObject({ likesCount: 0, totalLikes: 0 });
  });

  test("signed out, missing work and bad id are refused", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    expect(await errorOf(t.mutation(api.likes.toggle, { projectId }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "いいねするにはログインが必要です",
    });
    await t.run(async (ctx) => ctx.db.delete("projects", projectId));
    expect(await errorOf(author.as.mutation(api.likes.toggle, { projectId }))).toEqual({
      code: "NOT_FOUND",
      message: "プロジェクトが見つかりません",
    });
    expect(await errorOf(author.as.mutation(api.likes.toggle, { projectId: "x" as Id<"projects"> }))).toMatch(/Validator|projects/);
  });

  test("popularCreator is awarded at 100 total likes", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await t.run(async (ctx) => setUserStats(ctx, author.userId, { totalLikes: 99 }));
    await fan.as.mutation(api.likes.toggle, { projectId });
    const badges = await t.run((ctx) =>
      ctx.db
        .query("userBadges")
        .withIndex("by_userId_and_badgeId", (q) => q.eq("userId", author.userId).eq("badgeId", "popularCreator"))
        .take(2),
    );
    expect(badges).toHaveLength(1);
  });

  test("200 concurrent toggles by different users leave likesCount equal to the like rows", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId, { aiTools: ["Claude"] });
    const fans = [];
    for (let i = 0; i < 200; i++) fans.push(await createUser(t));
    // Half of them liked already, so the burst mixes likes and unlikes.
    await Promise.all(fans.slice(0, 100).map((fan) => fan.as.mutation(api.likes.toggle, { projectId })));
    const results = await Promise.all(fans.map((fan) => fan.as.mutation(api.likes.toggle, { projectId })));
    expect(results.filter((r) => r.liked)).toHaveLength(100);
    const after = await state(t, projectId, author.userId);
    expect(after).toMatchObject({ likesCount: 100, likeRows: 100, toolRows: [100], totalLikes: 100, site: 100 });
  });
});
