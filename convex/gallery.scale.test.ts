// THE SCALE TEST (issue 5 "Done when"): a seeded gallery of SCALE_WORKS (100,000) works queried
// under a 1,000-documents-read cap for every filter/sort combination, with and without search
// text, compared with a brute-force answer. Any scan fails: a scan reads every work, far over the
// cap. SCALE_WORKS=20000 in the environment runs it smaller, for a quick local check.
//
// convex-test evaluates every query by scanning and sorting the whole table, so at 100,000 works
// each request costs about half a second: every combination is listed page by page, and searched
// with two queries rather than all of them (see searchCases).
import { beforeAll, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { GENRE_ALIASES } from "./constants";
import { SEARCH_CAP } from "./model/gallery";
import { bruteForce, CUSTOM_TOOL, RARE, seedGallery, type BruteFilters, type SeededWork } from "./model/galleryFixtures.testkit";
import { bigrams, normalizeForSearch } from "./model/search";
import { newTest } from "./test.setup";

const SCALE_WORKS = Number(process.env.SCALE_WORKS ?? 100_000);
const PAGES = 3;

const t = newTest({ documentsRead: 1000 });
let works: SeededWork[] = [];
beforeAll(async () => {
  works = await seedGallery(t, SCALE_WORKS);
}, 600_000);

const combos: BruteFilters[] = [];
for (const genre of [undefined, "game"] as const)
  for (const aiTool of [undefined, "Claude"])
    for (const zeroCode of [false, true])
      for (const sort of ["newest", "popular"] as const) combos.push({ genre, aiTool, zeroCode, sort });

const label = (f: BruteFilters) => `genre=${f.genre ?? "-"} aiTool=${f.aiTool ?? "-"} zeroCode=${f.zeroCode} sort=${f.sort}`;

/**
 * Well under the cap at 100,000 works: rare words, a one-character query (a prefix), Latin in
 * another case, a fragment from inside a word.
 */
const EXACT_QUERIES = [RARE.quantum, RARE.catCafe, "猫", "zephyr", "子計"];
/** Common words (one of several bigrams), at the cap unless the filters narrow them enough. */
const COMMON_QUERIES = ["写真", "タスク管理と"];
/**
 * Every combination is searched with one exact and one common query, rotated so that each query
 * meets both sorts and each filter both set and unset (checked below).
 */
const searchCases = combos.flatMap((filters, i) => [
  { query: EXACT_QUERIES[i % EXACT_QUERIES.length]!, filters },
  { query: COMMON_QUERIES[Math.floor((i + 1) / 2) % COMMON_QUERIES.length]!, filters },
]);

describe(`gallery at ${SCALE_WORKS.toLocaleString()} works, at most 1,000 documents read per request`, { timeout: 60_000 }, () => {
  test.each(combos.map((f) => [label(f), f] as const))("list %s: first pages equal the brute-force order", async (_, filters) => {
    const expected = bruteForce(works, filters).map((w) => w._id);
    const got: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < PAGES; i++) {
      const result: { page: { _id: string }[]; isDone: boolean; continueCursor: string } = await t.query(api.projects.list, {
        paginationOpts: { numItems: 20, cursor },
        ...filters,
      });
      got.push(...result.page.map((w) => w._id));
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(got).toEqual(expected.slice(0, got.length));
    expect(got.length).toBe(Math.min(expected.length, PAGES * 20));
  });

  test("list with a custom tool and with the web alias", async () => {
    const custom = await t.query(api.projects.list, { paginationOpts: { numItems: 20, cursor: null }, aiTool: CUSTOM_TOOL, sort: "popular" });
    expect(custom.page.map((w) => w._id)).toEqual(bruteForce(works, { aiTool: CUSTOM_TOOL, zeroCode: false, sort: "popular" }).slice(0, 20).map((w) => w._id));
    const web = await t.query(api.projects.list, { paginationOpts: { numItems: 20, cursor: null }, genre: "web", sort: "newest" });
    expect(web.page.map((w) => w._id)).toEqual(bruteForce(works, { genre: GENRE_ALIASES.web, zeroCode: false, sort: "newest" }).slice(0, 20).map((w) => w._id));
  });

  /**
   * How many candidates convex-test's search index yields: works with a token starting with any
   * query term (it prefix-matches every term and returns them oldest first, unranked).
   */
  const candidateCount = (query: string, filters: BruteFilters) => {
    const terms = bigrams(query).slice(0, 16);
    return works.filter((w) => {
      if ((filters.genre && w.genre !== filters.genre) || (filters.zeroCode && !w.isZeroCode)) return false;
      const tokens = normalizeForSearch(`${w.title} ${w.description}`);
      return terms.some((term) => tokens.includes(term));
    }).length;
  };

  /** Searches `query` with `args` and compares with the brute-force answer for `filters`. */
  const expectSearch = async (query: string, filters: BruteFilters, args: Omit<BruteFilters, "genre"> & { genre?: string } = filters) => {
    const expected = bruteForce(works, filters, query);
    const result = await t.query(api.projects.search, { search: query, limit: 40, ...args });
    const ids = result.items.map((w) => w._id);
    if (candidateCount(query, filters) < SEARCH_CAP) {
      // Under the cap the answer is exact.
      expect(result.capped).toBe(false);
      expect(result.total).toBe(expected.length);
      expect(ids).toEqual(expected.slice(0, 40).map((w) => w._id));
    } else {
      // At the cap: flagged, and whatever is shown is a real match in gallery order.
      expect(result.capped).toBe(true);
      const order = new Map(expected.map((w, i) => [w._id as string, i]));
      const positions = ids.map((id) => order.get(id));
      expect(positions.every((p) => p !== undefined)).toBe(true);
      expect([...positions].sort((a, b) => a! - b!)).toEqual(positions);
      expect(result.total).toBeLessThanOrEqual(expected.length);
    }
  };

  test("the search cases cover every combination, and every query both sorts and each filter set and unset", () => {
    expect(new Set(searchCases.map((c) => label(c.filters))).size).toBe(combos.length);
    for (const query of [...EXACT_QUERIES, ...COMMON_QUERIES]) {
      const seen = searchCases.filter((c) => c.query === query).map((c) => c.filters);
      for (const key of ["genre", "aiTool", "zeroCode", "sort"] as const) expect(new Set(seen.map((f) => f[key])).size, `${query} ${key}`).toBe(2);
    }
  });

  test.each(searchCases.map(({ query, filters }) => [`"${query}" ${label(filters)}`, query, filters] as const))(
    "search %s",
    async (_, query, filters) => {
      await expectSearch(query, filters);
    },
  );

  test("search with a custom tool and with the web alias", async () => {
    await expectSearch(RARE.quantum, { aiTool: CUSTOM_TOOL, zeroCode: false, sort: "popular" });
    await expectSearch(RARE.quantum, { genre: GENRE_ALIASES.web, zeroCode: false, sort: "newest" }, { genre: "web", zeroCode: false, sort: "newest" });
  });

  test("the rare words are found exactly and the common ones hit the cap", async () => {
    const quantum = await t.query(api.projects.search, { search: RARE.quantum, sort: "popular" });
    expect(quantum.capped).toBe(false);
    expect(quantum.total).toBe(Math.ceil(SCALE_WORKS / 997));
    const common = await t.query(api.projects.search, { search: "写真", sort: "newest", limit: SEARCH_CAP });
    expect(common).toMatchObject({ capped: true, cap: SEARCH_CAP });
    expect(common.items.length).toBe(common.total);
  });

  test("a deliberate scan fails under the same cap, so the cap is real", async () => {
    await expect(t.run(async (ctx) => ctx.db.query("projects").take(SCALE_WORKS))).rejects.toThrow(/too many documents/);
  });
});
