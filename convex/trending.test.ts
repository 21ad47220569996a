// 急上昇 and the rankings (docs/decisions.md "Trending and rankings"): the crafted timeline, decay
// over days through the scheduled refresh, each ranking window across Japan day boundaries, hidden
// and muted works, genre, ties, the creator ranking, and the gallery's trending sort against the
// stored scores.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { addLike, insertComment } from "./model/engagement";
import { removeLike } from "./model/engagementRemoval";
import { hideTarget, restoreTarget } from "./model/moderationTargets";
import { TREND_WEIGHTS, trendScoreOf, windowsOf, dayMinus, ranksOf } from "./model/trending";
import { newUserDocument } from "./model/users";
import { countView } from "./model/viewCounting";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

/** 2025-03-10 00:00 in Japan (UTC+9). */
const DAY0_JST_MIDNIGHT = Date.parse("2025-03-09T15:00:00Z");
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Sets the clock to `day` days after 2025-03-10, at `hour` o'clock Japan time. */
const at = (day: number, hour = 12, minute = 0) => vi.setSystemTime(DAY0_JST_MIDNIGHT + day * DAY + hour * HOUR + minute * 60_000);

beforeEach(() => {
  vi.useFakeTimers();
  at(0);
});
afterEach(() => {
  vi.useRealTimers();
});

const fansOf = (t: TestConvex, count: number) =>
  t.run(async (ctx) => {
    const ids: Id<"users">[] = [];
    for (let i = 0; i < count; i++) ids.push(await ctx.db.insert("users", newUserDocument({ name: `ファン${i}` }, Date.now())));
    return ids;
  });

const like = (t: TestConvex, fans: Id<"users">[], projectId: Id<"projects">) =>
  t.run(async (ctx) => {
    for (const fan of fans) await addLike(ctx, fan, projectId);
  });

const unlike = (t: TestConvex, fan: Id<"users">, projectId: Id<"projects">) =>
  t.run(async (ctx) => {
    const row = await ctx.db
      .query("likes")
      .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", projectId).eq("userId", fan))
      .unique();
    await removeLike(ctx, row!);
  });

