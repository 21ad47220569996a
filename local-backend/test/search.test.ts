// Full-text search ranked as on Convex (src/store/search). Expected orders are derived by hand from
// Convex's BM25 (k1 = 1.2, b = 0.75, idf = ln(1 + (N - n + 0.5) / (n + 0.5)),
// score = idf · 2.2 · boost · tf / (tf + 1.2 · (0.25 + 0.75 · dl / avgdl)), boost 1 for whole
// terms and 0.5 for prefix expansions), with the numbers in comments. Each ranking case is built
// so that the expected order is neither the insertion order (convex-test's own) nor its reverse
// (newest first, the tie-break).
import { fileURLToPath } from "node:url";
import { convexTest, type TestConvex } from "convex-test";
import { actionGeneric, defineSchema, defineTable, makeFunctionReference } from "convex/server";
import { ConvexError, v } from "convex/values";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureInternals } from "../src/convex-test-adapter/internals.js";
import { FIELDNORMS, fieldnormId, idf } from "../src/store/search/bm25.js";
import { queryTerms } from "../src/store/search/compile.js";
import { IndexStore } from "../src/store/indexes/store.js";
import { buildTextIndexes, installSearch } from "../src/store/search/index.js";
import { TOO_MANY_RESULTS_MESSAGE } from "../src/store/search/stream.js";
import { tokenize } from "../src/store/search/tokenizer.js";
import { vectorQueryError } from "../src/store/search/vector.js";
import { api } from "./apps/search/convex/_generated/api";
import { type Harness, startHarness, waitForValue } from "./helpers";

const schema = defineSchema({
  notes: defineTable({ body: v.string(), topic: v.optional(v.string()) }).searchIndex("by_body", {
    searchField: "body",
    filterFields: ["topic"],
  }),
});
type Backend = TestConvex<typeof schema>;
type Note = { body: string; topic?: string };
type PageOpts = { numItems: number; cursor: string | null; endCursor?: string | null };

async function backend(): Promise<Backend> {
  const t = convexTest(schema, { "/convex/_generated/api.js": () => Promise.resolve({}) });
  const internals = await captureInternals(t);
  installSearch(internals.db);
  return t;
}

/** Inserts in order, in one transaction: later notes are newer. */
async function add(t: Backend, ...notes: Array<string | Note>): Promise<void> {
  await t.run(async (ctx) => {
    for (const note of notes) await ctx.db.insert("notes", typeof note === "string" ? { body: note } : note);
  });
}

async function search(t: Backend, text: string, topic?: string): Promise<string[]> {
  const docs = await t.run((ctx) =>
    ctx.db
      .query("notes")
      .withSearchIndex("by_body", (q) => (topic === undefined ? q.search("body", text) : q.search("body", text).eq("topic", topic)))
      .collect(),
  );
  return docs.map((d) => d.body);
}

function searchPage(t: Backend, text: string, opts: PageOpts) {
  return t.run((ctx) =>
    ctx.db
      .query("notes")
      .withSearchIndex("by_body", (q) => q.search("body", text))
      .paginate(opts),
  );
}

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error("expected the search to fail");
  return error;
}

describe("tokenizer (Tantivy SimpleTokenizer + RemoveLongFilter(32) + LowerCaser)", () => {
  it("splits on anything not alphanumeric and lower-cases", () => {
    expect(tokenize("Hello, happy TAX-payer! don't foo_bar 3.14")).toEqual([
      "hello",
      "happy",
      "tax",
      "payer",
      "don",
      "t",
      "foo",
      "bar",
      "3",
      "14",
    ]);
    expect(tokenize("Ünïcödé ΑΣ 東京タワー")).toEqual(["ünïcödé", "ασ", "東京タワー"]);
  });

  it("drops tokens of 32 UTF-8 bytes or more", () => {
    expect(tokenize(`${"a".repeat(31)} ${"b".repeat(32)} ok`)).toEqual(["a".repeat(31), "ok"]);
    expect(tokenize("é".repeat(16))).toEqual([]); // 32 bytes
  });

  it("keeps 16 query terms and makes the last kept one a prefix", () => {
    const terms = queryTerms(Array.from({ length: 17 }, (_, i) => `w${i + 1}`).join(" "));
    expect(terms).toHaveLength(16);
    expect(terms.at(-1)).toEqual({ text: "w16", prefix: true });
    expect(terms.filter((t) => t.prefix)).toHaveLength(1);
  });
});

