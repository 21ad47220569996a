// Export in Convex's snapshot ZIP format and import from it: a round trip through the ZIP keeps
// every document (ids, creation times, fields) of the app and its components and every stored
// file, and the backend serves the imported folder; a ZIP written the way Convex writes one loads
// too; bad input is refused with nothing left behind.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { strToU8, unzipSync, zipSync } from "fflate";
import type { JSONValue } from "convex/values";
import { afterEach, describe, expect, it } from "vitest";
import { DataDir } from "../src/persistence/data-dir.js";
import { exportDataFolder } from "../src/tools/convex-export/export-zip.js";
import { fromExportJson, toExportJson } from "../src/tools/convex-export/export-json.js";
import { importZip } from "../src/tools/convex-export/import-zip.js";
import { readStoredData } from "../src/persistence/snapshot.js";
import { api as componentsApi } from "./apps/components/convex/_generated/api";
import { api } from "./fixture/convex/_generated/api";
import { startHarness, tempDir } from "./helpers";

const COMPONENTS_APP = fileURLToPath(new URL("./apps/components/convex", import.meta.url));
const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

const cleanup: string[] = [];
afterEach(() => {
  for (const dir of cleanup.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = tempDir("lb-export-");
  cleanup.push(dir);
  return dir;
}

type Doc = Record<string, JSONValue> & { _id: string };

/** What a data folder holds, by component: the documents an export carries, sorted by id (components holding none left out). */
function stored(folder: string): Record<string, Doc[]> {
  const dataDir = DataDir.open(folder);
  try {
    const { components } = readStoredData(dataDir);
    return Object.fromEntries(
      [...components]
        .map(([componentPath, data]): [string, Doc[]] => [
          componentPath,
          (data.documents as Doc[]).filter((doc) => !/^[0-9]+_(?!storage$)/.test(doc._id)).sort((a, b) => a._id.localeCompare(b._id)),
        ])
        .filter(([, docs]) => docs.length > 0),
    );
  } finally {
    dataDir.releaseLock();
  }
}

function zipEntries(file: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(fs.readFileSync(file))).map(([name, bytes]) => [name, Buffer.from(bytes).toString("utf8")]),
  );
}

describe("values in export JSON", () => {
  it("are written as Convex writes them: Int64 bare, floats with a dot, bytes and NaN encoded, fields sorted", () => {
    const value = {
      z: 7n,
      a: 7,
      b: -0,
      c: 1e21,
      d: 1764000000000.5,
      e: NaN,
      f: new Uint8Array([1, 2, 3]).buffer,
      g: [null, true, "テキスト"],
    };
    const text = toExportJson(value);
    expect(text).toBe(
      '{"a":7.0,"b":-0.0,"c":1e21,"d":1764000000000.5,"e":{"$float":"AAAAAAAA+H8="},"f":{"$bytes":"AQID"},"g":[null,true,"テキスト"],"z":7}',
    );
    expect(fromExportJson(text)).toEqual({ ...value, b: -0 });
    expect(fromExportJson('{"n": 9007199254740993, "m": 2.5E3, "i": {"$integer": "AQAAAAAAAAA="}}')).toEqual({
      n: 9007199254740993n,
      m: 2500,
      i: 1n,
    });
  });
});

