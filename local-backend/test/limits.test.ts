// Convex's limits, driven through the official clients against the limits fixture app: each
// limit is broken on demand and must fail with Convex's message, leaving nothing written, while
// the call just under it succeeds.
import { fileURLToPath } from "node:url";
import type { ConvexHttpClient } from "convex/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { functionArgumentsError, functionReturnValueError } from "../src/store/limits/index.js";
import { formatBinarySize, formatBytes, rustFloat, rustString } from "../src/store/limits/format.js";
import { api } from "./apps/limits/convex/_generated/api";
import type { Id } from "./apps/limits/convex/_generated/dataModel";
import { type Harness, startHarness } from "./helpers";

const LIMITS_APP = fileURLToPath(new URL("./apps/limits/convex", import.meta.url));
const MiB = 1 << 20;
const READ_HELP =
  "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

let h: Harness;
let http: ConvexHttpClient;
beforeAll(async () => {
  h = await startHarness({ convexDir: LIMITS_APP });
  http = h.http();
});
afterAll(async () => {
  await h.stop();
});

/** The message a call fails with (it must fail). */
async function failure(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected the call to fail");
}

/** A mutation that failed must have left neither its marker nor its documents. */
async function expectNothingWritten(tag: string): Promise<void> {
  expect(await http.query(api.documents.written, { tag })).toEqual({ markers: 0, docs: 0 });
}

async function insertSmall(tag: string): Promise<Id<"docs">> {
  return await http.mutation(api.documents.insertSized, { tag, size: 200 });
}

describe("document size: 1 MiB, measured as Convex measures values", () => {
  const tooLarge = "Uncaught Error: Value is too large (1.00 MiB > maximum size 1 MiB)";

  it("accepts a document of exactly 1 MiB and refuses one byte more", async () => {
    const id = await http.mutation(api.documents.insertSized, { tag: "size-ok", size: MiB });
    expect(id).toHaveLength(32);
    expect(await http.query(api.documents.sizeOf, { id })).toBe(MiB);

    expect(await failure(http.mutation(api.documents.insertSized, { tag: "size-over", size: MiB + 1 }))).toBe(tooLarge);
    await expectNothingWritten("size-over");
    // The sync protocol reports the same error.
    const ws = h.ws();
    expect(await failure(ws.mutation(api.documents.insertSized, { tag: "size-ws", size: MiB + 1 }))).toContain(tooLarge);
    await expectNothingWritten("size-ws");
  });

  it("checks the document a patch or replace produces", async () => {
    const id = await insertSmall("size-target");
    for (const mutation of [api.documents.patchToSize, api.documents.replaceToSize]) {
      expect(await failure(http.mutation(mutation, { tag: "size-grow", id, size: MiB + 1 }))).toBe(tooLarge);
      await expectNothingWritten("size-grow");
      expect(await http.query(api.documents.sizeOf, { id })).toBe(200);
    }
    await http.mutation(api.documents.patchToSize, { tag: "size-patched", id, size: MiB });
    expect(await http.query(api.documents.sizeOf, { id })).toBe(MiB);
    expect(await failure(http.mutation(api.documents.replaceToSize, { tag: "size-big", id, size: 1.5 * MiB }))).toBe(
      "Uncaught Error: Value is too large (1.50 MiB > maximum size 1 MiB)",
    );
  });

  it("counts 9 bytes a number, not the JSON length", async () => {
    // 14 arrays of 8,192 zeros are ~230 KB of JSON but ~1 MB in Convex's measure; 15 are over.
    await http.mutation(api.documents.insertNumberArrays, { tag: "num-ok", arrays: 14 });
    expect(await failure(http.mutation(api.documents.insertNumberArrays, { tag: "num-over", arrays: 15 }))).toBe(
      "Uncaught Error: Value is too large (1.05 MiB > maximum size 1 MiB)",
    );
    await expectNothingWritten("num-over");
  });
});

