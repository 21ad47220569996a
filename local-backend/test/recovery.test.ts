// Every broken state of a data folder either stops start-up with a LocalBackendStartupError that
// names the file, what is wrong and how to recover, or is repaired without losing data. Each test
// copies one real data folder (documents, a stored file, mail, keys, a snapshot) and breaks it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalBackend, LocalBackendStartupError, startLocalBackend } from "../src/index.js";
import { FIXTURE_DIR, startCli, tempDir } from "./helpers";

interface Message {
  _id: string;
  _creationTime: number;
  rank: number;
  body: string;
}

let prepared: string;
let messages: Message[];
let storageId: string;

const folders: string[] = [];

/** A copy of the prepared data folder. */
function copy(): string {
  const dir = tempDir("lb-recovery-");
  fs.cpSync(prepared, dir, { recursive: true });
  folders.push(dir);
  return dir;
}

async function start(dataDir: string, extra: { reset?: boolean } = {}): Promise<{ backend: LocalBackend; logs: string[] }> {
  const logs: string[] = [];
  const backend = await startLocalBackend({
    convexDir: FIXTURE_DIR,
    dataDir,
    port: 0,
    sitePort: 0,
    watch: false,
    log: (line) => logs.push(line),
    ...extra,
  });
  return { backend, logs };
}

/** Start-up fails with a LocalBackendStartupError naming `file`; returns its message. */
async function startupError(dataDir: string, file: string): Promise<string> {
  const error = await start(dataDir).then(
    async ({ backend }) => {
      await backend.stop();
      return null;
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(LocalBackendStartupError);
  const message = (error as Error).message;
  expect(message.startsWith(`${file}: `)).toBe(true);
  expect(message).toContain("To recover: ");
  // Nothing is left locked.
  const lock = path.join(dataDir, "backend.lock");
  if (fs.existsSync(dataDir) && fs.statSync(dataDir).isDirectory() && fs.statSync(lock, { throwIfNoEntry: false })?.isFile())
    expect(fs.readFileSync(lock, "utf8")).not.toBe(String(process.pid));
  return message;
}

async function allMessages(backend: LocalBackend): Promise<Message[]> {
  return (await backend.run("messages:all", {})) as unknown as Message[];
}

const snapshotOf = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, "db.json"), "utf8")) as Record<string, unknown> & { walSeq: number; lastCommitTs: string };

/** A write-ahead log line that sets an existing message's body (as a logged patch). */
function walLine(ts: bigint, message: Message, body: string): string {
  return JSON.stringify({ ts: ts.toString(), c: { "": { t: message._creationTime, w: [[message._id, { ...message, body }]] } } });
}

beforeAll(async () => {
  prepared = tempDir("lb-recovery-prepared-");
  const { backend } = await start(prepared);
  for (let i = 0; i < 3; i++) await backend.run("messages:send", { rank: i, body: `message ${i}` });
  storageId = (await backend.run("files:storeFromAction", { text: "kept" })) as string;
  const mail = { service_id: "s", template_id: "t", user_id: "u", template_params: { to: "a@example.com" } };
  expect((await fetch(backend.mailSendUrl, { method: "POST", body: JSON.stringify(mail) })).status).toBe(200);
  messages = await allMessages(backend);
  await backend.stop();
  expect(fs.existsSync(path.join(prepared, "db.json"))).toBe(true);
}, 60_000);

