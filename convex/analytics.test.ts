import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const DAY = 24 * 60 * 60 * 1000;
// Monday 2025-04-07, 10:00 in Japan (01:00 UTC); the week runs to Sunday the 13th.
const MONDAY = Date.UTC(2025, 3, 7, 1, 0);
const dayOf = (n: number) => `2025-04-${String(7 + n).padStart(2, "0")}`;
const SUNDAY = dayOf(6);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(MONDAY);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const onDay = (n: number) => vi.setSystemTime(MONDAY + n * DAY);

async function world(t: TestConvex) {
  const author = await createUser(t);
  const fan = await createUser(t);
  const friend = await createUser(t);
  const stranger = await createUser(t);
  const workId = await createWork(t, author.userId, { title: "配色パレット" });
  const otherWorkId = await createWork(t, author.userId, { title: "タイマー" });
  return { author, fan, friend, stranger, workId, otherWorkId };
}

/** The days of the week that have any figure, with only the figures that are not 0. */
function nonZero(series: { day: string; [k: string]: number | string }[]) {
  const out: Record<string, Record<string, number>> = {};
  for (const { day, ...figures } of series) {
    const kept = Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== 0)) as Record<string, number>;
    if (Object.keys(kept).length > 0) out[day] = kept;
  }
  return out;
}

describe("daily figures follow the real actions", () => {
  test("a scripted week: deduplicated views, likes and unlikes, comments, saves, follows", async () => {
    const t = newTest();
    const { author, fan, friend, workId, otherWorkId } = await world(t);

    // Monday: the fan views twice (one view a day counts), likes and follows.
    await fan.as.mutation(api.views.record, { projectId: workId });
    await fan.as.mutation(api.views.record, { projectId: workId });
    await fan.as.mutation(api.likes.toggle, { projectId: workId });
    await fan.as.mutation(api.follows.toggle, { userId: author.userId });
    // Tuesday: the fan views again (a new day counts), the friend views, likes and comments.
    onDay(1);
    await fan.as.mutation(api.views.record, { projectId: workId });
    await friend.as.mutation(api.views.record, { projectId: workId });
    await friend.as.mutation(api.likes.toggle, { projectId: workId });
    await friend.as.mutation(api.comments.add, { projectId: workId, content: "きれいな配色ですね" });
    // Wednesday: the fan takes the like back; the friend saves the other work.
    onDay(2);
    await fan.as.mutation(api.likes.toggle, { projectId: workId });
    await friend.as.mutation(api.saves.toggle, { projectId: otherWorkId });
    // Friday: the friend unsaves it, the fan unfollows, an anonymous session views.
    onDay(4);
    await friend.as.mutation(api.saves.toggle, { projectId: otherWorkId });
    await fan.as.mutation(api.follows.toggle, { userId: author.userId });
    await t.mutation(api.views.record, { projectId: workId, sessionId: "session-000000000001" });

    const week = await author.as.query(api.analytics.overview, { today: SUNDAY, days: 7 });
    expect(week.series.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6].map(dayOf));
    expect(nonZero(week.series)).toEqual({
      [dayOf(0)]: { views: 1, likes: 1, follows: 1 },
      [dayOf(1)]: { views: 2, likes: 1, comments: 1 },
      [dayOf(2)]: { unlikes: 1, saves: 1 },
      [dayOf(4)]: { unsaves: 1, unfollows: 1, views: 1 },
    });
    const work = await author.as.query(api.analytics.work, { projectId: workId, today: SUNDAY, days: 7 });
    expect(nonZero(work.series)).toEqual({
      [dayOf(0)]: { views: 1, likes: 1 },
      [dayOf(1)]: { views: 2, likes: 1, comments: 1 },
      [dayOf(2)]: { unlikes: 1 },
      [dayOf(4)]: { views: 1 },
    });
    // Most views first; a day with only an unlike is no best day.
    expect(work.bestDays.map((d) => d.day)).toEqual([dayOf(1), dayOf(0), dayOf(4)]);
    // The views agree with the work's own count.
    const viewsCount = await t.run(async (ctx) => (await ctx.db.get("projects", workId))!.viewsCount);
    expect(work.series.reduce((sum, d) => sum + d.views, 0)).toBe(viewsCount);

    const table = await author.as.query(api.analytics.works, {
      today: SUNDAY,
      days: 7,
      paginationOpts: { numItems: 50, cursor: null },
    });
    expect(table.page.map((row) => [row.title, row.totals.views, row.totals.likes, row.totals.saves])).toEqual([
      ["タイマー", 0, 0, 1],
      ["配色パレット", 4, 2, 0],
    ]);
  });

  test("the period before is totalled for the change, and days outside the period are left out", async () => {
    const t = newTest();
    const { author, fan, workId } = await world(t);
    await fan.as.mutation(api.likes.toggle, { projectId: workId });
    onDay(7);
    const next = await author.as.query(api.analytics.overview, { today: dayOf(7), days: 7 });
    expect(next.previous.likes).toBe(1);
    expect(next.series.reduce((sum, d) => sum + d.likes, 0)).toBe(0);
    expect(next.series).toHaveLength(7);
  });

  test("a share link opened counts, within the per-work limit", async () => {
    const t = newTest();
    const { author, workId } = await world(t);
    await t.mutation(internal.analytics.recordShareOpen, { projectId: workId });
    await t.mutation(internal.analytics.recordShareOpen, { projectId: workId });
    const week = await author.as.query(api.analytics.overview, { today: dayOf(0), days: 7 });
    expect(week.series.at(-1)!.shareOpens).toBe(2);
  });

  test("the share page counts a GET, not a HEAD", async () => {
    const t = newTest();
    const { author, workId } = await world(t);
    vi.stubEnv("SITE_URL", "https://vibe.example");
    await t.fetch(`/share/projects/${workId}`, { method: "GET" });
    await t.fetch(`/share/projects/${workId}`, { method: "HEAD" });
    const week = await author.as.query(api.analytics.overview, { today: dayOf(0), days: 7 });
    expect(week.series.at(-1)!.shareOpens).toBe(1);
  });
});

