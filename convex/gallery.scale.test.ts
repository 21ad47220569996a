// THE SCALE TEST (every gallery read stays bounded at any size): a seeded gallery of SCALE_WORKS
// (100,000) works queried under a 1,000-documents-read cap for every filter/sort combination, with
// and without search text, compared with a brute-force answer. Any scan fails: a scan reads every
// work, far over the cap. SCALE_WORKS=20000 in the environment runs it smaller, for a quick local
// check.
//
// convex-test evaluates every query by scanning and sorting the whole table, so at 100,000 works
// each request costs about half a second: every combination is listed page by page, and searched
// with two queries rather than all of them (see searchCases).
//
// Search is answered as Convex answers it, with the embedded backend's search (local-backend/src/store/
// search: Convex's tokenizer, whole terms but the last one a prefix, BM25 order), not convex-test's
// own (every term a prefix, oldest first, unranked): which candidates come first decides what a
// capped search finds, e.g. ぱれっと among the many works that share its bigram っと.
import { beforeAll, describe, expect, test } from "vitest";
import { captureInternals } from "../local-backend/src/convex-test-adapter/internals";
import { installSearch } from "../local-backend/src/store/search/index";
import { api } from "./_generated/api";
import { GENRE_ALIASES } from "./constants";
import { SEARCH_CAP } from "./model/gallery";
import {
  bruteForce,
  CUSTOM_TOOL,
  HIDDEN_EVERY,
  RARE,
  RARE_FORMS,
  seedGallery,
  type BruteFilters,
  type SeededWork,
} from "./model/galleryFixtures.testkit";
import { bigrams, searchTextFor } from "./model/search";
import { newTest } from "./test.setup";

const SCALE_WORKS = Number(process.env.SCALE_WORKS ?? 100_000);
const PAGES = 3;

const t = newTest({ documentsRead: 1000 });
let works: SeededWork[] = [];
/** Each work's stored searchText, with a space at both ends. */
const storedText = new Map<string, string>();
beforeAll(async () => {
  installSearch((await captureInternals(t)).db);
  works = await seedGallery(t, SCALE_WORKS);
  for (const w of works) storedText.set(w._id, ` ${searchTextFor(w.title, w.description)} `);
}); // seeding 100,000 works is long: the convex project's hookTimeout allows for it

const combos: BruteFilters[] = [];
for (const genre of [undefined, "game"] as const)
  for (const aiTool of [undefined, "Claude"])
    for (const zeroCode of [false, true]) for (const sort of ["newest", "popular"] as const) combos.push({ genre, aiTool, zeroCode, sort });

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