afterAll(() => {
  for (const dir of [prepared, ...folders]) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a file or folder in the wrong place", () => {
  it("a file where the data folder belongs", async () => {
    const dir = path.join(copy(), "data-file");
    fs.writeFileSync(dir, "not a folder");
    const message = await startupError(dir, dir);
    expect(message).toMatch(/is a file, but it must be a folder \(the data folder\)/);
    expect(message).toMatch(/To recover: move or rename the file/);
    expect(fs.readFileSync(dir, "utf8")).toBe("not a folder");
  });

  it("a file where the storage folder belongs", async () => {
    const dir = copy();
    const blobDir = path.join(dir, "storage");
    fs.rmSync(blobDir, { recursive: true });
    fs.writeFileSync(blobDir, "x");
    const message = await startupError(dir, blobDir);
    expect(message).toMatch(/is a file, but it must be a folder \(one file per stored blob\)/);
    expect(fs.readFileSync(blobDir, "utf8")).toBe("x");
  });

  it("a folder where db.json, secrets.json or a log file belongs", async () => {
    for (const name of ["db.json", "secrets.json", `wal-${snapshotOf(prepared).walSeq}.jsonl`]) {
      const dir = copy();
      fs.rmSync(path.join(dir, name), { force: true });
      fs.mkdirSync(path.join(dir, name));
      const message = await startupError(dir, path.join(dir, name));
      expect(message).toMatch(/is a folder \(or another non-file\) where the backend keeps a file\. To recover: move it out/);
    }
  });
});

