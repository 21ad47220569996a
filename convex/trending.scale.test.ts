// Trending and rankings at scale (issue 24): a seeded gallery (TREND_SCALE_WORKS, default 5,000;
// the README figures come from 100,000) with likes, comments and views spread over the last 40
// days as daily rows, rescored by the refresh job, then every trending filter combination, every
// ranking window (with and without a genre), the creator ranking and the home section queried
// under the gallery scale test's 1,000-documents-read cap (each refresh transaction too) and
// compared with a brute-force answer.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { seedGallery, type SeededWork } from "./model/galleryFixtures.testkit";
import { dayMinus, MONTH_DAYS, RANKING_SIZE, trendScoreOf, WEEK_DAYS, windowsOf } from "./model/trending";
import { viewDay } from "./model/viewCounting";
import { newTest } from "./test.setup";

const SCALE_WORKS = Number(process.env.TREND_SCALE_WORKS ?? 5_000);
/** One work in ACTIVE_EVERY has engagement in the last 40 days. */
const ACTIVE_EVERY = 5;
const NOW = Date.parse("2025-06-15T03:00:00Z"); // noon in Japan

const t = newTest({ documentsRead: 1000 });
let works: SeededWork[] = [];
let scored: (SeededWork & { trendScore: number | undefined; windows: ReturnType<typeof windowsOf> })[] = [];
let totalLikes = 0;

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  works = await seedGallery(t, SCALE_WORKS);
  const today = viewDay(NOW);
  const next = random(7);
  const rowsByWork = new Map<Id<"projects">, Omit<Doc<"workDailyStats">, "_id" | "_creationTime">[]>();
  for (const [i, work] of works.entries()) {
    if (i % ACTIVE_EVERY !== 0) continue;
    const rows = [];
    const days = new Set<number>();
    for (let k = 0; k < 1 + Math.floor(next() * 6); k++) days.add(Math.floor(next() ** 2 * 40));
    for (const age of days) {
      const likes = Math.floor(next() ** 3 * 40);
      totalLikes += likes;
      rows.push({ projectId: work._id, day: dayMinus(today, age), likes, unlikes: next() < 0.1 ? 1 : 0, comments: Math.floor(next() * 3), views: Math.floor(next() * 50) });
    }
    rowsByWork.set(work._id, rows);
  }
  // Daily rows and marked trend rows written directly, as the activity writes leave them.
  const entries = [...rowsByWork];
  for (let start = 0; start < entries.length; start += 200) {
    await t.run(async (ctx) => {
      for (const [projectId, rows] of entries.slice(start, start + 200)) {
        const work = (await ctx.db.get("projects", projectId))!;
        for (const row of rows) await ctx.db.insert("workDailyStats", row);
        await ctx.db.insert("workTrends", {
          projectId,
          userId: work.userId,
          genre: work.genre,
          ...(work.hidden ? { hidden: true as const } : {}),
          tieOrder: -work._creationTime,
          day: dayMinus(today, 40),
          dirty: true,
          likesToday: 0,
          likesWeek: 0,
          likesMonth: 0,
        });
      }
    });
  }
  // The refresh job, transaction by transaction, each under the cap.
  let runs = 0;
  await t.mutation(internal.trending.refresh, {});
  await t.finishAllScheduledFunctions(() => {
    runs++;
    vi.runAllTimers();
  });
  expect(runs).toBeGreaterThan(0);
  scored = works.map((w) => {
    const rows = rowsByWork.get(w._id) ?? [];
    return { ...w, trendScore: trendScoreOf(rows, today), windows: windowsOf(rows, today) };
  });
}); // seeding is long: the convex project's hookTimeout allows for it

afterAll(() => {
  vi.useRealTimers();
});

describe(`trending and rankings at ${SCALE_WORKS.toLocaleString()} works, at most 1,000 documents read per request`, () => {
  test("the seed has likes spread over the last 40 days", () => {
    expect(totalLikes).toBeGreaterThan(SCALE_WORKS);
  });

  const combos: { genre?: "game"; aiTool?: string; zeroCode: boolean }[] = [];
  for (const genre of [undefined, "game"] as const)
    for (const aiTool of [undefined, "Claude"]) for (const zeroCode of [false, true]) combos.push({ genre, aiTool, zeroCode });

  test.each(combos.map((c) => [JSON.stringify(c), c] as const))("gallery sorted by 急上昇 %s: pages equal the brute-force order", async (_, filters) => {
    const expected = scored
      .filter((w) => !w.hidden && (!filters.genre || w.genre === filters.genre) && (!filters.aiTool || w.aiTools.includes(filters.aiTool)) && (!filters.zeroCode || w.isZeroCode))
      .sort((a, b) => (b.trendScore ?? 0) - (a.trendScore ?? 0) || b._creationTime - a._creationTime)
      .map((w) => w._id);
    const got: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 3; i++) {
      const result: { page: { _id: string }[]; isDone: boolean; continueCursor: string } = await t.query(api.projects.list, {
        paginationOpts: { numItems: 20, cursor },
        sort: "trending",
        ...filters,
      });
      got.push(...result.page.map((w) => w._id));
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(got).toEqual(expected.slice(0, got.length));
    expect(got.length).toBe(Math.min(60, expected.length));
  });

  const windows = [
    ["today", "likesToday"],
    ["week", "likesWeek"],
    ["month", "likesMonth"],
  ] as const;
  test.each(windows.flatMap(([w, f]) => [[w, f, undefined], [w, f, "game"]] as const))("ranking %s (genre %s) equals the brute force", async (window, field, genre) => {
    const expected = scored
      .filter((w) => !w.hidden && w.windows[field] > 0 && (!genre || w.genre === genre))
      .sort((a, b) => b.windows[field] - a.windows[field] || a._creationTime - b._creationTime)
      .slice(0, RANKING_SIZE)
      .map((w) => [w._id, w.windows[field]]);
    const got = await t.query(api.trending.works, { window, ...(genre ? { genre } : {}) });
    expect(got.map((r) => [r.work._id, r.likes])).toEqual(expected);
  });

  test("all-time ranking, the creator ranking and the home section stay under the cap", async () => {
    const all = await t.query(api.trending.works, { window: "all" });
    expect(all).toHaveLength(RANKING_SIZE);
    expect(all.map((r) => r.likes)).toEqual([...all.map((r) => r.likes)].sort((a, b) => b - a));
    await t.query(api.trending.creators, {});
    const home = await t.query(api.trending.homeWorks, {});
    expect(home.map((w) => w._id)).toEqual(
      scored
        .filter((w) => !w.hidden && w.trendScore !== undefined)
        .sort((a, b) => b.trendScore! - a.trendScore! || b._creationTime - a._creationTime)
        .slice(0, 6)
        .map((w) => w._id),
    );
    expect(WEEK_DAYS).toBeLessThan(MONTH_DAYS);
  });
});
