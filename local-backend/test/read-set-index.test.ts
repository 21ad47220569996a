// The index of many queries' read sets must find exactly the read sets a commit touches, as
// checking every read set one by one would: random read sets (whole tables, ids, text searches,
// ranges that fix their first field and ranges that do not, over mixed value types) against
// random writes.
import type { Value } from "convex/values";
import { describe, expect, it } from "vitest";
import type { StoredDocument } from "../src/convex-test-adapter/internals";
import type { KeyRange } from "../src/store/indexes/keys";
import { type DocWrite, ReadSet, ReadSetIndex } from "../src/store/read-set";
import { type Random, random } from "./random";

const TABLES = ["works", "stats", "other:works"];
const VALUES = [0, -0, 1, 2.5, "a", "b", "", true, null, 5n, [1], undefined];
const IDS = ["1;works", "2;works", "3;stats", "4;stats", "5;works"];

function doc(r: Random, id: string): StoredDocument {
  const fields: Record<string, unknown> = { _id: id, _creationTime: Math.floor(r.next() * 4) };
  for (const name of ["a", "b"]) {
    const value = r.pick(VALUES);
    if (value !== undefined) fields[name] = value;
  }
  return fields as StoredDocument;
}

function range(r: Random): KeyRange {
  const fields = r.pick([
    ["a", "_creationTime", "_id"],
    ["a", "b", "_creationTime", "_id"],
    ["b", "_creationTime", "_id"],
  ]);
  const first = r.pick(VALUES);
  switch (r.pick(["eq", "eq-prefix", "between", "open"])) {
    case "eq":
      return { fields, low: { prefix: [first], inclusive: true }, high: { prefix: [first], inclusive: true } };
    case "eq-prefix": {
      const second = r.pick(VALUES);
      return { fields, low: { prefix: [first, second], inclusive: true }, high: { prefix: [first], inclusive: r.next() < 0.5 } };
    }
    case "between":
      return { fields, low: { prefix: [first], inclusive: r.next() < 0.5 }, high: { prefix: [r.pick(VALUES)], inclusive: r.next() < 0.5 } };
    default:
      return { fields, low: { prefix: [], inclusive: true }, high: { prefix: [first], inclusive: r.next() < 0.5 } };
  }
}

function readSet(r: Random): ReadSet {
  const reads = new ReadSet();
  const parts = 1 + Math.floor(r.next() * 4);
  for (let i = 0; i < parts; i++) {
    const kind = r.next();
    if (kind < 0.1) reads.addTable(r.pick(TABLES));
    else if (kind < 0.3) reads.addId(r.pick(TABLES), r.pick(IDS));
    else if (kind < 0.45) {
      const filters = r.next() < 0.5 ? [] : [{ fieldPath: "b", value: r.pick(VALUES) as Value | undefined }];
      reads.addSearch(r.pick(TABLES), {
        searchField: "a",
        exact: new Set([r.pick(["a", "b", "x"])]),
        prefix: r.pick(["", "b", undefined]),
        filters,
      });
    } else reads.addRange(r.pick(TABLES), range(r));
  }
  return reads;
}

function write(r: Random): DocWrite {
  const id = r.pick(IDS);
  const kind = r.pick(["insert", "patch", "delete"]);
  return {
    componentPath: "",
    table: r.pick(TABLES),
    id,
    before: kind === "insert" ? null : doc(r, id),
    after: kind === "delete" ? null : doc(r, id),
  };
}

describe("ReadSetIndex", () => {
  it("finds exactly the owners whose read sets the writes touch", () => {
    const r = random(7);
    for (let trial = 0; trial < 300; trial++) {
      const index = new ReadSetIndex<number>();
      const sets = Array.from({ length: 20 }, () => readSet(r));
      // Some read sets are shared by two owners (a cached result and a subscription).
      const owners = sets.map((reads, i) => {
        index.add(reads, i);
        if (i % 5 === 0) index.add(reads, 100 + i);
        return reads;
      });
      const writes = Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => write(r));
      const expected = new Set<number>();
      owners.forEach((reads, i) => {
        if (!reads.touchedBy(writes)) return;
        expected.add(i);
        if (i % 5 === 0) expected.add(100 + i);
      });
      expect(
        [...index.touchedBy(writes)].sort((x, y) => x - y),
        `trial ${trial}`,
      ).toEqual([...expected].sort((x, y) => x - y));
    }
  });

  it("forgets a read set once its last owner is gone, and keeps it while one remains", () => {
    const index = new ReadSetIndex<string>();
    const reads = new ReadSet();
    const fields = ["a", "_creationTime", "_id"];
    reads.addRange("works", { fields, low: { prefix: ["x"], inclusive: true }, high: { prefix: ["x"], inclusive: true } });
    reads.addId("stats", "9;stats");
    index.add(reads, "cache");
    index.add(reads, "subscription");
    const inRange: DocWrite = {
      componentPath: "",
      table: "works",
      id: "1;works",
      before: null,
      after: { _id: "1;works", _creationTime: 1, a: "x" },
    };
    const byId: DocWrite = { componentPath: "", table: "stats", id: "9;stats", before: null, after: null };
    expect(index.touchedBy([inRange])).toEqual(new Set(["cache", "subscription"]));
    index.delete(reads, "cache");
    expect(index.touchedBy([byId])).toEqual(new Set(["subscription"]));
    index.delete(reads, "subscription");
    expect(index.touchedBy([inRange, byId]).size).toBe(0);
  });

  it("tells the same id in two components apart", () => {
    const index = new ReadSetIndex<string>();
    const reads = new ReadSet();
    reads.addId("works", "1;works");
    index.add(reads, "app query");
    const inComponent: DocWrite = { componentPath: "c", table: "c:works", id: "1;works", before: null, after: null };
    expect(index.touchedBy([inComponent]).size).toBe(0);
    expect(index.touchedBy([{ ...inComponent, componentPath: "", table: "works" }])).toEqual(new Set(["app query"]));
  });
});