describe("the snapshot (db.json)", () => {
  it("not valid JSON: stops, touching nothing", async () => {
    const dir = copy();
    const file = path.join(dir, "db.json");
    const text = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, text.slice(0, text.length / 2));
    const before = fs.readdirSync(dir).sort();
    const message = await startupError(dir, file);
    expect(message).toMatch(/is not valid JSON/);
    expect(message).toMatch(/To recover: restore db\.json from a backup .* or start with --reset/);
    expect(fs.readdirSync(dir).sort()).toEqual(before);
    expect(fs.readFileSync(file, "utf8")).toBe(text.slice(0, text.length / 2));
    expect(fs.existsSync(path.join(dir, "storage", storageId))).toBe(true);
  });

  it("empty", async () => {
    const dir = copy();
    fs.writeFileSync(path.join(dir, "db.json"), "");
    expect(await startupError(dir, path.join(dir, "db.json"))).toMatch(/db\.json: is empty/);
  });

  it("fields of the wrong kind: unknown format, bad timestamps, no documents list, a document without an id", async () => {
    const cases: Array<[(s: Record<string, unknown>) => void, RegExp]> = [
      [(s) => (s.format = 99), /unknown format 99/],
      [(s) => (s.lastCommitTs = "yesterday"), /lastCommitTs "yesterday" is not a timestamp/],
      [(s) => (s.lastCommitTs = -5), /lastCommitTs -5 is not a timestamp/],
      [(s) => (s.nextDocId = "many"), /nextDocId "many" is not a count/],
      [
        (s) => ((s.components as Record<string, unknown>)[""] = { documents: 3, lastCreationTime: 0 }),
        /component "" does not hold a documents list/,
      ],
      [
        (s) => (s.components as Record<string, { documents: unknown[] }>)[""].documents.push({ body: "no id" }),
        /an entry is not a document with a valid _id/,
      ],
      [(s) => (s.walSeq = "next"), /walSeq "next" is not a log file number/],
    ];
    for (const [breakIt, expected] of cases) {
      const dir = copy();
      const snapshot = snapshotOf(dir);
      breakIt(snapshot);
      fs.writeFileSync(path.join(dir, "db.json"), JSON.stringify(snapshot));
      const message = await startupError(dir, path.join(dir, "db.json"));
      expect(message).toMatch(expected);
      expect(message).toMatch(/To recover: restore db\.json/);
    }
  });

  it("a stored document that breaks the schema: names the table and the id", async () => {
    const dir = copy();
    const snapshot = snapshotOf(dir);
    const docs = (snapshot.components as Record<string, { documents: Array<Record<string, unknown>> }>)[""].documents;
    const doc = docs.find((d) => d._id === messages[1]._id)!;
    doc.rank = "high";
    fs.writeFileSync(path.join(dir, "db.json"), JSON.stringify(snapshot));
    const message = await startupError(dir, path.join(dir, "db.json"));
    expect(message).toContain("1 stored document does not match the schema");
    expect(message).toContain(`table "messages", document ${messages[1]._id}: Expected \`number\`, got \`high\``);
    expect(message).toMatch(/To recover: change schema\.ts so it accepts these documents.*schemaValidation: false.*--reset/s);
  });

  it("missing, with stored files left: refuses to start empty (the app would seed over them)", async () => {
    const dir = copy();
    fs.rmSync(path.join(dir, "db.json"));
    const message = await startupError(dir, path.join(dir, "db.json"));
    expect(message).toMatch(
      /is missing \(and there is no write-ahead log\), but the data folder holds .*storage\/: the database was deleted or lost/,
    );
    expect(message).toMatch(/To recover: restore db\.json from a backup/);
    expect(fs.existsSync(path.join(dir, "storage", storageId))).toBe(true);
  });

  it("missing, with a write-ahead log that continues a snapshot: refuses to start", async () => {
    const dir = copy();
    const { walSeq, lastCommitTs } = snapshotOf(dir);
    expect(walSeq).toBeGreaterThan(1);
    fs.writeFileSync(path.join(dir, `wal-${walSeq}.jsonl`), `${walLine(BigInt(lastCommitTs) + 1n, messages[0], "changed")}\n`);
    fs.rmSync(path.join(dir, "db.json"));
    fs.rmSync(path.join(dir, "storage"), { recursive: true });
    const message = await startupError(dir, path.join(dir, "db.json"));
    expect(message).toContain(`is missing, but the write-ahead log starts at wal-${walSeq}.jsonl, which continues a snapshot`);
    expect(message).toMatch(/To recover: restore db\.json/);
  });

  it("missing, with only keys and mail left: refuses to start empty too", async () => {
    const dir = copy();
    fs.rmSync(path.join(dir, "db.json"));
    fs.rmSync(path.join(dir, "storage"), { recursive: true });
    const message = await startupError(dir, path.join(dir, "db.json"));
    expect(message).toMatch(
      /is missing \(and there is no write-ahead log\), but the data folder holds (mail\.json, secrets\.json|secrets\.json, mail\.json)/,
    );
  });

  it("a new folder gets its snapshot at once, so a lost one is always noticed", async () => {
    const dir = tempDir("lb-recovery-new-");
    folders.push(dir);
    const { backend } = await start(dir);
    try {
      expect(fs.existsSync(path.join(dir, "db.json"))).toBe(true);
    } finally {
      await backend.stop();
    }
  });

  it("missing, with a log from wal-1 (killed before its first snapshot): the log is replayed", async () => {
    const dir = copy();
    const snapshot = snapshotOf(dir);
    const docs = (snapshot.components as Record<string, { documents: Array<Record<string, unknown>> }>)[""].documents;
    const doc = docs.find((d) => d._id === messages[0]._id)!;
    const line = JSON.stringify({
      ts: "1000",
      n: snapshot.nextDocId,
      c: { "": { t: messages[0]._creationTime, w: [[messages[0]._id, doc]] } },
    });
    fs.writeFileSync(path.join(dir, "wal-1.jsonl"), `${line}\n`);
    fs.rmSync(path.join(dir, "db.json"));
    const { backend } = await start(dir);
    try {
      expect(await allMessages(backend)).toEqual([messages[0]]);
    } finally {
      await backend.stop();
    }
  });

  it("a stored file missing from storage/: starts, with a warning naming it", async () => {
    const dir = copy();
    fs.rmSync(path.join(dir, "storage", storageId));
    const { backend, logs } = await start(dir);
    try {
      expect(await allMessages(backend)).toEqual(messages);
      expect(logs.join("\n")).toContain(`1 stored file is missing from ${path.join(dir, "storage")} (${storageId})`);
    } finally {
      await backend.stop();
    }
  });
});

