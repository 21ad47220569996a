// Precise invalidation: a commit re-runs only the subscriptions whose read set (the index ranges
// they scanned, the ids they fetched) it touches, as Convex does. Each query of the indexes app
// logs a line when it runs; a mutation through the sync protocol resolves only after the
// queries it changed were re-run and sent, so counting lines after it is exact.
import { fileURLToPath } from "node:url";
import type { ConvexClient } from "convex/browser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api } from "./apps/indexes/convex/_generated/api";
import type { Id } from "./apps/indexes/convex/_generated/dataModel";
import { type Harness, startHarness } from "./helpers";

const INDEXES_APP = fileURLToPath(new URL("./apps/indexes/convex", import.meta.url));

let h: Harness;
let client: ConvexClient;
let ids: Array<Id<"items">>;
const seen = new Map<string, unknown>();

function runs(label: string): number {
  return h.logs.filter((line) => line.includes(`run ${label}`)).length;
}

/** Subscribe and wait for the first result. */
async function watch(label: string, subscribe: (onUpdate: (value: unknown) => void) => void): Promise<void> {
  await new Promise<void>((resolve) => {
    subscribe((value) => {
      seen.set(label, value);
      resolve();
    });
  });
}

beforeAll(async () => {
  h = await startHarness({ convexDir: INDEXES_APP });
  client = h.ws();
  // Group a: v = 1..6 (n 0..5); group b: v = 1..6 (n 10..15).
  ids = await client.mutation(api.items.insert, {
    items: [...[1, 2, 3, 4, 5, 6].map((v, i) => ({ n: i, g: "a", v })), ...[1, 2, 3, 4, 5, 6].map((v, i) => ({ n: 10 + i, g: "b", v }))],
  });
  await watch("firstThreeOfGroup a", (cb) => client.onUpdate(api.items.firstThreeOfGroup, { g: "a" }, cb));
  await watch("firstThreeOfGroup b", (cb) => client.onUpdate(api.items.firstThreeOfGroup, { g: "b" }, cb));
  await watch("pageOfGroup b", (cb) => client.onUpdate(api.items.pageOfGroup, { g: "b", cursor: null }, cb));
  await watch(`one ${ids[4]}`, (cb) => client.onUpdate(api.items.one, { id: ids[4] }, cb));
  await watch("countOther", (cb) => client.onUpdate(api.items.countOther, {}, cb));
});
afterAll(async () => {
  await h.stop();
});

let before: Record<string, number>;
const LABELS = () => ["firstThreeOfGroup a", "firstThreeOfGroup b", "pageOfGroup b", `one ${ids[4]}`, "countOther"];
beforeEach(() => {
  before = Object.fromEntries(LABELS().map((label) => [label, runs(label)]));
});
function reran(): string[] {
  return LABELS().filter((label) => runs(label) > before[label]);
}

describe("a commit re-runs only the queries whose read set it touches", () => {
  it("starts with one run each", () => {
    expect(LABELS().map(runs)).toEqual([1, 1, 1, 1, 1]);
    expect(seen.get("firstThreeOfGroup a")).toEqual([0, 1, 2]);
    expect(seen.get("pageOfGroup b")).toEqual([15, 14]);
  });

  it("a write to another table re-runs only the query of that table", async () => {
    await client.mutation(api.items.addOther, { n: 1 });
    expect(reran()).toEqual(["countOther"]);
    expect(seen.get("countOther")).toBe(1);
  });

  it("a patch outside every scanned range re-runs nothing but the query that fetched that id", async () => {
    // ids[4] is a's v=5: past a's first three, in no page of b.
    await client.mutation(api.items.setV, { id: ids[4], v: 5.5 });
    expect(reran()).toEqual([`one ${ids[4]}`]);
  });

  it("a patch inside a scanned range re-runs that query only", async () => {
    await client.mutation(api.items.setV, { id: ids[1], v: 2.5 });
    expect(reran()).toEqual(["firstThreeOfGroup a"]);
  });

  it("a document moving into a range re-runs the query that now sees it", async () => {
    // b's v=3 (n 12) moves to v=0: now first of b's first three; not in b's desc page (v 6, 5).
    await client.mutation(api.items.setV, { id: ids[8], v: 0 });
    expect(reran()).toEqual(["firstThreeOfGroup b"]);
    expect(seen.get("firstThreeOfGroup b")).toEqual([12, 10, 11]);
  });

  it("an insert at the top of a descending page and a delete re-run the page", async () => {
    const [id] = await client.mutation(api.items.insert, { items: [{ n: 20, g: "b", v: 99 }] });
    expect(reran()).toEqual(["pageOfGroup b"]);
    before = Object.fromEntries(LABELS().map((label) => [label, runs(label)]));
    await client.mutation(api.items.remove, { id });
    expect(reran()).toEqual(["pageOfGroup b"]);
  });

  it("an insert past the end of a taken range re-runs nothing", async () => {
    await client.mutation(api.items.insert, { items: [{ n: 30, g: "a", v: 50 }] });
    expect(reran()).toEqual([]);
  });
});
