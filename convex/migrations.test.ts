import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { createChallenge, dayFromToday, useJapanNoon } from "./model/challenges.testkit";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";

beforeEach(useJapanNoon);
afterEach(() => {
  vi.useRealTimers();
});

/** Data as an older version left it: no search folding, no list order, ungrouped notifications. */
async function oldData(t: TestConvex) {
  const author = await createUser(t);
  const fan = await createUser(t);
  const workId = await createWork(t, author.userId, { title: "今日のパレット", description: "配色" });
  await fan.as.mutation(api.likes.toggle, { projectId: workId });
  const challengeId = await createChallenge(author.as, { endDate: dayFromToday(10) });
  await t.run(async (ctx) => {
    await ctx.db.patch("projects", workId, { searchText: "今日のパレット 配色" });
    await ctx.db.patch("challenges", challengeId, { listRank: undefined, listKey: undefined });
    for (const row of await ctx.db.query("notifications").collect()) {
      await ctx.db.patch("notifications", row._id, { latestAt: undefined, tab: undefined, groupKey: undefined, groupCount: undefined });
    }
    for (const row of await ctx.db.query("notificationCounts").collect()) await ctx.db.delete("notificationCounts", row._id);
  });
  return { author, workId, challengeId };
}

async function runAll(t: TestConvex) {
  await t.mutation(internal.migrations.runAll, {});
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

test("migrations:runAll brings every table up to date, in batches, and a second run changes nothing", async () => {
  const t = newTest();
  const { author, workId, challengeId } = await oldData(t);
  expect((await t.query(api.projects.search, { search: "ぱれっと", sort: "newest" })).items).toEqual([]);

  await runAll(t);
  expect((await t.query(api.projects.search, { search: "ぱれっと", sort: "newest" })).items.map((w) => w._id)).toEqual([workId]);
  const migrated = await t.run(async (ctx) => ({
    challenge: (await ctx.db.get("challenges", challengeId))!,
    notifications: await ctx.db.query("notifications").collect(),
  }));
  expect(migrated.challenge).toMatchObject({ listRank: 0, listKey: migrated.challenge.endDate });
  expect(migrated.notifications.every((row) => row.latestAt !== undefined && row.tab !== undefined)).toBe(true);
  expect(await author.as.query(api.notifications.unreadCount, {})).toBeGreaterThan(0);

  const before = await t.run(async (ctx) => ({
    notifications: await ctx.db.query("notifications").collect(),
    counts: await ctx.db.query("notificationCounts").collect(),
  }));
  await runAll(t);
  const after = await t.run(async (ctx) => ({
    notifications: await ctx.db.query("notifications").collect(),
    counts: await ctx.db.query("notificationCounts").collect(),
  }));
  expect(after).toEqual(before);
});