describe("analyticsOptOut", () => {
  test("an opted-out viewer's and the creator's own visits count on the work page but not in the figures", async () => {
    const t = newTest();
    const { author, fan, friend, workId } = await world(t);
    await t.run(async (ctx) => {
      const user = (await ctx.db.get("users", fan.userId))!;
      await ctx.db.patch("users", fan.userId, {
        settings: { ...user.settings, privacy: { ...user.settings.privacy, analyticsOptOut: true } },
      });
    });
    await fan.as.mutation(api.views.record, { projectId: workId });
    await friend.as.mutation(api.views.record, { projectId: workId });
    // The creator's own visit is not in their figures either.
    await author.as.mutation(api.views.record, { projectId: workId });
    const viewsCount = await t.run(async (ctx) => (await ctx.db.get("projects", workId))!.viewsCount);
    expect(viewsCount).toBe(3);
    const week = await author.as.query(api.analytics.overview, { today: dayOf(0), days: 7 });
    expect(week.series.at(-1)!.views).toBe(1);
  });
});

describe("the works table orders every work of the creator", () => {
  type Sort = "newest" | "views" | "likes" | "comments" | "saves" | "shareOpens";
  async function allTitles(as: Awaited<ReturnType<typeof createUser>>["as"], days: 7 | 30 | 90, sort: Sort, today = dayOf(0)) {
    const titles: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page: { page: { title: string }[]; isDone: boolean; continueCursor: string } = await as.query(api.analytics.works, {
        today,
        days,
        sort,
        paginationOpts: { numItems: 20, cursor },
      });
      titles.push(...page.page.map((row) => row.title));
      if (page.isDone) return titles;
      cursor = page.continueCursor;
    }
  }

  test("by a figure across pages, the period sliding at midnight, a deleted work leaving", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const friend = await createUser(t);
    const ids: Id<"projects">[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(await createWork(t, author.userId, { title: `作品${i}` }));
      vi.advanceTimersByTime(1);
    }
    // The oldest work, far down the newest-first list, gets the likes; another gets a comment.
    await fan.as.mutation(api.likes.toggle, { projectId: ids[0]! });
    await friend.as.mutation(api.likes.toggle, { projectId: ids[0]! });
    await fan.as.mutation(api.likes.toggle, { projectId: ids[3]! });
    await friend.as.mutation(api.comments.add, { projectId: ids[5]!, content: "いいですね" });

    const newest = Array.from({ length: 25 }, (_, i) => `作品${24 - i}`);
    expect(await allTitles(author.as, 7, "newest")).toEqual(newest);
    const byLikes = await allTitles(author.as, 7, "likes");
    expect(byLikes.slice(0, 3)).toEqual(["作品0", "作品3", "作品24"]);
    expect(byLikes).toHaveLength(25);
    expect((await allTitles(author.as, 90, "comments"))[0]).toBe("作品5");
    const firstPage = await author.as.query(api.analytics.works, {
      today: dayOf(0),
      days: 7,
      sort: "likes",
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(firstPage.page[0]).toMatchObject({ id: ids[0], totals: { likes: 2, views: 0, comments: 0 } });

    // Eight days on, the likes have left the 7-day period but not the 30-day one.
    onDay(8);
    await t.mutation(internal.analytics.slideTotals, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await allTitles(author.as, 7, "likes", dayOf(8))).toEqual(newest);
    expect((await allTitles(author.as, 30, "likes", dayOf(8))).slice(0, 2)).toEqual(["作品0", "作品3"]);
    // A like today counts at once, whether or not the work's rows had slid.
    await friend.as.mutation(api.likes.toggle, { projectId: ids[10]! });
    expect((await allTitles(author.as, 7, "likes", dayOf(8)))[0]).toBe("作品10");
    expect((await allTitles(author.as, 30, "likes", dayOf(8))).slice(0, 3)).toEqual(["作品0", "作品10", "作品3"]);

    await author.as.mutation(api.projects.remove, { id: ids[0]! });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await allTitles(author.as, 30, "likes", dayOf(8))).not.toContain("作品0");
    const left = await t.run((ctx) => ctx.db.query("workPeriodTotals").collect());
    expect(left.filter((row) => row.projectId === ids[0])).toEqual([]);
    expect(left).toHaveLength(24 * 3);

    // Another user sees none of it, and an unknown order is refused by the validator.
    expect(await allTitles(fan.as, 7, "likes", dayOf(8))).toEqual([]);
    expect(
      await errorOf(
        author.as.query(api.analytics.works, {
          today: dayOf(8),
          days: 7,
          sort: "follows" as "likes",
          paginationOpts: { numItems: 20, cursor: null },
        }),
      ),
    ).toBeDefined();
  });

  test("the slide job reads only rows with something left in their period", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const workId = await createWork(t, author.userId);
    await createWork(t, author.userId);
    await fan.as.mutation(api.likes.toggle, { projectId: workId });
    const counted = () => t.run(async (ctx) => (await ctx.db.query("workPeriodTotals").collect()).filter((row) => row.day !== undefined));
    expect((await counted()).map((row) => row.days).sort((a, b) => a - b)).toEqual([7, 30, 90]);
    // After 7 days the 7-day row empties and is let go; after 90 all are.
    onDay(7);
    await t.mutation(internal.analytics.slideTotals, {});
    expect((await counted()).map((row) => [row.days, row.day])).toEqual(
      expect.arrayContaining([
        [30, dayOf(7)],
        [90, dayOf(7)],
      ]),
    );
    expect(await counted()).toHaveLength(2);
    onDay(90);
    await t.mutation(internal.analytics.slideTotals, {});
    expect(await counted()).toEqual([]);
  });
});

