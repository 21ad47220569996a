// Ordered indexes (src/store/indexes) against convex-test's own evaluation, which walks and sorts every
// document and is the reference for what a query means: the same documents, values of every
// Convex type, the same queries (ranges, order, take, first, filter, paginate, reads after
// writes in the same transaction) must give the same documents in the same order.
import { defineSchema, defineTable } from "convex/server";
import { convexTest, type TestConvex } from "convex-test";
import { v, type Value } from "convex/values";
import { beforeAll, describe, expect, it } from "vitest";
import { installIndexes } from "../src/store/indexes/install.js";
import { captureInternals } from "../src/convex-test-adapter/internals.js";

const schema = defineSchema({
  items: defineTable({ n: v.number(), g: v.string(), v: v.optional(v.any()), nested: v.optional(v.any()) })
    .index("by_v", ["v"])
    .index("by_g_v", ["g", "v"])
    .index("by_nested", ["nested.k"]),
  other: defineTable({ n: v.number() }),
});
const modules = { "/convex/_generated/api.js": () => Promise.resolve({}) };

const bytes = (...b: number[]) => new Uint8Array(b).buffer;
/** One value of every type, several of some, in an order unrelated to Convex's. */
const VALUES: Value[] = [
  "a",
  3,
  null,
  true,
  -5n,
  [1, "a"],
  { a: 1 },
  "",
  -0,
  bytes(1, 2),
  0n,
  Infinity,
  "日本",
  [],
  NaN,
  false,
  "B",
  { b: 0 },
  0.5,
  bytes(),
  "\u{1F600}",
  2n ** 62n,
  -Infinity,
  [1],
  "\uFFFF",
  0,
  { a: 1, b: 2 },
  7n,
  -1.5,
  bytes(0),
  ["a"],
  {},
  "é",
  3,
  "a",
  null,
];

type Bound = { op: "gt" | "gte" | "lt" | "lte"; value: Value };
interface Spec {
  index: "by_v" | "by_g_v" | "by_creation_time" | "table";
  g?: string;
  eq?: { value: Value | undefined };
  lower?: Bound;
  upper?: Bound;
  order: "asc" | "desc";
  minN?: number;
}

type Item = { n: number; g: string; v?: Value };
type Page = { page: Item[]; isDone: boolean; continueCursor: string; pageStatus?: unknown; splitCursor?: unknown };
interface Built {
  collect(): Promise<Item[]>;
  take(n: number): Promise<Item[]>;
  first(): Promise<Item | null>;
  paginate(opts: { numItems: number; cursor: string | null; endCursor?: string; maximumRowsRead?: number }): Promise<Page>;
}

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return */
function build(db: unknown, s: Spec): Built {
  const table = (db as any).query("items");
  let q: any;
  if (s.index === "table") q = table;
  else if (s.index === "by_creation_time") q = table.withIndex("by_creation_time");
  else
    q = table.withIndex(s.index, (r: any) => {
      let x = r;
      if (s.index === "by_g_v") x = x.eq("g", s.g ?? "a");
      if (s.eq) x = x.eq("v", s.eq.value);
      if (s.lower) x = x[s.lower.op]("v", s.lower.value);
      if (s.upper) x = x[s.upper.op]("v", s.upper.value);
      return x;
    });
  q = q.order(s.order);
  if (s.minN !== undefined) q = q.filter((f: any) => f.gte(f.field("n"), s.minN));
  return q;
}
/* eslint-enable */

type T = TestConvex<typeof schema>;
const ns = (docs: Array<{ n: number }>) => docs.map((d) => d.n);

async function seed(t: T): Promise<void> {
  await t.run(async (ctx) => {
    for (const [i, value] of VALUES.entries()) {
      await ctx.db.insert("items", { n: i, g: i % 2 ? "a" : "b", v: value, nested: { k: i % 3 } });
    }
    // Documents without the indexed field sort first.
    await ctx.db.insert("items", { n: 100, g: "a" });
    await ctx.db.insert("items", { n: 101, g: "b", nested: "not an object" });
    for (let i = 0; i < 5; i++) await ctx.db.insert("other", { n: i });
  });
}

async function reference(): Promise<T> {
  const t = convexTest(schema, modules);
  await seed(t);
  return t;
}

