// Discovery at scale (every discovery read stays bounded at any size): SCALE_WORKS (100,000) works
// by 500 creators, one in ten hidden, with 1,000,000 likes (and comments and views) spread over the
// last 40 days as daily rows, every derived row written as the live writes leave it and a hundred
// works left for the refresh job to score. Every request is made under the gallery scale test's
// 1,000-documents-read cap, each refresh transaction too, and compared with a brute-force answer:
// - the gallery sorted by 急上昇, every filter combination, three pages;
// - every ranking window with and without a genre, 全期間, the weekly creator ranking, the home
//   section;
// - tag and AI-tool pages, every sort with and without the zero-code filter, three pages; their
//   counts, related tags and the /tools index.
// The following feed at this size is convex/feed.scale.test.ts. SCALE_WORKS=20000 runs it
// smaller for a quick local check; `npm run bench:discovery` prints the documents read and p50
// latencies of the same requests on the embedded backend.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { tagKeyOf } from "./model/discovery";
import { insertDiscovery, likesIn, planDiscovery, type BulkInsert, type SeededDiscovery } from "./model/discoveryFixtures.testkit";
import { CREATOR_RANKING_SIZE, RANKING_SIZE } from "./model/trending";
import { japanDate } from "./model/japanTime";
import { newTest } from "./test.setup";

const SCALE_WORKS = Number(process.env.SCALE_WORKS ?? 100_000);
/** Works with activity the refresh job has not scored yet (5 of its transactions). */
const STALE = 100;
const PAGES = 3;
const NOW = Date.parse("2025-06-15T03:00:00Z"); // noon in Japan

const t = newTest({ documentsRead: 1000 });
let seeded: SeededDiscovery;
let works: SeededDiscovery["works"] = [];
let refreshRuns = 0;

const insert: BulkInsert = (table, docs) =>
  t.run(async (ctx) => {
    const out = [];
    for (const doc of docs) {
      const _id = await ctx.db.insert(table, doc);
      out.push({ _id, _creationTime: (await ctx.db.get(table, _id))!._creationTime });
    }
    return out;
  });

beforeAll(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  const today = japanDate(NOW);
  // convex-test validates a union (genre is one of ten literals) by trying each member and
  // catching the Error each mismatch throws; their stack traces are most of the seeding time.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    seeded = await insertDiscovery(insert, planDiscovery(SCALE_WORKS, today), today, { stale: STALE });
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  works = seeded.works;
  // The refresh job scores the stale works, transaction by transaction, each under the cap.
  await t.mutation(internal.trending.refresh, {});
  await t.finishAllScheduledFunctions(() => {
    refreshRuns++;
    vi.runAllTimers();
  });
}); // seeding is long: the convex project's hookTimeout allows for it

afterAll(() => {
  vi.useRealTimers();
});

type Work = (typeof works)[number];
type Sort = "newest" | "popular" | "trending";
const bySort = (sort: Sort) => (a: Work, b: Work) =>
  (sort === "popular" ? b.likesCount - a.likesCount : 0) ||
  (sort === "trending" ? (b.trendScore ?? 0) - (a.trendScore ?? 0) : 0) ||
  b._creationTime - a._creationTime;

type Page = { page: { _id: string }[]; isDone: boolean; continueCursor: string };
async function firstPages(query: (cursor: string | null) => Promise<Page>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < PAGES; i++) {
    const result = await query(cursor);
    ids.push(...result.page.map((w) => w._id));
    if (result.isDone) break;
    cursor = result.continueCursor;
  }
  return ids;
}