describe("BM25 pieces", () => {
  it("quantizes field lengths like Tantivy: exact to 40, then 8 steps per power of two", () => {
    expect(FIELDNORMS.slice(38, 52)).toEqual([38, 39, 40, 42, 44, 46, 48, 50, 52, 54, 56, 60, 64, 68]);
    expect(FIELDNORMS[255]).toBe(2_013_265_944);
    expect(fieldnormId(41)).toBe(40);
    expect(fieldnormId(42)).toBe(41);
    expect(fieldnormId(100)).toBe(57); // 96
  });

  it("computes idf = ln(1 + (N - n + 0.5) / (n + 0.5)) in f32", () => {
    expect(idf(2, 3)).toBeCloseTo(Math.log(1.6), 6); // 0.470004
    expect(idf(1, 4)).toBeCloseTo(Math.log(1 + 3.5 / 1.5), 6); // 1.203973
  });
});

describe("relevance order", () => {
  it("ranks higher term frequency first", async () => {
    const t = await backend();
    // N = 3, avgdl = 9/3 = 3, df(apple) = 3, idf = ln(1 + 0.5/3.5) = 0.1335, norm(dl 3) = 1.2.
    // tf 2: 0.1335·2.2·2/(2 + 1.2) = 0.1836; tf 1: 0.1335·2.2·1/2.2 = 0.1335 (tie: newest first).
    await add(t, "apple pie crust", "apple apple crust", "apple pie dish");
    expect(await search(t, "apple")).toEqual(["apple apple crust", "apple pie dish", "apple pie crust"]);
  });

  it("ranks the rarer term first (idf)", async () => {
    const t = await backend();
    // N = 4, all dl = avgdl = 2. idf(banana, n=1) = 1.2040, idf(apple, n=3) = 0.3567;
    // score = idf (tf factor 1/2.2 cancels 2.2). The three apple notes tie: newest first.
    await add(t, "banana two", "apple one", "apple three", "apple four");
    expect(await search(t, "apple banana")).toEqual(["banana two", "apple four", "apple three", "apple one"]);
  });

  it("ranks the shorter field first (length normalization)", async () => {
    const t = await backend();
    // N = 3, avgdl = 12/3 = 4, idf = ln(1 + 0.5/3.5) = 0.1335. dl 2: norm 0.75, score 0.1679;
    // dl 4: norm 1.2, score 0.1335; dl 6: norm 1.65, score 0.1109.
    await add(t, "apple x y z w v", "apple x", "apple x y z");
    expect(await search(t, "apple")).toEqual(["apple x", "apple x y z", "apple x y z w v"]);
  });

  it("breaks ties newest first", async () => {
    const t = await backend();
    await add(t, { body: "same words", topic: "1" }, { body: "same words", topic: "2" }, { body: "same words", topic: "3" });
    const docs = await t.run((ctx) =>
      ctx.db
        .query("notes")
        .withSearchIndex("by_body", (q) => q.search("body", "words"))
        .collect(),
    );
    expect(docs.map((d) => d.topic)).toEqual(["3", "2", "1"]);
  });

  it("counts a repeated query term once", async () => {
    const t = await backend();
    // df(apple) = df(banana) = 1, same length: both score the same, so the newer note wins.
    // Were "apple apple" counted twice, "apple x y" would score double and come first.
    await add(t, "apple x y", "banana x y");
    expect(await search(t, "apple apple banana")).toEqual(["banana x y", "apple x y"]);
  });

  it("computes statistics over the whole table, not only the filtered documents", async () => {
    const t = await backend();
    // Table: N = 7, all dl 2. df(apple) = 5: idf = ln(1 + 2.5/5.5) = 0.3747; df(banana) = 2:
    // idf = ln(1 + 5.5/2.5) = 1.1632. So both banana notes (tie: newest first), then apple.
    // Over topic "a" alone (N = 3) apple would be the rarer term (idf 0.9808 against 0.4700) and
    // come first.
    await add(
      t,
      { body: "banana one", topic: "a" },
      { body: "apple one", topic: "a" },
      { body: "banana two", topic: "a" },
      ...["b1", "b2", "b3", "b4"].map((topic) => ({ body: "apple pie", topic })),
    );
    expect(await search(t, "apple banana", "a")).toEqual(["banana two", "banana one", "apple one"]);
  });
});