describe("the write-ahead log", () => {
  it("a torn last line (a kill while appending) is ignored; the commits before it are kept", async () => {
    const dir = copy();
    const { walSeq, lastCommitTs } = snapshotOf(dir);
    const ts = BigInt(lastCommitTs);
    const torn = walLine(ts + 2n, messages[1], "never acknowledged");
    fs.writeFileSync(
      path.join(dir, `wal-${walSeq}.jsonl`),
      `${walLine(ts + 1n, messages[0], "logged")}\n${torn.slice(0, torn.length - 7)}`,
    );
    const { backend, logs } = await start(dir);
    try {
      const after = await allMessages(backend);
      expect(after.map((m) => m.body)).toEqual(["logged", "message 1", "message 2"]);
      expect(logs.join("\n")).toContain(`wal-${walSeq}.jsonl: ignored its incomplete last line 2`);
    } finally {
      await backend.stop();
    }
    // Compacted into the snapshot: the next start has nothing to repair.
    const { backend: again, logs: logs2 } = await start(dir);
    try {
      expect((await allMessages(again)).map((m) => m.body)).toEqual(["logged", "message 1", "message 2"]);
      expect(logs2.join("\n")).not.toContain("incomplete");
    } finally {
      await again.stop();
    }
  });

  it("a damaged line with commits after it stops start-up; deleting that line as told recovers the rest", async () => {
    const dir = copy();
    const { walSeq, lastCommitTs } = snapshotOf(dir);
    const ts = BigInt(lastCommitTs);
    const file = path.join(dir, `wal-${walSeq}.jsonl`);
    const lines = [walLine(ts + 1n, messages[0], "first"), "{garbage", walLine(ts + 3n, messages[2], "third")];
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    const message = await startupError(dir, file);
    expect(message).toMatch(/line 2 is not valid JSON, and more commits follow it/);
    expect(message).toMatch(/To recover: restore wal-\d+\.jsonl from a backup; or delete line 2 of it/);

    fs.writeFileSync(file, `${[lines[0], lines[2]].join("\n")}\n`);
    const { backend } = await start(dir);
    try {
      expect((await allMessages(backend)).map((m) => m.body)).toEqual(["first", "message 1", "third"]);
    } finally {
      await backend.stop();
    }
  });

  it("a line that is JSON but not a commit", async () => {
    const dir = copy();
    const { walSeq } = snapshotOf(dir);
    const file = path.join(dir, `wal-${walSeq}.jsonl`);
    fs.writeFileSync(file, `[1,2,3]\n`);
    expect(await startupError(dir, file)).toMatch(/line 1 is not a commit the backend wrote: \[1,2,3\]/);
  });

  it("timestamps going backwards (a log from elsewhere) stop start-up", async () => {
    const dir = copy();
    const { walSeq, lastCommitTs } = snapshotOf(dir);
    const file = path.join(dir, `wal-${walSeq}.jsonl`);
    fs.writeFileSync(file, `${walLine(BigInt(lastCommitTs) - 1000n, messages[0], "older")}\n`);
    const message = await startupError(dir, file);
    expect(message).toContain(
      `line 1 has commit timestamp ${BigInt(lastCommitTs) - 1000n}, earlier than ${lastCommitTs} (the snapshot's lastCommitTs)`,
    );
    expect(message).toMatch(/To recover: move wal-\d+\.jsonl out of the data folder if it does not belong to it/);

    const ts = BigInt(lastCommitTs);
    fs.writeFileSync(file, `${walLine(ts + 5n, messages[0], "a")}\n${walLine(ts + 4n, messages[1], "b")}\n`);
    expect(await startupError(dir, file)).toContain(
      `line 2 has commit timestamp ${ts + 4n}, earlier than ${ts + 5n} (line 1 of wal-${walSeq}.jsonl)`,
    );
  });
});