describe("export to a Convex snapshot ZIP and import it back", () => {
  it("keeps the app's and the components' documents, ids and creation times, and the backend serves them", async () => {
    const root = scratch();
    const source = path.join(root, "source");
    const h = await startHarness({ convexDir: COMPONENTS_APP, dataDir: source });
    const client = h.http();
    for (const [player, score] of [
      ["ann", 10],
      ["bob", 70],
      ["ann", 55],
    ] as const)
      await client.mutation(componentsApi.scores.add, { player, score });
    await client.mutation(componentsApi.counter.add, { name: "likes", count: 3 });
    await client.mutation(componentsApi.limited.send, { key: "a" });
    const stats = await client.query(componentsApi.scores.stats, { player: "ann" });
    const likes = await client.query(componentsApi.counter.get, { name: "likes" });
    await h.stop();

    const zip = path.join(root, "snapshot.zip");
    const summary = await exportDataFolder(source, zip);
    expect(summary.documents).toBeGreaterThan(3);
    const entries = zipEntries(zip);
    // Convex's layout: README, _tables per component, a table's documents and its generated schema.
    expect(entries["README.md"]).toContain("# Welcome to your Convex snapshot export!");
    expect(entries["_tables/documents.jsonl"]).toBe('{"name":"scores","id":10001}\n');
    expect(entries["scores/generated_schema.jsonl"]).toBe('"uniform"\n');
    expect(entries["_components/shardedCounter/counters/documents.jsonl"]).toMatch(/"name":"likes"/);
    expect(Object.keys(entries).some((name) => name.startsWith("_components/aggregate/_components/batchWorker/"))).toBe(true);
    // Creation times are floats, as Convex writes them (else its import would give new ones).
    const score = entries["scores/documents.jsonl"].split("\n")[0];
    expect(score).toMatch(/^\{"_creationTime":\d+\.\d+,"_id":"[0-9a-z]{31,37}","player":"ann","score":10\.0\}$/);

    const imported = path.join(root, "imported");
    importZip(zip, imported);
    const before = stored(source);
    const after = stored(imported);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const componentPath of Object.keys(before)) expect(after[componentPath]).toEqual(before[componentPath]);

    const again = await startHarness({ convexDir: COMPONENTS_APP, dataDir: imported });
    try {
      expect(await again.http().query(componentsApi.scores.stats, { player: "ann" })).toEqual(stats);
      expect(await again.http().query(componentsApi.counter.get, { name: "likes" })).toBe(likes);
      // New documents get ids that do not collide with imported ones.
      await again.http().mutation(componentsApi.scores.add, { player: "cy", score: 1 });
      expect(await again.http().query(componentsApi.scores.stats, {})).toMatchObject({ count: 4 });
    } finally {
      await again.stop();
    }
  });

  it("keeps stored files: bytes, metadata, and the documents that refer to them (through the CLI verbs)", async () => {
    const root = scratch();
    const source = path.join(root, "source");
    const h = await startHarness({ dataDir: source });
    const bytes = new Uint8Array(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    const uploadUrl = await h.http().mutation(api.files.generateUploadUrl, {});
    const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: bytes });
    const { storageId } = (await response.json()) as { storageId: string };
    await h.http().mutation(api.files.save, { storageId: storageId as never, name: "図.png" });
    const textId = await h.http().action(api.files.storeFromAction, { text: "日本語" });
    await h.stop();

    const zip = path.join(root, "files.zip");
    const run = promisify(execFile);
    const exported = await run(process.execPath, ["--import", "tsx", CLI, "export", "--data", source, "--out", zip]);
    expect(exported.stdout).toMatch(/2 stored files/);
    const entries = unzipSync(fs.readFileSync(zip));
    const storageLines = Buffer.from(entries["_storage/documents.jsonl"]).toString("utf8").trim().split("\n");
    const meta = storageLines.map((line) => fromExportJson(line) as Record<string, unknown>);
    expect(meta[0]).toMatchObject({ size: 5000n, contentType: "image/png", internalId: null });
    expect(Buffer.from(entries[`_storage/${meta[0]._id as string}.png`]).equals(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(entries[`_storage/${meta[1]._id as string}.txt`]).toString("utf8")).toBe("日本語");
    // The files row refers to the file by its exported id.
    expect(Buffer.from(entries["files/documents.jsonl"]).toString("utf8")).toContain(`"storageId":"${meta[0]._id as string}"`);

    const imported = path.join(root, "imported");
    const result = await run(process.execPath, ["--import", "tsx", CLI, "import", "--in", zip, "--data", imported]);
    expect(result.stdout).toMatch(/2 stored files/);
    expect(stored(imported)).toEqual(stored(source));
    expect(fs.readFileSync(path.join(imported, "storage", storageId)).equals(Buffer.from(bytes))).toBe(true);

    const again = await startHarness({ dataDir: imported });
    try {
      const file = await again.http().query(api.files.get, { storageId: storageId as never });
      expect(file).toMatchObject({ size: 5000, contentType: "image/png" });
      expect(Buffer.from(await (await fetch(file.url!)).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      const text = await again.http().query(api.files.get, { storageId: textId });
      expect(await (await fetch(text.url!)).text()).toBe("日本語");
    } finally {
      await again.stop();
    }
  });
});

// Written as Convex writes an export: ids Convex minted (table numbers from _tables; 540 for
// _storage in every deployment), floats with a dot, an Int64 bare, bytes as {"$bytes"}.
const SCORE_A = "j57ffgpe7td00w4729d93f7mevnxp7qa";
const SCORE_B = "j57etznp9snsy4hxqv3w71mswxac42t2";
const OUTCOME = "j97favncq47rasyrcv1k6675wa104eks";
const SHARD = "j57ej5tjnbmqfqy2htt0qzmsj0nbmd5e";
const FILE = "kg27rxfv99gzp01wmph0gvt92d6hnvy6";
function convexWrittenZip(overrides: Record<string, string> = {}): Uint8Array {
  const files: Record<string, string> = {
    "README.md": "# Welcome to your Convex snapshot export!\n",
    "_tables/documents.jsonl": '{"name":"scores","id":10001}\n{"name":"outcomes","id":10002}\n',
    "scores/documents.jsonl":
      `{"_creationTime":1764000000000.5,"_id":"${SCORE_A}","player":"ann","score":10.0}\n` +
      `{"_creationTime":1764000000001.25,"_id":"${SCORE_B}","player":"bob","score":70.0}\n`,
    "scores/generated_schema.jsonl": '"uniform"\n',
    "outcomes/documents.jsonl": `{"_creationTime":1764000000002.0,"_id":"${OUTCOME}","result":{"best":"${SCORE_B}","file":"${FILE}","big":9007199254740993,"raw":{"$bytes":"AQID"}},"runId":"r1"}\n`,
    "outcomes/generated_schema.jsonl": '"uniform"\n',
    "_components/shardedCounter/_tables/documents.jsonl": '{"name":"counters","id":10001}\n',
    "_components/shardedCounter/counters/documents.jsonl": `{"_creationTime":1764000000003.0,"_id":"${SHARD}","name":"likes","shard":0.0,"value":41.0}\n`,
    "_components/shardedCounter/counters/generated_schema.jsonl": '"uniform"\n',
    "_storage/documents.jsonl": `{"_id":"${FILE}","_creationTime":1764000000004.0,"sha256":"${sha256("hello")}","size":5,"contentType":"text/plain","internalId":null}\n`,
    [`_storage/${FILE}.txt`]: "hello",
    ...overrides,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}
function sha256(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

describe("import of a ZIP written by Convex", () => {
  it("loads app tables, a component's table and a stored file, with references rewritten to local ids", async () => {
    const root = scratch();
    const zip = path.join(root, "convex.zip");
    fs.writeFileSync(zip, convexWrittenZip());
    const imported = path.join(root, "imported");
    const summary = importZip(zip, imported);
    expect(summary).toMatchObject({ documents: 4, files: 1, renumbered: 5, components: ["", "shardedCounter"] });

    const data = stored(imported);
    const byTable = (docs: Doc[], table: string) => docs.filter((doc) => doc._id.endsWith(table));
    const scores = byTable(data[""], "scores");
    expect(scores.map(({ player, _creationTime }) => [player, _creationTime])).toEqual([
      ["ann", 1764000000000.5],
      ["bob", 1764000000001.25],
    ]);
    const [file] = byTable(data[""], "_storage");
    expect(file).toMatchObject({ _creationTime: 1764000000004, size: 5, contentType: "text/plain", sha256: sha256("hello") });
    expect(fs.readFileSync(path.join(imported, "storage", file._id), "utf8")).toBe("hello");
    const [outcome] = byTable(data[""], "outcomes");
    // References follow their documents to their new ids; an Int64 stays an Int64, bytes stay bytes.
    expect(outcome.result).toEqual({ best: scores[1]._id, file: file._id, big: { $integer: "AQAAAAAAIAA=" }, raw: { $bytes: "AQID" } });
    expect(data.shardedCounter).toEqual([expect.objectContaining({ name: "likes", shard: 0, value: 41 })]);

    const h = await startHarness({ convexDir: COMPONENTS_APP, dataDir: imported });
    try {
      expect(await h.http().query(componentsApi.counter.get, { name: "likes" })).toBe(41);
    } finally {
      await h.stop();
    }
  });
});

describe("bad input", () => {
  function refused(zipBytes: Uint8Array | string, message: RegExp, target?: string): void {
    const root = scratch();
    const zip = path.join(root, "in.zip");
    fs.writeFileSync(zip, zipBytes);
    const folder = target ?? path.join(root, "data");
    expect(() => importZip(zip, folder)).toThrow(message);
    if (!target) expect(fs.existsSync(folder)).toBe(false);
    expect(fs.readdirSync(root).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  }

  it("refuses a file that is not a ZIP", () => {
    refused("name,score\nann,10\n", /in\.zip is not a ZIP file/);
  });

  it("refuses a ZIP whose entry is damaged", () => {
    const zip = Buffer.from(zipSync({ "scores/documents.jsonl": [strToU8('{"player":"ann"}\n'), { level: 0 }] }));
    zip[zip.indexOf("ann")] = "b".charCodeAt(0);
    refused(zip, /in\.zip: the entry scores\/documents\.jsonl is damaged \(its size or CRC-32 does not match\)/);
  });

  it("refuses a ZIP that is not a Convex export", () => {
    refused(zipSync({ "notes/readme.txt": strToU8("hi") }), /does not hold a Convex export: no <table>\/documents\.jsonl entry/);
  });

  it("refuses a document whose _id belongs to another table", () => {
    const line = `{"_creationTime":1764000000000.0,"_id":"${OUTCOME}","player":"x","score":1.0}\n`;
    refused(
      convexWrittenZip({ "scores/documents.jsonl": line }),
      /scores\/documents\.jsonl line 1: _id j97f\w+ does not belong to table `scores` \(its table number is 10002, the table's is 10001, that of `outcomes`\)/,
    );
  });

  it("refuses a stored file whose id is not a _storage id, or whose bytes do not match its sha256", () => {
    refused(
      convexWrittenZip({ [`_storage/${SCORE_A}.txt`]: "x" }),
      new RegExp(`_storage/${SCORE_A}\\.txt: ${SCORE_A} is not an id of \`_storage\` \\(its table number is 10001, not 540\\)`),
    );
    refused(convexWrittenZip({ [`_storage/${FILE}.txt`]: "hullo" }), /its bytes do not match the sha256 its `_storage` metadata gives/);
  });

  it('refuses a table exported in Convex\'s older format (an inferred schema instead of "uniform")', () => {
    refused(
      convexWrittenZip({ "scores/generated_schema.jsonl": '"{player: string, score: int64}"\n' }),
      /scores\/generated_schema\.jsonl describes the table with an inferred schema/,
    );
  });

  it("refuses two documents with one _id", () => {
    const line = `{"_creationTime":1764000000000.0,"_id":"${SCORE_A}","player":"x","score":1.0}\n`;
    refused(
      convexWrittenZip({ "scores/documents.jsonl": line + line }),
      /scores\/documents\.jsonl line 2: _id \w+ was already given to a document \(scores\/documents\.jsonl line 1\)/,
    );
  });

  it("refuses an _id that is not a Convex id, and a damaged line", () => {
    refused(
      convexWrittenZip({ "scores/documents.jsonl": '{"_id":"10001scores","player":"x"}\n' }),
      /_id "10001scores" is not a Convex document id/,
    );
    refused(convexWrittenZip({ "scores/documents.jsonl": '{"player":"x",}\n' }), /scores\/documents\.jsonl line 1 is not valid JSON/);
  });

  it("export refuses a data folder a running backend uses, and one that does not exist", async () => {
    const root = scratch();
    const source = path.join(root, "running");
    const h = await startHarness({ dataDir: source });
    try {
      await h.http().mutation(api.counter.increment, { name: "x" });
      const zip = path.join(root, "out.zip");
      const run = promisify(execFile);
      await expect(run(process.execPath, ["--import", "tsx", CLI, "export", "--data", source, "--out", zip])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`${source} is in use by another backend`),
      });
      await expect(exportDataFolder(source, zip)).rejects.toThrow(/in use by a backend running in this process/);
      expect(fs.existsSync(zip)).toBe(false);
      await expect(exportDataFolder(path.join(root, "missing"), zip)).rejects.toThrow(/missing: no such data folder/);
    } finally {
      await h.stop();
    }
  });

  it("refuses a data folder that is not empty, and leaves it as it was", () => {
    const target = scratch();
    fs.writeFileSync(path.join(target, "db.json"), "{}");
    refused(convexWrittenZip(), /is not empty; import into a new \(or empty\) data folder/, target);
    expect(fs.readdirSync(target)).toEqual(["db.json"]);
  });
});