describe("term matching", () => {
  it("matches the last term as a prefix, the others only as whole terms", async () => {
    const t = await backend();
    await add(t, "hello there", "help me", "world peace");
    // Prefix expansions "hello" and "help": same df and length, so newest first.
    expect(await search(t, "hel")).toEqual(["help me", "hello there"]);
    expect(await search(t, "hel world")).toEqual(["world peace"]);
    // "world" is a whole term (boost 1), the expansions of "hel" get boost 0.5.
    expect(await search(t, "world hel")).toEqual(["world peace", "help me", "hello there"]);
  });

  it("ranks a whole-term match of the last term above its prefix expansions", async () => {
    const t = await backend();
    // N = 3, avgdl 2, df 1 each: idf = ln(1 + 2.5/1.5) = 0.9808. "hel" as a whole term:
    // 0.9808·2.2·1/2.2 = 0.9808; "hello" and "helium" as prefix expansions: half, 0.4904 (tie).
    await add(t, "hello lo", "hel lo", "helium lo");
    expect(await search(t, "hel")).toEqual(["hel lo", "helium lo", "hello lo"]);
  });

  it("is case-insensitive and splits on punctuation", async () => {
    const t = await backend();
    await add(t, "HeLLo World", "foo-bar,baz.qux_quux (don't)");
    expect(await search(t, "WORLD")).toEqual(["HeLLo World"]);
    expect(await search(t, "hElLo")).toEqual(["HeLLo World"]);
    expect(await search(t, "quux")).toEqual(["foo-bar,baz.qux_quux (don't)"]);
    expect(await search(t, "bar.baz")).toEqual(["foo-bar,baz.qux_quux (don't)"]);
    expect(await search(t, "foo-bar,baz.qux")).toEqual(["foo-bar,baz.qux_quux (don't)"]);
  });

  it("uses only the first 16 query terms", async () => {
    const t = await backend();
    await add(t, "w17 only", "w16 only", "w160 only");
    const seventeen = Array.from({ length: 17 }, (_, i) => `w${i + 1}`).join(" ");
    // w17 is dropped; w16, now last, matches w16 (whole term, boost 1) and w160 (prefix, 0.5).
    expect(await search(t, seventeen)).toEqual(["w16 only", "w160 only"]);
  });

  it("lets at most 64 distinct terms take part, prefix expansions in byte order", async () => {
    const t = await backend();
    const names = Array.from({ length: 70 }, (_, i) => `a${String(i).padStart(2, "0")}`);
    await add(t, ...names.map((body) => ({ body, topic: "t" })));
    // All expansions of "a" score the same (df 1, dl 1): newest first among a00..a63.
    expect(await search(t, "a")).toEqual(names.slice(0, 64).reverse());
    // The filter term takes one of the 64 places.
    expect(await search(t, "a", "t")).toEqual(names.slice(0, 63).reverse());
  });

  it("returns nothing for empty text or text without terms", async () => {
    const t = await backend();
    await add(t, "something");
    expect(await search(t, "")).toEqual([]);
    expect(await search(t, "   ")).toEqual([]);
    expect(await search(t, "!!! ...")).toEqual([]);
    expect(await search(t, "x".repeat(40))).toEqual([]);
  });
});