describe("the lock", () => {
  it("a stale lock (its backend is gone) is taken over with a log line; the data is intact", async () => {
    const dir = copy();
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
    fs.writeFileSync(path.join(dir, "backend.lock"), String(deadPid));
    const { backend, logs } = await start(dir);
    try {
      expect(logs.join("\n")).toContain(
        `took over ${path.join(dir, "backend.lock")}: the backend that held it (pid ${deadPid}) is no longer running`,
      );
      expect(await allMessages(backend)).toEqual(messages);
      expect(fs.readFileSync(path.join(dir, "backend.lock"), "utf8")).toBe(String(process.pid));
    } finally {
      await backend.stop();
    }
  });

  it("a lock without a pid is taken over", async () => {
    const dir = copy();
    fs.writeFileSync(path.join(dir, "backend.lock"), "\0\0garbage");
    const { backend, logs } = await start(dir);
    try {
      expect(logs.join("\n")).toContain("it did not hold a process id");
      expect(await allMessages(backend)).toEqual(messages);
    } finally {
      await backend.stop();
    }
  });

  it("a live backend's lock stops start-up, saying how to recover", async () => {
    const dir = copy();
    fs.writeFileSync(path.join(dir, "backend.lock"), "1"); // pid 1 is always alive
    const message = await startupError(dir, path.join(dir, "backend.lock"));
    expect(message).toMatch(
      /is in use by another backend \(pid 1\)\. To recover: stop that backend or use another --data folder; if no backend is running .* delete/,
    );
  });

  it("a folder where the lock belongs stops start-up; --reset clears it", async () => {
    const dir = copy();
    fs.mkdirSync(path.join(dir, "backend.lock"));
    await startupError(dir, path.join(dir, "backend.lock"));
    const { backend } = await start(dir, { reset: true });
    try {
      expect(await allMessages(backend)).toEqual([]);
    } finally {
      await backend.stop();
    }
  });
});

describe("keys and mail", () => {
  it("secrets.json damaged or incomplete stops start-up (new keys would sign everyone out)", async () => {
    const dir = copy();
    const file = path.join(dir, "secrets.json");
    fs.writeFileSync(file, "{");
    expect(await startupError(dir, file)).toMatch(
      /is not valid JSON.*To recover: restore secrets\.json from a backup, or delete it to have new keys generated/s,
    );
    fs.writeFileSync(file, JSON.stringify({ adminKey: "x" }));
    expect(await startupError(dir, file)).toMatch(/does not hold the JWT_PRIVATE_KEY, JWKS and adminKey/);
    fs.rmSync(file);
    const { backend } = await start(dir);
    try {
      expect(await allMessages(backend)).toEqual(messages);
    } finally {
      await backend.stop();
    }
  });

  it("a mail log that is not JSON is moved aside with a warning; the sink starts empty", async () => {
    const dir = copy();
    const file = path.join(dir, "mail.json");
    fs.writeFileSync(file, '[{"id":');
    const { backend, logs } = await start(dir);
    try {
      expect(backend.mail.list()).toEqual([]);
      const aside = fs.readdirSync(dir).find((n) => n.startsWith("mail.json.corrupt-"))!;
      expect(fs.readFileSync(path.join(dir, aside), "utf8")).toBe('[{"id":');
      expect(logs.join("\n")).toContain(`${file} is not valid JSON: moved it to ${path.join(dir, aside)}`);
      expect(await allMessages(backend)).toEqual(messages);
    } finally {
      await backend.stop();
    }
  });

  it("entries of the mail log that are not messages are skipped with a warning; the others are kept", async () => {
    const dir = copy();
    const file = path.join(dir, "mail.json");
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as unknown[];
    fs.writeFileSync(file, JSON.stringify([null, ...stored, { id: 3 }]));
    const { backend, logs } = await start(dir);
    try {
      expect(backend.mail.list()).toEqual(stored);
      expect(logs.join("\n")).toContain(`${file}: skipped 2 entries that are not mail messages`);
    } finally {
      await backend.stop();
    }
  });
});

it("the CLI prints the error and exits 1", async () => {
  const dir = copy();
  fs.writeFileSync(path.join(dir, "db.json"), "{");
  const cli = startCli(dir);
  cli.urls.catch(() => undefined);
  const { code } = await cli.exited;
  expect(code).toBe(1);
  expect(cli.output()).toContain(`LocalBackendStartupError: ${path.join(dir, "db.json")}: is not valid JSON`);
}, 30_000);