describe("backfill", () => {
  async function figures(t: TestConvex, userId: Id<"users">, as: Awaited<ReturnType<typeof createUser>>["as"]) {
    void userId;
    return await as.query(api.analytics.overview, { today: SUNDAY, days: 30 });
  }

  test("the backfill from the rows gives the same figures as live counting", async () => {
    const t = newTest();
    const { author, fan, friend, stranger, workId, otherWorkId } = await world(t);
    await fan.as.mutation(api.views.record, { projectId: workId });
    await fan.as.mutation(api.likes.toggle, { projectId: workId });
    onDay(2);
    await friend.as.mutation(api.views.record, { projectId: workId });
    await fan.as.mutation(api.views.record, { projectId: workId });
    await friend.as.mutation(api.comments.add, { projectId: workId, content: "すてき" });
    await friend.as.mutation(api.saves.toggle, { projectId: otherWorkId });
    await stranger.as.mutation(api.follows.toggle, { userId: author.userId });
    onDay(5);
    await stranger.as.mutation(api.likes.toggle, { projectId: otherWorkId });
    await friend.as.mutation(api.follows.toggle, { userId: author.userId });
    onDay(6);
    const live = await figures(t, author.userId, author.as);
    const liveWork = await author.as.query(api.analytics.work, { projectId: workId, today: SUNDAY, days: 30 });
    const worksTable = (sort: "likes" | "views") =>
      author.as.query(api.analytics.works, { today: SUNDAY, days: 7, sort, paginationOpts: { numItems: 20, cursor: null } });
    await t.mutation(internal.analytics.slideTotals, {});
    const liveTable = [await worksTable("likes"), await worksTable("views")];

    // As before live counting: no figures at all.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("workDailyFigures").collect()) await ctx.db.delete("workDailyFigures", row._id);
      for (const row of await ctx.db.query("creatorDailyFigures").collect()) await ctx.db.delete("creatorDailyFigures", row._id);
      for (const row of await ctx.db.query("analyticsState").collect()) await ctx.db.delete("analyticsState", row._id);
      for (const row of await ctx.db.query("workPeriodTotals").collect()) await ctx.db.delete("workPeriodTotals", row._id);
    });
    expect(nonZero((await figures(t, author.userId, author.as)).series)).toEqual({});
    await t.mutation(internal.migrations.runAll, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await figures(t, author.userId, author.as)).toEqual(live);
    expect(await author.as.query(api.analytics.work, { projectId: workId, today: SUNDAY, days: 30 })).toEqual(liveWork);
    expect([await worksTable("likes"), await worksTable("views")]).toEqual(liveTable);
  });

  test("rows made after live counting began are not counted twice", async () => {
    const t = newTest();
    const { author, fan, workId } = await world(t);
    await fan.as.mutation(api.likes.toggle, { projectId: workId });
    await t.mutation(internal.migrations.runAll, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const week = await author.as.query(api.analytics.overview, { today: dayOf(0), days: 7 });
    expect(week.series.at(-1)!.likes).toBe(1);
  });
});