describe("filter fields", () => {
  it("keeps only documents whose filter fields are equal", async () => {
    const t = await backend();
    await add(t, { body: "red apple", topic: "fruit" }, { body: "red car", topic: "cars" }, { body: "red sky" });
    expect(await search(t, "red", "fruit")).toEqual(["red apple"]);
    expect(await search(t, "red", "none")).toEqual([]);
    const untopical = await t.run((ctx) =>
      ctx.db
        .query("notes")
        .withSearchIndex("by_body", (q) => q.search("body", "red").eq("topic", undefined))
        .collect(),
    );
    expect(untopical.map((d) => d.body)).toEqual(["red sky"]);
  });

  it("refuses more than 8 filter conditions with Convex's message", async () => {
    const t = await backend();
    await add(t, { body: "red", topic: "a" });
    const error = await errorOf(
      t.run((ctx) =>
        ctx.db
          .query("notes")
          .withSearchIndex("by_body", (q) => {
            let query = q.search("body", "red").eq("topic", "a");
            for (let i = 0; i < 8; i++) query = query.eq("topic", "a");
            return query;
          })
          .collect(),
      ),
    );
    expect(error.message).toContain("Search query against notes.by_body has too many filter conditions. Max: 8 Actual: 9");
  });

  it("refuses an index the schema does not declare, as Convex does", async () => {
    const t = await backend();
    const error = await errorOf(
      t.run((ctx) =>
        ctx.db
          .query("notes")
          .withSearchIndex("nope" as "by_body", (q) => q.search("body", "x"))
          .collect(),
      ),
    );
    expect(error.message).toContain("Index notes.nope not found.");
  });

  it("applies .filter() after the search, in relevance order", async () => {
    const t = await backend();
    await add(
      t,
      { body: "tea pot", topic: "keep" },
      { body: "tea tea", topic: "keep" },
      { body: "tea cup", topic: "drop" },
      { body: "tea mug", topic: "keep" },
    );
    const docs = await t.run((ctx) =>
      ctx.db
        .query("notes")
        .withSearchIndex("by_body", (q) => q.search("body", "tea"))
        .filter((q) => q.eq(q.field("topic"), "keep"))
        .take(5),
    );
    expect(docs.map((d) => d.body)).toEqual(["tea tea", "tea mug", "tea pot"]);
  });
});

describe("the 1024-result cap", () => {
  it("fails collect() from 1024 matches on, but not take(n ≤ 1024) or first()", async () => {
    const t = await backend();
    await add(t, ...Array.from({ length: 1100 }, (_, i) => `common ${i}`));
    expect((await errorOf(search(t, "common"))).message).toContain(TOO_MANY_RESULTS_MESSAGE);
    const take = (n: number) =>
      t.run((ctx) =>
        ctx.db
          .query("notes")
          .withSearchIndex("by_body", (q) => q.search("body", "common"))
          .take(n),
      );
    expect(await take(1024)).toHaveLength(1024);
    expect((await errorOf(take(1025))).message).toContain(TOO_MANY_RESULTS_MESSAGE);
    const first = await t.run((ctx) =>
      ctx.db
        .query("notes")
        .withSearchIndex("by_body", (q) => q.search("body", "common"))
        .first(),
    );
    expect(first?.body).toBe("common 1099");
  });

  it("fails at exactly 1024 matches (Convex asks for one more) and not at 1023", async () => {
    const t = await backend();
    await add(t, ...Array.from({ length: 1023 }, (_, i) => `word ${i}`));
    expect(await search(t, "word")).toHaveLength(1023);
    await add(t, "word 1023");
    expect((await errorOf(search(t, "word"))).message).toContain(TOO_MANY_RESULTS_MESSAGE);
  });

  it("stops the error where the caller stops reading", async () => {
    const t = await backend();
    await add(t, ...Array.from({ length: 1030 }, (_, i) => `many ${i}`));
    const read = await t.run(async (ctx) => {
      let count = 0;
      for await (const _doc of ctx.db.query("notes").withSearchIndex("by_body", (q) => q.search("body", "many"))) {
        if (++count === 1024) break;
      }
      return count;
    });
    expect(read).toBe(1024);
  });

  it("paginates through the best 1024 only, flagging big pages", async () => {
    const t = await backend();
    await add(t, ...Array.from({ length: 1100 }, (_, i) => `bulk ${i}`));
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page = await searchPage(t, "bulk", { numItems: 300, cursor });
      seen.push(...page.page.map((d) => d.body));
      expect(page.pageStatus).toBeNull();
      if (page.isDone) break;
      cursor = page.continueCursor;
    }
    expect(seen).toHaveLength(1024);
    expect(new Set(seen).size).toBe(1024);
    // Ties: newest first, so the 1024 newest notes.
    expect(seen[0]).toBe("bulk 1099");
    expect(seen.at(-1)).toBe("bulk 76");
    const big = await searchPage(t, "bulk", { numItems: 800, cursor: null });
    expect(big.pageStatus).toBe("SplitRecommended"); // more than 3/4 of 1024 rows read
  });
});