describe("arrays: 8,192 items", () => {
  it("refuses a longer array in an insert, patch or replace, nested or not", async () => {
    await http.mutation(api.documents.insertArray, { tag: "array-ok", length: 8192 });
    expect(await failure(http.mutation(api.documents.insertArray, { tag: "array-over", length: 8193 }))).toBe(
      "Uncaught Error: Invalid argument `value` for `db.insert`: Array length is too long (8193 > maximum length 8192)",
    );
    await expectNothingWritten("array-over");

    const id = await insertSmall("array-target");
    await http.mutation(api.documents.patchArray, { tag: "array-patch-ok", id, length: 8192 });
    expect(await failure(http.mutation(api.documents.patchArray, { tag: "array-patch", id, length: 8193 }))).toBe(
      "Uncaught Error: Invalid argument `value` for `db.patch`: Array length is too long (8193 > maximum length 8192)",
    );
    expect(await failure(http.mutation(api.documents.replaceArray, { tag: "array-replace", id, length: 8193 }))).toBe(
      "Uncaught Error: Invalid argument `value` for `db.replace`: Array length is too long (8193 > maximum length 8192)",
    );
    await expectNothingWritten("array-patch");
    await expectNothingWritten("array-replace");
    const doc = await http.query(api.documents.get, { id });
    expect(doc?.items.inner).toHaveLength(8192);
  });
});

describe("nesting: 16 levels in a document, 64 in any value", () => {
  const tooNestedDocument = (levels: number, tag: string) =>
    new RegExp(
      String.raw`^Uncaught Error: Document\(value: \{_creationTime: \d+\.\d+, _id: "\w+", nested: \[{${levels - 1}}0\.0\]{${levels - 1}}, tag: "${tag}"\}\) ` +
        String.raw`isn't a valid document: Document is too nested \(nested ${levels} levels deep > maximum nesting 16\)$`,
    );

  it("accepts a document 16 levels deep and refuses 17", async () => {
    // The document itself is the first level.
    await http.mutation(api.documents.insertNested, { tag: "nest-ok", depth: 15 });
    expect(await failure(http.mutation(api.documents.insertNested, { tag: "nest-over", depth: 16 }))).toMatch(
      tooNestedDocument(17, "nest-over"),
    );
    await expectNothingWritten("nest-over");
    expect(await failure(http.mutation(api.documents.insertNested, { tag: "nest-64", depth: 63 }))).toMatch(
      tooNestedDocument(64, "nest-64"),
    );
  });

  it("refuses a value over 64 levels before it is even a document", async () => {
    expect(await failure(http.mutation(api.documents.insertNested, { tag: "nest-65", depth: 64 }))).toBe(
      "Uncaught Error: Invalid argument `value` for `db.insert`: Value is too nested (nested 65 levels deep > maximum nesting 64)",
    );
    await expectNothingWritten("nest-65");
  });

  it("checks the document a patch produces", async () => {
    const id = await insertSmall("nest-target");
    const message = await failure(http.mutation(api.documents.patchNested, { tag: "nest-patch", id, depth: 16 }));
    expect(message).toMatch(
      /^Uncaught Error: Document\(value: \{_creationTime: [\d.]+, _id: "\w+", body: "x+", nested: \[{16}0\.0\]{16}, tag: "nest-target"\}\) isn't a valid document: Document is too nested \(nested 17 levels deep > maximum nesting 16\)$/,
    );
    await expectNothingWritten("nest-patch");
    expect(await http.query(api.documents.get, { id })).not.toHaveProperty("nested");
  });
});

describe("fields: 1,024 per object, a document's `_id` and `_creationTime` included", () => {
  it("refuses a nested object with more than 1,024 fields", async () => {
    await http.mutation(api.documents.insertWideObject, { tag: "wide-ok", count: 1024 });
    expect(await failure(http.mutation(api.documents.insertWideObject, { tag: "wide-over", count: 1025 }))).toBe(
      "Uncaught Error: Invalid argument `value` for `db.insert`: Object has too many fields (1025 > maximum number 1024)",
    );
    await expectNothingWritten("wide-over");
  });

  it("leaves 1,022 fields for the user at the top level", async () => {
    await http.mutation(api.documents.insertTopLevelFields, { tag: "top-ok", count: 1022 });
    const tooMany = "Uncaught Error: Object has too many fields (1025 > maximum number 1024)";
    expect(await failure(http.mutation(api.documents.insertTopLevelFields, { tag: "top-over", count: 1023 }))).toBe(tooMany);
    await expectNothingWritten("top-over");

    const id = await insertSmall("top-target"); // tag and body
    await http.mutation(api.documents.patchAddFields, { tag: "top-patch-ok", id, count: 1020 });
    const patched = await failure(http.mutation(api.documents.patchAddFields, { tag: "top-patch", id, count: 1021 }));
    expect(patched).toBe(tooMany);
    await expectNothingWritten("top-patch");
  });
});

