import { expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createWork } from "./model/works.testkit";
import { createUser, newTest } from "./test.setup";

test("views.record counts signed-in and signed-out visits for the work and its author", async () => {
  const t = newTest();
  const author = await createUser(t);
  const fan = await createUser(t);
  const projectId = await createWork(t, author.userId);
  expect(await t.mutation(api.views.record, { projectId })).toBeNull();
  await fan.as.mutation(api.views.record, { projectId });
  const state = await t.run(async (ctx) => ({
    viewsCount: (await ctx.db.get("projects", projectId))!.viewsCount,
    totalViews: (await ctx.db.get("users", author.userId))!.totalViews,
    rows: (await ctx.db.query("views").withIndex("by_projectId", (q) => q.eq("projectId", projectId)).take(5)).map((v) => v.userId ?? null),
  }));
  expect(state).toEqual({ viewsCount: 2, totalViews: 2, rows: [null, fan.userId] });
});

test("views.record awards trendsetter at 1,000 views and ignores a deleted work", async () => {
  const t = newTest();
  const author = await createUser(t);
  const projectId = await createWork(t, author.userId);
  await t.run(async (ctx) => ctx.db.patch("projects", projectId, { viewsCount: 999 }));
  await t.mutation(api.views.record, { projectId });
  const badge = await t.run((ctx) =>
    ctx.db.query("userBadges").withIndex("by_userId_and_badgeId", (q) => q.eq("userId", author.userId).eq("badgeId", "trendsetter")).first(),
  );
  expect(badge).not.toBeNull();
  await t.run(async (ctx) => ctx.db.delete("projects", projectId));
  expect(await t.mutation(api.views.record, { projectId })).toBeNull();
  await expect(t.mutation(api.views.record, { projectId: "bad" as Id<"projects"> })).rejects.toThrow();
});