describe("pagination", () => {
  it("walks a ranked result set page by page without gaps or duplicates", async () => {
    const t = await backend();
    const notes = Array.from({ length: 42 }, (_, i) => `${"kiwi ".repeat(1 + (i % 4))}filler ${"x ".repeat(i % 3)}`);
    await add(t, ...notes);
    const ranked = await search(t, "kiwi");
    expect(ranked).toHaveLength(42);
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await searchPage(t, "kiwi", { numItems: 7, cursor });
      paged.push(...page.page.map((d) => d.body));
      pages += 1;
      if (page.isDone) break;
      cursor = page.continueCursor;
    }
    expect(paged).toEqual(ranked);
    // 6 full pages; the 6th ends exactly at the last result, so as on Convex it is not done yet
    // and a 7th, empty page says so.
    expect(pages).toBe(7);
  });

  it("re-runs a page up to its end cursor, ignoring the page size", async () => {
    const t = await backend();
    await add(t, ...Array.from({ length: 10 }, (_, i) => `plum ${"p ".repeat(i)}`));
    const first = await searchPage(t, "plum", { numItems: 4, cursor: null });
    const again = await searchPage(t, "plum", { numItems: 1, cursor: null, endCursor: first.continueCursor });
    expect(again.page.map((d) => d.body)).toEqual(first.page.map((d) => d.body));
    expect(again.continueCursor).toBe(first.continueCursor);
    expect(again.isDone).toBe(false);
    const rest = await searchPage(t, "plum", { numItems: 1, cursor: first.continueCursor, endCursor: "_end_cursor" });
    expect(rest.page).toHaveLength(6);
    expect(rest.isDone).toBe(true);
  });

  it("refuses a cursor from another query with Convex's InvalidCursor error", async () => {
    const t = await backend();
    await add(t, "plum a", "plum b", "plum c");
    const first = await searchPage(t, "plum", { numItems: 1, cursor: null });
    const error = await errorOf(searchPage(t, "plu", { numItems: 1, cursor: first.continueCursor }));
    expect(error).toBeInstanceOf(ConvexError);
    expect((error as ConvexError<{ paginationError: string }>).data.paginationError).toBe("InvalidCursor");
  });
});

describe("the text index", () => {
  it("is built for every declared search index ahead of the first search (at start)", async () => {
    const t = convexTest(schema, { "/convex/_generated/api.js": () => Promise.resolve({}) });
    const internals = await captureInternals(t);
    const store = new IndexStore(internals.db);
    await add(t, "apple pie", "banana");
    buildTextIndexes(internals.db, store);
    let builtAgain = false;
    store.derivedIndex("notes", "text body", () => {
      builtAgain = true;
      throw new Error("not built at start");
    });
    expect(builtAgain).toBe(false);
  });
});

describe("writes in the same transaction", () => {
  it("are visible to a search, and count in the statistics", async () => {
    const t = await backend();
    await add(t, "apple one", "apple two");
    const seen = await t.run(async (ctx) => {
      const id = await ctx.db.insert("notes", { body: "banana new" });
      await ctx.db.insert("notes", { body: "apple three" });
      const afterInsert = await ctx.db
        .query("notes")
        .withSearchIndex("by_body", (q) => q.search("body", "apple banana"))
        .collect();
      await ctx.db.patch("notes", id, { body: "cherry new" });
      const afterPatch = await ctx.db
        .query("notes")
        .withSearchIndex("by_body", (q) => q.search("body", "banana cherry"))
        .collect();
      const old = afterInsert.find((d) => d.body === "apple one")!;
      await ctx.db.delete("notes", old._id);
      const afterDelete = await ctx.db
        .query("notes")
        .withSearchIndex("by_body", (q) => q.search("body", "apple"))
        .collect();
      return [afterInsert, afterPatch, afterDelete].map((docs) => docs.map((d) => d.body));
    });
    // N = 4, all dl 2: idf(banana, n = 1) = 1.2040 beats idf(apple, n = 3) = 0.3567.
    expect(seen[0]).toEqual(["banana new", "apple three", "apple two", "apple one"]);
    expect(seen[1]).toEqual(["cherry new"]);
    expect(seen[2]).toEqual(["apple three", "apple two"]);
  });
});