describe("field names", () => {
  const insertName = (tag: string, name: string, nested = false) => http.mutation(api.documents.insertFieldName, { tag, name, nested });

  it("refuses `$`, non-ASCII and over 1,024 characters anywhere (the convex package's own checks)", async () => {
    expect(await failure(insertName("name-dollar", "$bad", true))).toBe(
      "Uncaught Error: Field name $bad starts with a '$', which is reserved.",
    );
    expect(await failure(insertName("name-ascii", "naïve"))).toBe(
      "Uncaught Error: Field name naïve has invalid character 'ï': Field names can only contain non-control ASCII characters",
    );
    const long = "n".repeat(1025);
    expect(await failure(insertName("name-long", long, true))).toBe(
      `Uncaught Error: Field name ${long} exceeds maximum field name length 1024.`,
    );
    for (const tag of ["name-dollar", "name-ascii", "name-long"]) await expectNothingWritten(tag);
    await insertName("name-1024", "n".repeat(1024), true);
  });

  it("refuses top-level fields starting with `_`, before the schema is checked", async () => {
    const systemField = (name: string, rest: string) =>
      `Uncaught Error: Document(value: {_creationTime: ${rest}) isn't a valid document: Field '${name}' starts with an underscore, which is only allowed for system fields like '_id'`;
    const message = await failure(insertName("name-underscore", "_private"));
    expect(message.replace(/_creationTime: [\d.]+, _id: "\w+"/, "_creationTime: T, _id: I")).toBe(
      systemField("_private", 'T, _id: I, _private: 1.0, tag: "name-underscore"}'),
    );
    await expectNothingWritten("name-underscore");
    // A strict table would otherwise fail its schema check ("Unexpected field") first.
    const strict = await failure(http.mutation(api.documents.insertStrict, { tag: "name-strict", extra: "_extra" }));
    expect(strict).toMatch(/isn't a valid document: Field '_extra' starts with an underscore/);
    const id = await insertSmall("name-target");
    expect(await failure(http.mutation(api.documents.patchFieldName, { tag: "name-patch", id, name: "_x" }))).toMatch(
      /isn't a valid document: Field '_x' starts with an underscore/,
    );
    await expectNothingWritten("name-patch");
  });

  it("accepts what Convex accepts: nested `_` fields, empty names, long top-level names", async () => {
    await insertName("name-nested-underscore", "_private", true);
    await insertName("name-empty", "");
    await insertName("name-empty-nested", "", true);
    // The backend applies the 64-character identifier rule to schemas, not to stored documents.
    await insertName("name-100", "n".repeat(100));
  });
});

describe("transactions", () => {
  it("scans at most 32,000 documents, those a filter drops included", async () => {
    await http.mutation(api.transactions.seedRows, { from: 0, count: 16_000 });
    await http.mutation(api.transactions.seedRows, { from: 16_000, count: 16_000 });
    expect(await http.query(api.transactions.countRows, {})).toBe(32_000);
    expect(await http.query(api.transactions.findRow, { n: -1 })).toBeNull();
    expect(await http.query(api.transactions.findRowPaginated, { n: -1 })).toBe(0);

    await http.mutation(api.transactions.seedRows, { from: 32_000, count: 1 });
    const tooMany = `Uncaught Error: Too many documents read in a single function execution (limit: 32000). ${READ_HELP}`;
    expect(await failure(http.query(api.transactions.countRows, {}))).toBe(tooMany);
    expect(await failure(http.query(api.transactions.findRow, { n: -1 }))).toBe(tooMany);
    expect(await failure(http.query(api.transactions.findRowPaginated, { n: -1 }))).toBe(tooMany);
    // Reading stops at the first match, as on Convex.
    expect(await http.query(api.transactions.findRow, { n: 5 })).toBe(5);
  });

  it("reads at most 4,096 index ranges", async () => {
    const ids = await http.query(api.transactions.rowIds, { count: 4097 });
    expect(await http.query(api.transactions.getRows, { ids: ids.slice(0, 4096) })).toBe(4096);
    expect(await failure(http.query(api.transactions.getRows, { ids }))).toBe(
      `Uncaught Error: Too many reads in a single function execution (limit: 4096). ${READ_HELP}`,
    );
  });

  it("writes at most 16,000 documents", async () => {
    await http.mutation(api.transactions.writeRows, { tag: "w-ok", count: 16_000 });
    expect(await http.query(api.transactions.countWritten, { tag: "w-ok" })).toBe(16_000);
    expect(await failure(http.mutation(api.transactions.writeRows, { tag: "w-over", count: 16_001 }))).toBe(
      "Uncaught Error: Too many writes in a single function execution (limit: 16000)",
    );
    expect(await http.query(api.transactions.countWritten, { tag: "w-over" })).toBe(0);
  });

  it("writes and reads at most 16 MiB", async () => {
    await http.mutation(api.transactions.writeBlobs, { tag: "b-ok", count: 16, bodyBytes: 1_000_000 });
    expect(await failure(http.mutation(api.transactions.writeBlobs, { tag: "b-over", count: 17, bodyBytes: 1_000_000 }))).toBe(
      "Uncaught Error: Too many bytes written in a single function execution (limit: 16 MiB)",
    );
    expect(new Set(await http.query(api.transactions.blobTags, {}))).toEqual(new Set(["b-ok"]));

    await http.mutation(api.transactions.writeBlobs, { tag: "b-more", count: 1, bodyBytes: 1_000_000 });
    const sixteen = await http.query(api.transactions.readBlobs, { count: 16 });
    expect(sixteen.count).toBe(16);
    expect(sixteen.bytes).toBeLessThanOrEqual(16 * MiB);
    expect(await failure(http.query(api.transactions.readBlobs, { count: 17 }))).toBe(
      `Uncaught Error: Too many bytes read in a single function execution (limit: ${16 * MiB} bytes). ${READ_HELP}`,
    );
  });
});

describe("scheduled functions", () => {
  it("schedules at most 1,000 functions per mutation", async () => {
    expect(await http.mutation(api.scheduling.scheduleMany, { tag: "s-ok", count: 1000 })).toBe(1000);
    expect(await failure(http.mutation(api.scheduling.scheduleMany, { tag: "s-over", count: 1001 }))).toBe(
      "Uncaught Error: Too many functions scheduled by this mutation (limit: 1000)",
    );
    await expectNothingWritten("s-over");
    expect(await http.query(api.scheduling.latestScheduledTag, {})).toBe("s-ok");
  });

  it("schedules at most 16 MiB of arguments per mutation", async () => {
    expect(await http.mutation(api.scheduling.scheduleArgBytes, { tag: "a-ok", count: 4, bytes: 4 * MiB })).toBe(4);
    expect(await failure(http.mutation(api.scheduling.scheduleArgBytes, { tag: "a-over", count: 4, bytes: 4 * MiB + 1 }))).toBe(
      `Uncaught Error: Too large total size of the arguments of scheduled functions from this mutation (limit: ${16 * MiB} bytes)`,
    );
    await expectNothingWritten("a-over");
    expect(await http.query(api.scheduling.latestScheduledTag, {})).toBe("a-ok");
  });

  it("checks scheduled arguments as values: arrays, and nesting up to 64 levels", async () => {
    await http.mutation(api.scheduling.scheduleArray, { tag: "sa-ok", length: 8192 });
    expect(await failure(http.mutation(api.scheduling.scheduleArray, { tag: "sa-over", length: 8193 }))).toBe(
      "Uncaught Error: Invalid arguments for scheduling.js:noop: Array length is too long (8193 > maximum length 8192)",
    );
    await expectNothingWritten("sa-over");
    // The argument list `[args]` is the 64th level; no 16-level document limit applies.
    await http.mutation(api.scheduling.scheduleNested, { tag: "sn-ok", depth: 62 });
    expect(await failure(http.mutation(api.scheduling.scheduleNested, { tag: "sn-over", depth: 63 }))).toBe(
      "Uncaught Error: Invalid arguments for scheduling.js:noop: Value is too nested (nested 65 levels deep > maximum nesting 64)",
    );
    await expectNothingWritten("sn-over");
    expect(await http.query(api.scheduling.latestScheduledTag, {})).toBe("sn-ok");
  });
});

describe("return values: 16 MiB, checked before a mutation commits", () => {
  const tooLarge = (fn: string) => `Function results.js:${fn} return value is too large (actual: 16.00 MiB, limit: 16 MiB)`;

  it("a mutation returns 16 MiB; one byte more fails with Convex's message and writes nothing", async () => {
    expect(await http.mutation(api.results.mutationReturning, { tag: "result-ok", size: 16 * MiB })).toHaveLength(16 * MiB - 2);
    expect(await http.query(api.documents.written, { tag: "result-ok" })).toEqual({ markers: 1, docs: 0 });

    const over = { tag: "result-over", size: 16 * MiB + 1 };
    expect(await failure(http.mutation(api.results.mutationReturning, over))).toBe(tooLarge("mutationReturning"));
    await expectNothingWritten("result-over");
    // The sync protocol reports the same error.
    const ws = h.ws();
    expect(await failure(ws.mutation(api.results.mutationReturning, { ...over, tag: "result-ws" }))).toContain(
      tooLarge("mutationReturning"),
    );
    await expectNothingWritten("result-ws");
  });

  it("queries and actions are held to the same limit", async () => {
    expect(await http.query(api.results.queryReturning, { size: 16 * MiB })).toHaveLength(16 * MiB - 2);
    expect(await failure(http.query(api.results.queryReturning, { size: 16 * MiB + 1 }))).toBe(tooLarge("queryReturning"));
    expect(await failure(http.action(api.results.actionReturning, { size: 16 * MiB + 1 }))).toBe(tooLarge("actionReturning"));
  });
});

describe("checks offered to the engine for function arguments and return values", () => {
  it("reports Convex's messages for arguments", () => {
    expect(functionArgumentsError("messages:send", { items: new Array<number>(8192).fill(0) })).toBeNull();
    expect(functionArgumentsError("messages:send", { items: new Array<number>(8193).fill(0) })).toBe(
      "Invalid arguments for messages.js:send: Array length is too long (8193 > maximum length 8192)",
    );
    expect(functionArgumentsError("messages.js:send", { big: "x".repeat(16 * MiB) })).toBe(
      "Arguments for messages.js:send are too large (actual: 16.00 MiB, limit: 16 MiB)",
    );
  });

  it("reports Convex's messages for return values", () => {
    expect(functionReturnValueError("messages:list", undefined)).toBeNull();
    expect(functionReturnValueError("messages:list", new Array<number>(8193).fill(0))).toBe(
      "Function messages.js:list return value invalid: Array length is too long (8193 > maximum length 8192)",
    );
    expect(functionReturnValueError("messages:list", "x".repeat(16 * MiB))).toBe(
      "Function messages.js:list return value is too large (actual: 16.00 MiB, limit: 16 MiB)",
    );
  });
});

describe("the backend's formats", () => {
  it("formats sizes like humansize's BINARY and Convex's format_bytes", () => {
    expect(formatBinarySize(MiB)).toBe("1 MiB");
    expect(formatBinarySize(MiB + 1)).toBe("1.00 MiB");
    expect(formatBinarySize(1023)).toBe("1023 B");
    expect(formatBinarySize(1.125 * MiB)).toBe("1.12 MiB"); // ties to even, as Rust rounds
    expect(formatBinarySize(1.375 * MiB)).toBe("1.38 MiB");
    expect(formatBytes(16 * MiB)).toBe("16 MiB");
    expect(formatBytes(4_718_592)).toBe("4.5 MiB");
    expect(formatBytes(1534)).toBe("1534 bytes");
    expect(formatBytes(1000)).toBe("1 KB");
  });

  it("prints values like the backend's Rust Display", () => {
    expect(rustFloat(1)).toBe("1.0");
    expect(rustFloat(1726000000000.5)).toBe("1726000000000.5");
    expect(rustFloat(1e16)).toBe("1e16");
    expect(rustFloat(0.00001)).toBe("1e-5");
    expect(rustString('a"b\n\u0001é')).toBe('"a\\"b\\n\\u{1}é"');
  });
});