async function indexed(): Promise<T> {
  const t = convexTest(schema, modules);
  const internals = await captureInternals(t);
  installIndexes(internals.db, { onRangeRead: () => undefined, onFilteredOut: () => undefined });
  await seed(t);
  return t;
}

/** Every way of reading one spec: collect, take, first, and all pages of 4. */
async function readAll(t: T, s: Spec) {
  return t.run(async (ctx) => {
    const collect = ns(await build(ctx.db, s).collect());
    const take3 = ns(await build(ctx.db, s).take(3));
    const first = (await build(ctx.db, s).first())?.n ?? null;
    return { collect, take3, first };
  });
}

async function allPages(t: T, s: Spec, numItems: number) {
  const pages: Array<{ ns: number[]; isDone: boolean }> = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const result: Page = await t.run((ctx) => build(ctx.db, s).paginate({ numItems, cursor }));
    pages.push({ ns: ns(result.page), isDone: result.isDone });
    if (result.isDone) break;
    cursor = result.continueCursor;
  }
  return pages;
}

const PROBES: Value[] = [null, -5n, 0n, -1.5, -0, 0, 3, NaN, Infinity, false, true, "", "a", "\uFFFF", bytes(0), [], [1], {}, { a: 1 }];

function specs(): Spec[] {
  const out: Spec[] = [];
  for (const order of ["asc", "desc"] as const) {
    out.push({ index: "table", order }, { index: "by_creation_time", order }, { index: "by_v", order });
    out.push({ index: "by_g_v", g: "a", order }, { index: "by_g_v", g: "b", order }, { index: "by_g_v", g: "zzz", order });
    out.push({ index: "by_v", order, minN: 10 }, { index: "by_g_v", g: "a", order, minN: 20 });
    out.push({ index: "by_v", eq: { value: undefined }, order }, { index: "by_g_v", g: "a", eq: { value: undefined }, order });
    for (const value of PROBES) {
      out.push({ index: "by_v", eq: { value }, order });
      for (const op of ["gt", "gte"] as const) out.push({ index: "by_v", lower: { op, value }, order });
      for (const op of ["lt", "lte"] as const) out.push({ index: "by_g_v", g: "b", upper: { op, value }, order });
    }
    out.push({ index: "by_v", lower: { op: "gte", value: 0n }, upper: { op: "lt", value: "a" }, order });
    out.push({ index: "by_v", lower: { op: "gt", value: null }, upper: { op: "lte", value: true }, order, minN: 5 });
    out.push({ index: "by_v", lower: { op: "gt", value: "z" }, upper: { op: "lt", value: "a" }, order });
  }
  return out;
}