describe("vector search", () => {
  const vectorSchema = defineSchema({
    docs: defineTable({ embedding: v.array(v.float64()) }).vectorIndex("by_embedding", { vectorField: "embedding", dimensions: 3 }),
  });
  const nearest = actionGeneric({
    args: { vector: v.array(v.float64()) },
    handler: async (ctx, { vector }) => (await ctx.vectorSearch("docs", "by_embedding", { vector })).length,
  });

  async function vectorBackend() {
    const t = convexTest(vectorSchema, {
      "/convex/_generated/api.js": () => Promise.resolve({}),
      "/convex/vectors.js": () => Promise.resolve({ nearest }),
    });
    installSearch((await captureInternals(t)).db);
    await t.run(async (ctx) => {
      await ctx.db.insert("docs", { embedding: [1, 0, 0] });
    });
    return t;
  }
  const nearestRef = makeFunctionReference<"action", { vector: number[] }, number>("vectors:nearest");

  it("refuses a query vector that is not of the index's dimensions, with Convex's message", async () => {
    const t = await vectorBackend();
    await expect(t.action(nearestRef, { vector: [1, 0] })).rejects.toThrow(/^Expected a vector with dimensions 3, received 2\.$/);
    await expect(t.action(nearestRef, { vector: [1, 0, 0, 0] })).rejects.toThrow(/^Expected a vector with dimensions 3, received 4\.$/);
    expect(await t.action(nearestRef, { vector: [0, 1, 0] })).toBe(1);
  });

  it("refuses a vector longer than any index may be against the 4096 maximum first", () => {
    expect(vectorQueryError(new Array<number>(4097).fill(0), 3)).toBe("Expected a vector with dimensions 4096, received 4097.");
    expect(vectorQueryError([0, 0, 0], 3)).toBeNull();
  });
});