/** What the crons do: the refresh job, with every continuation it schedules. */
async function refresh(t: TestConvex) {
  await t.mutation(internal.trending.refresh, {});
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** The stored score, null when unset. */
const scoreOf = (t: TestConvex, id: Id<"projects">) => t.run(async (ctx) => (await ctx.db.get("projects", id))!.trendScore ?? null);

const trendingTitles = async (client: Pick<TestConvex, "query">, args: { genre?: string; aiTool?: string; zeroCode?: boolean } = {}) =>
  (await client.query(api.projects.list, { paginationOpts: { numItems: 20, cursor: null }, sort: "trending", ...args })).page.map(
    (w) => w.title,
  );

const ranking = async (client: Pick<TestConvex, "query">, window: "today" | "week" | "month" | "all", genre?: string) =>
  (await client.query(api.trending.works, { window, ...(genre ? { genre } : {}) })).map((r) => [r.work.title, r.likes, r.rank]);

describe("the trend score", () => {
  test("pure parts: the formula, the windows, ranks, days", () => {
    const today = "2025-03-10";
    const rows = [
      { day: today, likes: 2, unlikes: 0, comments: 1, views: 10 },
      { day: dayMinus(today, 2), likes: 4, unlikes: 1, comments: 0, views: 0 },
      { day: dayMinus(today, 14), likes: 100, unlikes: 0, comments: 0, views: 0 },
    ];
    // Today: 3×2 + 2×1 + 0.2×10 = 10; two days ago: 3×3 halved = 4.5; 14 days ago: out.
    expect(trendScoreOf(rows, today)).toBeCloseTo(14.5);
    expect(trendScoreOf([{ day: today, likes: 1, unlikes: 3, comments: 0, views: 0 }], today)).toBeUndefined();
    expect(windowsOf(rows, today)).toEqual({ likesToday: 2, likesWeek: 5, likesMonth: 105 });
    expect(ranksOf([5, 3, 3, 1])).toEqual([1, 2, 2, 4]);
    expect(dayMinus("2025-03-01", 1)).toBe("2025-02-28");
    expect(TREND_WEIGHTS).toEqual({ like: 3, comment: 2, view: 0.2 });
  });

  test("crafted timeline: a newer work with fewer total likes but more recent ones ranks above an older one", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fans = await fansOf(t, 30);
    const old = await createWork(t, author.userId, { title: "古い人気作" });
    // 25 likes over its first three days.
    for (const [day, from, to] of [
      [0, 0, 10],
      [1, 10, 20],
      [2, 20, 25],
    ] as const) {
      at(day);
      await like(t, fans.slice(from, to), old);
    }
    at(8);
    const fresh = await createWork(t, author.userId, { title: "新しい作品" });
    at(10);
    await like(t, fans.slice(0, 6), fresh);
    await refresh(t);

    const [oldWork, freshWork] = await t.run(async (ctx) => [(await ctx.db.get("projects", old))!, (await ctx.db.get("projects", fresh))!]);
    expect(oldWork.likesCount).toBeGreaterThan(freshWork.likesCount);
    expect(freshWork.trendScore).toBeCloseTo(18); // 6 likes today
    // 10, 10 and 5 likes 10, 9 and 8 days ago.
    expect(oldWork.trendScore).toBeCloseTo(3 * (10 * 0.5 ** 5 + 10 * 0.5 ** 4.5 + 5 * 0.5 ** 4));
    expect(oldWork.trendScore!).toBeLessThan(freshWork.trendScore!);
    expect(await trendingTitles(t)).toEqual(["新しい作品", "古い人気作"]);
    expect(
      (await t.query(api.projects.list, { paginationOpts: { numItems: 20, cursor: null }, sort: "popular" })).page.map((w) => w.title),
    ).toEqual(["古い人気作", "新しい作品"]);
    // The AI-tool filter sorts by the copies on the join rows.
    expect(await trendingTitles(t, { aiTool: "Claude" })).toEqual(["新しい作品", "古い人気作"]);
    expect((await t.query(api.trending.homeWorks, {})).map((w) => w.title)).toEqual(["新しい作品", "古い人気作"]);
  });

  test("decay over days: halves every two days, then leaves; nothing reads a settled work again", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fans = await fansOf(t, 10);
    await createWork(t, author.userId, { title: "静かな作品" });
    at(0, 1);
    const loud = await createWork(t, author.userId, { title: "話題の作品" });
    await like(t, fans, loud);
    // Before the job runs, the score is not there yet (the 10-minute job sets it).
    expect(await scoreOf(t, loud)).toBeNull();
    await refresh(t);
    expect(await scoreOf(t, loud)).toBeCloseTo(30);

    // Just after midnight two days later, the midnight run slides it.
    at(2, 0, 1);
    await refresh(t);
    expect(await scoreOf(t, loud)).toBeCloseTo(15);
    at(4, 0, 1);
    await refresh(t);
    expect(await scoreOf(t, loud)).toBeCloseTo(7.5);
    expect(await trendingTitles(t)).toEqual(["話題の作品", "静かな作品"]);

    // 14 days on it has no score: the trending order is the newest-first one again.
    at(14, 0, 1);
    await refresh(t);
    expect(await scoreOf(t, loud)).toBeNull();
    const joinRows = await t.run((ctx) => ctx.db.query("projectAiTools").collect());
    expect(joinRows.every((row) => row.trendScore === undefined)).toBe(true);
    expect(await trendingTitles(t)).toEqual(["話題の作品", "静かな作品"]);
    expect(await t.query(api.trending.homeWorks, {})).toEqual([]);
    // The month window still holds the likes; after 30 days the row settles (no `day`).
    expect(await ranking(t, "month")).toEqual([["話題の作品", 10, 1]]);
    at(30, 0, 1);
    await refresh(t);
    expect(await ranking(t, "month")).toEqual([]);
    const trend = await t.run((ctx) => ctx.db.query("workTrends").unique());
    expect(trend).toMatchObject({ likesToday: 0, likesWeek: 0, likesMonth: 0 });
    expect([trend!.day, trend!.dirty]).toEqual([undefined, undefined]);
    expect(await ranking(t, "all")).toEqual([["話題の作品", 10, 1]]);
  });

  test("comments and unique views count, with their weights", async () => {
    const t = newTest();
    const author = await createUser(t);
    const viewer = await createUser(t);
    const work = await createWork(t, author.userId, { title: "作品" });
    await t.run(async (ctx) => {
      await insertComment(ctx, viewer.userId, work, "すてき");
      await countView(ctx, work, { userId: viewer.userId });
      // The same viewer again the same day: not counted.
      await countView(ctx, work, { userId: viewer.userId });
      await countView(ctx, work, { sessionId: "session-abcdefghijklmnop" });
    });
    await refresh(t);
    expect(await scoreOf(t, work)).toBeCloseTo(2 + 0.2 * 2);
    const day = await t.run((ctx) => ctx.db.query("workDailyStats").unique());
    expect(day).toMatchObject({ day: "2025-03-10", likes: 0, unlikes: 0, comments: 1, views: 2 });
  });
});