describe("ordered indexes give convex-test's results", () => {
  let ref: T;
  let ours: T;
  beforeAll(async () => {
    [ref, ours] = [await reference(), await indexed()];
  });

  it("orders values of every type as Convex does, missing fields first", async () => {
    const spec: Spec = { index: "by_v", order: "asc" };
    const expected = await readAll(ref, spec);
    expect((await readAll(ours, spec)).collect).toEqual(expected.collect);
    // Spot checks against Convex's documented order.
    const order = expected.collect;
    const pos = (n: number) => order.indexOf(n);
    expect(pos(100)).toBeLessThan(pos(2)); // missing < null
    expect(pos(2)).toBeLessThan(pos(4)); // null < int64
    expect(pos(21)).toBeLessThan(pos(22)); // int64 < float64 (-Infinity)
    expect(pos(3)).toBeLessThan(pos(0)); // boolean < string
    expect(pos(24)).toBeLessThan(pos(20)); // "\uFFFF" before "😀": UTF-8 order (UTF-16 has it after)
    expect(pos(9)).toBeLessThan(pos(13)); // bytes < array
    expect(pos(13)).toBeLessThan(pos(31)); // array < object
  });

  it("answers every range, order, eq, limit and filter as convex-test does", async () => {
    for (const spec of specs()) {
      expect({ spec, result: await readAll(ours, spec) }).toEqual({ spec, result: await readAll(ref, spec) });
    }
  });

  it("paginates to the same pages, with cursors that continue where they should", async () => {
    for (const spec of specs().filter((_, i) => i % 3 === 0)) {
      expect({ spec, pages: await allPages(ours, spec, 4) }).toEqual({ spec, pages: await allPages(ref, spec, 4) });
    }
  });

  it("keeps a page's end where its end cursor says, and splits pages on the row limit", async () => {
    const pagesWithEnd = async (t: T, spec: Spec) => {
      const first: Page = await t.run((ctx) => build(ctx.db, spec).paginate({ numItems: 3, cursor: null }));
      const second: Page = await t.run((ctx) => build(ctx.db, spec).paginate({ numItems: 3, cursor: first.continueCursor }));
      // A document lands inside the second page; asked again with its end cursor, the page grows.
      await t.run(async (ctx) => {
        const docs = await build(ctx.db, spec).collect();
        await ctx.db.insert("items", { n: 300, g: docs[4].g, v: docs[4].v });
      });
      const again: Page = await t.run((ctx) =>
        build(ctx.db, spec).paginate({ numItems: 3, cursor: first.continueCursor, endCursor: second.continueCursor }),
      );
      const split: Page = await t.run((ctx) =>
        build(ctx.db, { ...spec, minN: 30 }).paginate({ numItems: 3, cursor: null, maximumRowsRead: 5 }),
      );
      await t.run(async (ctx) => {
        const added = await ctx.db
          .query("items")
          .filter((q) => q.eq(q.field("n"), 300))
          .unique();
        await ctx.db.delete(added!._id);
      });
      const shape = (p: Page) => ({
        ns: ns(p.page),
        isDone: p.isDone,
        pageStatus: p.pageStatus ?? null,
        split: p.splitCursor != null,
      });
      return [first, second, again, split].map(shape);
    };
    for (const spec of [
      { index: "by_v", order: "asc" },
      { index: "by_v", order: "desc" },
      { index: "by_g_v", g: "a", order: "desc" },
      { index: "table", order: "asc" },
    ] satisfies Spec[]) {
      expect({ spec, pages: await pagesWithEnd(ours, spec) }).toEqual({ spec, pages: await pagesWithEnd(ref, spec) });
    }
  });

  it("reads nested index fields as convex-test does", async () => {
    for (const k of [0, 1, 2, undefined]) {
      const read = (t: T) =>
        t.run(async (ctx) =>
          ns(
            await ctx.db
              .query("items")
              .withIndex("by_nested", (q) => q.eq("nested.k", k))
              .collect(),
          ),
        );
      expect(await read(ours)).toEqual(await read(ref));
    }
  });

  it("sees the transaction's own inserts, patches and deletes, and forgets them on rollback", async () => {
    const writeThenRead = async (t: T, fail: boolean) => {
      const results: unknown[] = [];
      const run = t.run(async (ctx) => {
        await ctx.db.insert("items", { n: 200, g: "a", v: 2.5 });
        await ctx.db.insert("items", { n: 201, g: "b" });
        const all = await ctx.db.query("items").collect();
        await ctx.db.patch(all.find((d) => d.n === 1)!._id, { v: "moved" });
        await ctx.db.patch(all.find((d) => d.n === 3)!._id, { g: "b" });
        await ctx.db.delete(all.find((d) => d.n === 0)!._id);
        for (const spec of specs().filter((_, i) => i % 4 === 0)) results.push(ns(await build(ctx.db, spec).collect()));
        results.push(ns(await build(ctx.db, { index: "by_v", order: "asc" }).take(5)));
        if (fail) throw new Error("roll back");
      });
      if (fail) await expect(run).rejects.toThrow("roll back");
      else await run;
      return results;
    };
    expect(await writeThenRead(ours, true)).toEqual(await writeThenRead(ref, true));
    const spec: Spec = { index: "by_v", order: "asc" };
    expect((await readAll(ours, spec)).collect).toEqual((await readAll(ref, spec)).collect);
    expect(await writeThenRead(ours, false)).toEqual(await writeThenRead(ref, false));
    for (const s of specs().filter((_, i) => i % 5 === 0)) expect(await readAll(ours, s)).toEqual(await readAll(ref, s));
  });

  it("refuses a range that does not follow the index, with convex-test's message", async () => {
    const bad = (t: T) =>
      t.run(async (ctx) => {
        await ctx.db
          .query("items")
          .withIndex("by_g_v", (q) => (q as unknown as { eq(f: string, v: string): unknown }).eq("v", "a") as never)
          .collect();
      });
    const expected = await bad(ref).catch((e: Error) => e.message);
    expect(expected).toContain("Incorrect field used in `withIndex`");
    expect(await bad(ours).catch((e: Error) => e.message)).toBe(expected);
  });
});