describe("against the running backend, with the official clients", () => {
  const SEARCH_APP = fileURLToPath(new URL("./apps/search/convex", import.meta.url));
  // Generous bounds: they only turn a hang into a failure, on a busy machine.
  const SLOW = 120_000;
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ convexDir: SEARCH_APP });
  });
  afterEach(async () => {
    await h.stop();
  });

  const article = (body: string, section = "main") => ({ title: body, body, section });

  it(
    "ranks over HTTP, with filter fields",
    async () => {
      const http = h.http();
      await http.mutation(api.articles.insert, {
        articles: [article("banana two"), article("apple one"), article("apple three"), article("apple four", "other")],
      });
      // Same numbers as "ranks the rarer term first (idf)" above.
      expect(await http.query(api.articles.search, { text: "apple banana", limit: 10 })).toEqual([
        "banana two",
        "apple four",
        "apple three",
        "apple one",
      ]);
      expect(await http.query(api.articles.search, { text: "apple banana", section: "main", limit: 2 })).toEqual([
        "banana two",
        "apple three",
      ]);
      expect(await http.query(api.articles.first, { text: "APPLE" })).toBe("apple four");
    },
    SLOW,
  );

  it(
    "updates a live search when a better match is written, and a mutation sees its own writes",
    async () => {
      const watcher = h.ws();
      const writer = h.ws();
      await writer.mutation(api.articles.insert, { articles: [article("kiwi x y z"), article("kiwi x y")] });
      const args = { text: "kiwi", limit: 10 };
      await waitForValue(watcher, api.articles.search, args, (v) => v.join("|") === "kiwi x y|kiwi x y z", SLOW);
      const seen = await writer.mutation(api.articles.insertAndSearch, { article: article("kiwi kiwi"), text: "kiwi" });
      expect(seen).toEqual(["kiwi kiwi", "kiwi x y", "kiwi x y z"]);
      await waitForValue(watcher, api.articles.search, args, (v) => v[0] === "kiwi kiwi", SLOW);
    },
    SLOW,
  );

  it(
    "re-runs a live search only for writes that match its terms and filters, as Convex's read sets do",
    async () => {
      const client = h.ws();
      const runs = () => h.logs.filter((line) => line.includes("run watched kiwi")).length;
      let latest: string[] = [];
      await new Promise<void>((resolve) => {
        client.onUpdate(api.articles.watched, { text: "kiwi", section: "main" }, (titles) => {
          latest = titles;
          resolve();
        });
      });
      expect(runs()).toBe(1);
      // A mutation through the same client resolves after its session re-ran what the commit touched.
      await client.mutation(api.articles.insert, { articles: [article("banana split")] });
      await client.mutation(api.articles.insert, { articles: [article("kiwi tart", "other")] });
      expect(runs()).toBe(1);
      // The last search term also matches as a prefix.
      await client.mutation(api.articles.insert, { articles: [article("kiwifruit salad")] });
      expect(runs()).toBe(2);
      expect(latest).toEqual(["kiwifruit salad"]);
      const [id] = await client.mutation(api.articles.insert, { articles: [article("kiwi")] });
      expect(runs()).toBe(3);
      expect(latest).toEqual(["kiwi", "kiwifruit salad"]);
      // Moving a result out of the filter re-runs it (its old version matched).
      await client.mutation(api.articles.setSection, { id, section: "other" });
      expect(runs()).toBe(4);
      expect(latest).toEqual(["kiwifruit salad"]);
    },
    SLOW,
  );

  it(
    "caps a search at 1024 results with Convex's error",
    async () => {
      await h.backend.run("articles:seed", { count: 1100, body: "bulk item", prefix: "b" });
      const http = h.http();
      const error = await errorOf(http.query(api.articles.collectAll, { text: "bulk" }));
      expect(error.message).toContain(TOO_MANY_RESULTS_MESSAGE);
      // Equal scores: newest first.
      expect(await http.query(api.articles.search, { text: "bulk", limit: 3 })).toEqual(["b1099", "b1098", "b1097"]);
      expect(await http.query(api.articles.search, { text: "ite", limit: 1024 })).toHaveLength(1024);
    },
    SLOW,
  );

  it(
    "pages through a ranked search with usePaginatedQuery's machinery",
    async () => {
      const bodies = Array.from({ length: 23 }, (_, i) => `fig ${"fig ".repeat(i % 4)}${"pad ".repeat(i % 5)}n${i}`);
      const http = h.http();
      await http.mutation(api.articles.insert, { articles: bodies.map((b) => article(b)) });
      const ranked = await http.query(api.articles.search, { text: "fig", limit: 100 });
      expect(ranked).toHaveLength(23);

      type Result = { results: Array<{ title: string }>; status: string; loadMore: (n: number) => boolean };
      type PaginatedWatch = { onUpdate(cb: () => void): () => void; localQueryResult(): Result | undefined };
      const react = h.react();
      const watch = (
        react as unknown as {
          watchPaginatedQuery(q: unknown, args: object, o: { initialNumItems: number }): PaginatedWatch;
        }
      ).watchPaginatedQuery(api.articles.page, { text: "fig" }, { initialNumItems: 5 });
      const keepAlive = watch.onUpdate(() => undefined);
      /** The next state with `loaded` results and no page in flight. */
      const settled = (loaded: number) =>
        new Promise<Result>((resolve) => {
          const check = () => {
            const result = watch.localQueryResult();
            if (result && result.status !== "LoadingMore" && result.results.length >= loaded) {
              queueMicrotask(() => stop());
              resolve(result);
            }
          };
          const stop = watch.onUpdate(check);
          check();
        });
      let result = await settled(5);
      while (result.status === "CanLoadMore") {
        const loaded = result.results.length;
        result.loadMore(5);
        result = await settled(Math.min(loaded + 5, 23));
      }
      keepAlive();
      expect(result.status).toBe("Exhausted");
      expect(result.results.map((a) => a.title)).toEqual(ranked);
    },
    SLOW,
  );
});