describe("rankings", () => {
  test("each window across Japan day boundaries; unlikes count on the day they happen", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fans = await fansOf(t, 10);
    const a = await createWork(t, author.userId, { title: "A" });
    const b = await createWork(t, author.userId, { title: "B" });

    // 23:59 on day 0 in Japan (14:59 UTC): A gets 3 likes. One minute later it is day 1.
    at(0, 23, 59);
    await like(t, fans.slice(0, 3), a);
    expect(await ranking(t, "today")).toEqual([["A", 3, 1]]);
    at(1, 0, 0);
    await like(t, fans.slice(0, 2), b);
    // Live before any job: B's like moved B's windows; A's row still counts up to day 0.
    expect(await ranking(t, "today")).toEqual([
      ["A", 3, 1],
      ["B", 2, 2],
    ]);
    await refresh(t);
    expect(await ranking(t, "today")).toEqual([["B", 2, 1]]);
    expect(await ranking(t, "week")).toEqual([
      ["A", 3, 1],
      ["B", 2, 2],
    ]);

    // Day 6 (the 7th day counting day 0): a fan takes an A like back; the week still holds day 0.
    at(6, 12);
    await refresh(t);
    await unlike(t, fans[0]!, a);
    expect(await ranking(t, "today")).toEqual([]);
    expect(await ranking(t, "week")).toEqual([
      ["A", 2, 1],
      ["B", 2, 1],
    ]);
    // Day 7 00:00: day 0 leaves the week, not the month.
    at(7, 0, 0);
    await refresh(t);
    expect(await ranking(t, "week")).toEqual([["B", 2, 1]]);
    expect(await ranking(t, "month")).toEqual([
      ["A", 2, 1],
      ["B", 2, 1],
    ]);
    // Day 30 00:00: day 0 leaves the month; day 1 (B) is still in it until day 31.
    at(30, 0, 0);
    await refresh(t);
    expect(await ranking(t, "month")).toEqual([["B", 2, 1]]);
    at(31, 0, 0);
    await refresh(t);
    expect(await ranking(t, "month")).toEqual([]);
    // All time is the likes count, in the gallery's 人気 order (equal likes: the newer work first).
    expect(await ranking(t, "all")).toEqual([
      ["B", 2, 1],
      ["A", 2, 1],
    ]);
  });

  test("ties list the earlier-posted work first; genre filters; bad genre refused", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fans = await fansOf(t, 3);
    const first = await createWork(t, author.userId, { title: "先", genre: "game" });
    vi.advanceTimersByTime(1000);
    const second = await createWork(t, author.userId, { title: "後", genre: "tool" });
    vi.advanceTimersByTime(1000);
    const third = await createWork(t, author.userId, { title: "三", genre: "game" });
    await like(t, fans.slice(0, 2), second);
    await like(t, fans.slice(0, 2), first);
    await like(t, fans.slice(0, 3), third);
    expect(await ranking(t, "week")).toEqual([
      ["三", 3, 1],
      ["先", 2, 2],
      ["後", 2, 2],
    ]);
    expect(await ranking(t, "today", "game")).toEqual([
      ["三", 3, 1],
      ["先", 2, 2],
    ]);
    expect(await ranking(t, "all", "tool")).toEqual([["後", 2, 1]]);
    expect(await errorOf(t.query(api.trending.works, { window: "week", genre: "nonsense" }))).toMatchObject({ code: "INVALID_GENRE" });
    expect(await errorOf(t.query(api.trending.works, { window: "year" as "week" }))).toMatch(/Validator error/);
    // A genre edit moves the work in the genre rankings.
    await t.run(async (ctx) => {
      const { updateProject } = await import("./model/projects");
      const work = (await ctx.db.get("projects", first))!;
      await updateProject(ctx, work, { ...work, genre: "tool" }, Date.now());
    });
    expect(await ranking(t, "today", "tool")).toEqual([
      ["先", 2, 1],
      ["後", 2, 1],
    ]);
  });

  test("hidden works never appear and come back when restored; deleted works leave; muted authors are skipped", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const other = await createUser(t, { displayName: "別の作者" });
    const viewer = await createUser(t);
    const fans = await fansOf(t, 3);
    const hidden = await createWork(t, author.userId, { title: "隠される" });
    const kept = await createWork(t, other.userId, { title: "残る" });
    await like(t, fans, hidden);
    await like(t, fans.slice(0, 1), kept);
    await refresh(t);
    const hide = (hide: boolean) =>
      t.run(async (ctx) => {
        const doc = (await ctx.db.get("projects", hidden))!;
        const actionId = await ctx.db.insert("moderationActions", {
          kind: "hide",
          targetType: "work",
          targetId: hidden,
          targetLabel: "",
          note: "",
        });
        if (hide) await hideTarget(ctx, { type: "work", doc }, { state: "hidden", reason: "x", actionId, reviewRequested: false });
        else await restoreTarget(ctx, { type: "work", doc });
      });
    await hide(true);
    for (const window of ["today", "week", "month", "all"] as const) expect(await ranking(t, window)).toEqual([["残る", 1, 1]]);
    expect(await trendingTitles(t)).toEqual(["残る"]);
    expect((await t.query(api.trending.homeWorks, {})).map((w) => w.title)).toEqual(["残る"]);
    // The refresh keeps it out (it copies `hidden` from the work).
    at(1, 0, 1);
    await refresh(t);
    expect(await ranking(t, "week")).toEqual([["残る", 1, 1]]);
    await hide(false);
    expect(await ranking(t, "week")).toEqual([
      ["隠される", 3, 1],
      ["残る", 1, 2],
    ]);
    expect(await trendingTitles(t, { aiTool: "Claude" })).toEqual(["隠される", "残る"]);

    // Muting the author drops their works for the viewer only; the creator ranking too.
    expect((await t.query(api.trending.creators, {})).map((r) => [r.author.displayName, r.likes, r.rank])).toEqual([
      ["作者", 3, 1],
      ["別の作者", 1, 2],
    ]);
    await t.run((ctx) => ctx.db.insert("userMutes", { userId: viewer.userId, mutedUserId: author.userId, kind: "mute" }));
    expect(await ranking(viewer.as, "week")).toEqual([["残る", 1, 1]]);
    expect((await viewer.as.query(api.trending.creators, {})).map((r) => r.author.displayName)).toEqual(["別の作者"]);
    expect(await ranking(t, "week")).toHaveLength(2);

    // Deleting a work takes it out at once, and the purge removes its daily rows.
    await author.as.mutation(api.projects.remove, { id: hidden });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await ranking(t, "week")).toEqual([["残る", 1, 1]]);
    const left = await t.run(async (ctx) => ({
      days: (await ctx.db.query("workDailyStats").collect()).map((r) => r.projectId),
      trends: (await ctx.db.query("workTrends").collect()).map((r) => r.projectId),
    }));
    expect(left).toEqual({ days: [kept], trends: [kept] });
  });

  test("the weekly creator ranking counts likes received in the last 7 days", async () => {
    const t = newTest();
    const early = await createUser(t, { displayName: "古参" });
    const late = await createUser(t, { displayName: "新人" });
    const fans = await fansOf(t, 4);
    const w1 = await createWork(t, early.userId, { title: "1" });
    const w2 = await createWork(t, early.userId, { title: "2" });
    const w3 = await createWork(t, late.userId, { title: "3" });
    await like(t, fans.slice(0, 2), w1);
    at(3);
    await like(t, fans.slice(0, 1), w2);
    await like(t, fans.slice(0, 3), w3);
    const creators = async () => (await t.query(api.trending.creators, {})).map((r) => [r.author.displayName, r.likes, r.rank]);
    // Equal likes: the earlier member first.
    expect(await creators()).toEqual([
      ["古参", 3, 1],
      ["新人", 3, 1],
    ]);
    at(7, 0, 1);
    await refresh(t);
    expect(await creators()).toEqual([
      ["新人", 3, 1],
      ["古参", 1, 2],
    ]);
    // A suspended creator leaves the ranking while suspended, and comes back after.
    await t.run((ctx) =>
      ctx.db.patch("users", late.userId, { suspension: { reason: "スパム", since: Date.now(), until: Date.now() + DAY } }),
    );
    expect(await creators()).toEqual([["古参", 1, 1]]);
    at(8, 0, 2);
    expect(await creators()).toEqual([
      ["新人", 3, 1],
      ["古参", 1, 2],
    ]);
    at(10, 0, 1);
    await refresh(t);
    expect(await creators()).toEqual([]);
  });
});