describe(`gallery at ${SCALE_WORKS.toLocaleString()} works, at most 1,000 documents read per request`, () => {
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
    const custom = await t.query(api.projects.list, {
      paginationOpts: { numItems: 20, cursor: null },
      aiTool: CUSTOM_TOOL,
      sort: "popular",
    });
    expect(custom.page.map((w) => w._id)).toEqual(
      bruteForce(works, { aiTool: CUSTOM_TOOL, zeroCode: false, sort: "popular" })
        .slice(0, 20)
        .map((w) => w._id),
    );
    const web = await t.query(api.projects.list, { paginationOpts: { numItems: 20, cursor: null }, genre: "web", sort: "newest" });
    expect(web.page.map((w) => w._id)).toEqual(
      bruteForce(works, { genre: GENRE_ALIASES.web, zeroCode: false, sort: "newest" })
        .slice(0, 20)
        .map((w) => w._id),
    );
  });

  /**
   * How many candidates the search index yields: shown works passing the filters with a stored term equal
   * to a query term, or starting with the last one (Convex prefix-matches only the last term).
   */
  const candidateCount = (query: string, filters: BruteFilters) => {
    const terms = bigrams(query).slice(0, 16);
    const last = terms.at(-1)!;
    const whole = terms.map((term) => ` ${term} `);
    return works.filter((w) => {
      if (w.hidden || (filters.genre && w.genre !== filters.genre) || (filters.zeroCode && !w.isZeroCode)) return false;
      const stored = storedText.get(w._id)!;
      return stored.includes(` ${last}`) || whole.some((term) => stored.includes(term));
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
    return result;
  };

  test("the search cases cover every combination, and every query both sorts and each filter set and unset", () => {
    expect(new Set(searchCases.map((c) => label(c.filters))).size).toBe(combos.length);
    for (const query of [...EXACT_QUERIES, ...COMMON_QUERIES]) {
      const seen = searchCases.filter((c) => c.query === query).map((c) => c.filters);
      for (const key of ["genre", "aiTool", "zeroCode", "sort"] as const)
        expect(new Set(seen.map((f) => f[key])).size, `${query} ${key}`).toBe(2);
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
    await expectSearch(
      RARE.quantum,
      { genre: GENRE_ALIASES.web, zeroCode: false, sort: "newest" },
      { genre: "web", zeroCode: false, sort: "newest" },
    );
  });

  test("the rare words are found exactly and the common ones hit the cap", async () => {
    const quantum = await t.query(api.projects.search, { search: RARE.quantum, sort: "popular" });
    expect(quantum.capped).toBe(false);
    expect(quantum.total).toBe(works.filter((w) => !w.hidden && w.description.includes(RARE.quantum)).length);
    expect(quantum.total).toBeGreaterThan(Math.ceil(SCALE_WORKS / 997) * 0.8);
    const common = await t.query(api.projects.search, { search: "写真", sort: "newest", limit: SEARCH_CAP });
    expect(common).toMatchObject({ capped: true, cap: SEARCH_CAP });
    expect(common.items.length).toBe(common.total);
  });

  /**
   * Japanese-aware folding: each query is written in another form than (some of) the stored
   * works, and finds exactly the works holding one of `forms` as written, which is checked against
   * the raw text rather than with the folding under test. The first query of each word is also
   * searched with filters, against the brute force.
   */
  const FOLDED_QUERIES: { query: string; forms: readonly string[]; every: number; filtered?: BruteFilters }[] = [
    { query: "ぱれっと", forms: RARE_FORMS.palette, every: 1997, filtered: { genre: "game", zeroCode: false, sort: "popular" } },
    { query: "ﾊﾟﾚｯﾄ", forms: RARE_FORMS.palette, every: 1997 },
    { query: "パレット", forms: RARE_FORMS.palette, every: 1997 },
    { query: "ＡＩ", forms: RARE_FORMS.ai, every: 2003, filtered: { aiTool: "Claude", zeroCode: true, sort: "newest" } },
    { query: "ai", forms: RARE_FORMS.ai, every: 2003 },
    { query: "猫かふぇ", forms: [RARE.catCafe], every: 4999 },
  ];
  test.each(FOLDED_QUERIES.map((c) => [c.query, c] as const))(
    "search folds kana, width and case: %s",
    async (_, { query, forms, every, filtered }) => {
      const everyHolding = works.filter((w) => forms.some((form) => w.title.includes(form) || w.description.includes(form)));
      expect(everyHolding.length).toBe(Math.ceil(SCALE_WORKS / every));
      const holding = everyHolding.filter((w) => !w.hidden);
      // Every form is stored, so the query meets at least one written differently from itself.
      expect(forms.filter((form) => holding.some((w) => w.description.includes(form))).length).toBe(forms.length);
      const result = await t.query(api.projects.search, { search: query, sort: "newest", limit: SEARCH_CAP });
      // ぱれっと shares っと with the common ぺっと and ちゃっと, so its candidates reach the cap; the
      // works holding every bigram rank first, and all of them are found all the same.
      expect(result.capped).toBe(candidateCount(query, { zeroCode: false, sort: "newest" }) >= SEARCH_CAP);
      expect(result.total).toBe(holding.length);
      expect(result.items.map((w) => w._id)).toEqual(bruteForce(holding, { zeroCode: false, sort: "newest" }).map((w) => w._id));
      if (filtered) await expectSearch(query, filtered);
    },
  );

  test("a common katakana word searched in hiragana gives what the katakana gives", async () => {
    const hiragana = await expectSearch("たすく管理", { genre: "game", zeroCode: false, sort: "popular" });
    const katakana = await t.query(api.projects.search, { search: "タスク管理", limit: 40, genre: "game", sort: "popular" });
    expect(hiragana).toEqual(katakana);
  });

  test(`hidden works (one in ${HIDDEN_EVERY}) are in the table but on no page, and pages stay full`, async () => {
    const hidden = works.filter((w) => w.hidden);
    expect(hidden.length).toBe(Math.floor((SCALE_WORKS + HIDDEN_EVERY - 8) / HIDDEN_EVERY));
    const first = await t.query(api.projects.list, { paginationOpts: { numItems: 20, cursor: null }, sort: "newest" });
    expect(first.page).toHaveLength(20);
    const hiddenIds = new Set(hidden.map((w) => w._id as string));
    expect(first.page.filter((w) => hiddenIds.has(w._id))).toEqual([]);
    const home = await t.query(api.home.overview, {});
    expect(home.topWorks.map((w) => w._id)).toEqual(
      bruteForce(works, { zeroCode: false, sort: "popular" })
        .slice(0, 3)
        .map((w) => w._id),
    );
    expect(home.counts.projects).toBe(SCALE_WORKS - hidden.length);
  });

  test("a deliberate scan fails under the same cap, so the cap is real", async () => {
    await expect(t.run(async (ctx) => ctx.db.query("projects").take(SCALE_WORKS))).rejects.toThrow(/too many documents/);
  });
});