describe("only the owner reads the figures", () => {
  test("signed out, another user and a moderator are refused; a moderator has the moderation query", async () => {
    const t = newTest();
    const { author, fan, stranger, workId } = await world(t);
    await fan.as.mutation(api.likes.toggle, { projectId: workId });
    await t.run(async (ctx) => ctx.db.patch("users", stranger.userId, { role: "moderator" }));
    const args = { today: dayOf(0), days: 7 as const };

    expect(await errorOf(t.query(api.analytics.overview, args))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await errorOf(t.query(api.analytics.works, { ...args, paginationOpts: { numItems: 20, cursor: null } }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(await errorOf(t.query(api.analytics.work, { ...args, projectId: workId }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    // Another user's own dashboard has nothing of the author's, and the author's work is not theirs.
    expect(nonZero((await fan.as.query(api.analytics.overview, args)).series)).toEqual({});
    expect((await fan.as.query(api.analytics.works, { ...args, paginationOpts: { numItems: 20, cursor: null } })).page).toEqual([]);
    expect(await errorOf(fan.as.query(api.analytics.work, { ...args, projectId: workId }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(stranger.as.query(api.analytics.work, { ...args, projectId: workId }))).toMatchObject({
      code: "NOT_FOUND",
    });
    // The moderation query: moderators only.
    expect(await errorOf(t.query(api.analytics.creatorForModeration, { ...args, userId: author.userId }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(await errorOf(fan.as.query(api.analytics.creatorForModeration, { ...args, userId: author.userId }))).toMatchObject({
      code: "FORBIDDEN",
    });
    const moderated = await stranger.as.query(api.analytics.creatorForModeration, { ...args, userId: author.userId });
    expect(moderated.series.at(-1)!.likes).toBe(1);
  });

  test("a malformed day is refused in Japanese", async () => {
    const t = newTest();
    const { author } = await world(t);
    expect(await errorOf(author.as.query(api.analytics.overview, { today: "2025/04/07", days: 7 }))).toMatchObject({
      code: "INVALID_INPUT",
      message: "日付が正しくありません",
    });
  });
});