describe("the gallery's trending sort", () => {
  test("every filter combination equals the brute-force order of the stored scores", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fans = await fansOf(t, 8);
    const ids: Id<"projects">[] = [];
    const genres = ["game", "tool"] as const;
    for (let i = 0; i < 12; i++) {
      vi.advanceTimersByTime(1000);
      ids.push(
        await createWork(t, author.userId, {
          title: `W${i}`,
          genre: genres[i % 2],
          isZeroCode: i % 3 === 0,
          aiTools: i % 4 === 0 ? ["ChatGPT"] : ["Claude", "Cursor"],
        }),
      );
    }
    // Likes on different days, some equal, some works without any.
    for (const [i, day, n] of [
      [0, 0, 3],
      [1, 0, 3],
      [2, 1, 5],
      [5, 2, 2],
      [7, 2, 8],
      [9, 0, 1],
      [10, 2, 1],
    ] as const) {
      at(day, 13);
      await like(t, fans.slice(0, n), ids[i]!);
    }
    at(2, 23);
    await refresh(t);
    const works = await t.run((ctx) => ctx.db.query("projects").collect());
    for (const genre of [undefined, "game"] as const)
      for (const aiTool of [undefined, "Claude"])
        for (const zeroCode of [false, true]) {
          const expected = works
            .filter((w) => (!genre || w.genre === genre) && (!aiTool || w.aiTools.includes(aiTool)) && (!zeroCode || w.isZeroCode))
            .sort((a, b) => (b.trendScore ?? 0) - (a.trendScore ?? 0) || b._creationTime - a._creationTime)
            .map((w) => w.title);
          expect(await trendingTitles(t, { genre, aiTool, zeroCode }), `${genre} ${aiTool} ${zeroCode}`).toEqual(expected);
          // The search path sorts the same way in memory.
          const searched = await t.query(api.projects.search, { search: "説明", sort: "trending", genre, aiTool, zeroCode, limit: 40 });
          expect(searched.items.map((w) => w.title)).toEqual(expected);
        }
  });
});