describe(`discovery at ${SCALE_WORKS.toLocaleString()} works, at most 1,000 documents read per request`, () => {
  test("the seed: likes spread over 40 days, and the refresh job has scored the stale works", async () => {
    expect(likesIn(works)).toBeGreaterThanOrEqual(SCALE_WORKS * 10);
    expect(refreshRuns).toBeGreaterThan(0);
    const dirty = await t.run(
      async (ctx) =>
        (
          await ctx.db
            .query("workTrends")
            .withIndex("by_dirty", (q) => q.eq("dirty", true))
            .take(1)
        ).length,
    );
    expect(dirty).toBe(0);
  });

  const combos: { genre?: "game"; aiTool?: string; zeroCode: boolean }[] = [];
  for (const genre of [undefined, "game"] as const)
    for (const aiTool of [undefined, "Claude"]) for (const zeroCode of [false, true]) combos.push({ genre, aiTool, zeroCode });

  test.each(combos.map((c) => [JSON.stringify(c), c] as const))(
    "gallery sorted by 急上昇 %s: pages equal the brute-force order",
    async (_, filters) => {
      const expected = works
        .filter(
          (w) =>
            !w.hidden &&
            (!filters.genre || w.genre === filters.genre) &&
            (!filters.aiTool || w.aiTools.includes(filters.aiTool)) &&
            (!filters.zeroCode || w.isZeroCode),
        )
        .sort(bySort("trending"))
        .map((w) => w._id);
      const got = await firstPages((cursor) =>
        t.query(api.projects.list, { paginationOpts: { numItems: 20, cursor }, sort: "trending", ...filters }),
      );
      expect(got).toEqual(expected.slice(0, 20 * PAGES));
    },
  );

  const windows = [
    ["today", "likesToday"],
    ["week", "likesWeek"],
    ["month", "likesMonth"],
  ] as const;
  test.each(
    windows.flatMap(
      ([w, f]) =>
        [
          [w, "any", f, undefined],
          [w, "game", f, "game"],
        ] as const,
    ),
  )("ranking %s (genre: %s) equals the brute force", async (window, _, field, genre) => {
    const expected = works
      .filter((w) => !w.hidden && w.windows[field] > 0 && (!genre || w.genre === genre))
      .sort((a, b) => b.windows[field] - a.windows[field] || a._creationTime - b._creationTime)
      .slice(0, RANKING_SIZE)
      .map((w) => [w._id, w.windows[field]]);
    const got = await t.query(api.trending.works, { window, ...(genre ? { genre } : {}) });
    expect(got.map((r) => [r.work._id, r.likes])).toEqual(expected);
  });

  test("全期間, the weekly creator ranking and the home section equal the brute force", async () => {
    const all = await t.query(api.trending.works, { window: "all" });
    expect(all.map((r) => r.work._id)).toEqual(
      works
        .filter((w) => !w.hidden)
        .sort(bySort("popular"))
        .slice(0, RANKING_SIZE)
        .map((w) => w._id),
    );

    const week = new Map<string, number>();
    for (const w of works) week.set(seeded.authors[w.author]!, (week.get(seeded.authors[w.author]!) ?? 0) + w.windows.likesWeek);
    const creators = await t.query(api.trending.creators, {});
    expect(creators.map((r) => [r.author._id, r.likes])).toEqual(
      seeded.authors
        .map((id) => [id, week.get(id) ?? 0] as const)
        .filter(([, likes]) => likes > 0)
        .sort((a, b) => b[1] - a[1]) // stable: the earlier member first on a tie
        .slice(0, CREATOR_RANKING_SIZE),
    );

    const home = await t.query(api.trending.homeWorks, {});
    expect(home.map((w) => w._id)).toEqual(
      works
        .filter((w) => !w.hidden && w.trendScore !== undefined)
        .sort(bySort("trending"))
        .slice(0, 6)
        .map((w) => w._id),
    );
  });

  const sorts = (["newest", "popular", "trending"] as const).flatMap((sort) => [false, true].map((zeroCode) => ({ sort, zeroCode })));

  test.each(sorts)("tag page sort=$sort zeroCode=$zeroCode: 3 pages equal brute force (two spellings)", async ({ sort, zeroCode }) => {
    for (const spelling of ["ａｉ", "ゲーム"]) {
      const key = tagKeyOf(spelling);
      const expected = works
        .filter((w) => !w.hidden && w.tags.some((tag) => tagKeyOf(tag) === key) && (!zeroCode || w.isZeroCode))
        .sort(bySort(sort))
        .map((w) => w._id)
        .slice(0, 20 * PAGES);
      expect(expected.length).toBe(20 * PAGES);
      const ids = await firstPages((cursor) =>
        t.query(api.tags.works, { tag: spelling, sort, zeroCode, paginationOpts: { numItems: 20, cursor } }),
      );
      expect(ids).toEqual(expected);
    }
  });

  test.each(sorts)("tool page sort=$sort zeroCode=$zeroCode: 3 pages equal brute force", async ({ sort, zeroCode }) => {
    const expected = works
      .filter((w) => !w.hidden && w.aiTools.includes("Claude") && (!zeroCode || w.isZeroCode))
      .sort(bySort(sort))
      .map((w) => w._id)
      .slice(0, 20 * PAGES);
    const ids = await firstPages((cursor) =>
      t.query(api.tools.works, { tool: "Claude", sort, zeroCode, paginationOpts: { numItems: 20, cursor } }),
    );
    expect(ids).toEqual(expected);
  });

  test("tag counts, related tags and the /tools index", async () => {
    const shown = works.filter((w) => !w.hidden);
    const aiCount = shown.filter((w) => w.tags.some((tag) => tagKeyOf(tag) === "ai")).length;
    expect(await t.query(api.tags.get, { tag: "AI" })).toMatchObject({ tagKey: "ai", count: aiCount });
    const related = await t.query(api.tags.related, { tag: "ai" });
    expect(related.length).toBeGreaterThan(3);
    expect(related.map((r) => r.tag)).not.toContain("AI");
    const expected = new Map<string, number>();
    for (const w of shown) for (const tool of w.aiTools) expected.set(tool, (expected.get(tool) ?? 0) + 1);
    expect(await t.query(api.tools.list, {})).toEqual(
      [...expected].map(([tool, count]) => ({ tool, count })).sort((a, b) => b.count - a.count || (a.tool < b.tool ? -1 : 1)),
    );
    expect(await t.query(api.tools.get, { tool: "Claude" })).toEqual({ tool: "Claude", count: expected.get("Claude") });
  });

  test("the cap is live: reading a popular tag's rows in one function fails", async () => {
    await expect(
      t.run((ctx) =>
        ctx.db
          .query("projectTags")
          .withIndex("by_tagKey_and_projectCreationTime", (q) => q.eq("tagKey", "ai"))
          .collect(),
      ),
    ).rejects.toThrow(/too many documents/i);
  });
});
