// Durable commits: a commit is in the write-ahead log, fdatasync'd, before its client
// hears it succeeded; a commit the disk refuses fails its mutation with nothing applied (an upload
// too, and a scheduled job is retried), and the backend writes again once the disk does. The
// backend runs the durability app (test/apps/durability), in a child process where it is killed
// with SIGKILL; each write inserts a row and increments a counter in one transaction, so after
// any kill the counter must equal the number of rows. The full disk is a 2 MB tmpfs mounted for
// the test, or, where mounting is not allowed (or DURABILITY_DEV_FULL=1), log files that are
// symlinks to /dev/full. DURABILITY_SEED repeats the kill test's random moments.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type LocalBackend, startLocalBackend } from "../src/index.js";
import { tempDir } from "./helpers";

const APP = fileURLToPath(new URL("./apps/durability/convex", import.meta.url));
const CHILD = fileURLToPath(new URL("./durability-backend.ts", import.meta.url));
/** A ceiling for a slow, busy machine, not a budget: nothing below waits on a clock. */
const CEILING_MS = 900_000;

interface ChildBackend {
  child: ChildProcess;
  url: Promise<string>;
  exited: Promise<void>;
}

/** The durability app's backend in a child process; a small `compactLogBytes` compacts often. */
function startChild(dataDir: string, compactLogBytes?: number): ChildBackend {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, dataDir, ...(compactLogBytes ? [String(compactLogBytes)] : [])], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", () => {
      const line = stdout.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    void exited.then(() => reject(new Error(`the backend exited before it was ready:\n${stderr}`)));
  });
  url.catch(() => undefined);
  return { child, url, exited };
}

/** Mount a small tmpfs of its own on `dir` (false where mounting is not allowed). */
function mountTmpfs(dir: string): boolean {
  if (process.env.DURABILITY_DEV_FULL) return false;
  return spawnSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", dir], { encoding: "utf8" }).status === 0;
}

function unmount(dir: string): void {
  if (spawnSync("umount", [dir]).status !== 0) spawnSync("umount", ["-l", dir]);
}

/** Fill the disk `file` is on to the last byte. */
function fillDisk(file: string): void {
  const fd = fs.openSync(file, "w");
  try {
    for (const size of [1 << 16, 4096, 512, 64, 8, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          if (fs.writeSync(fd, chunk) < size) break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Wait for a condition, checking every 20 ms; no deadline (the test's ceiling is the limit). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Kill a child backend that a failed assertion left running, and wait for it to be gone. */
async function stopChild(backend: ChildBackend | null): Promise<void> {
  if (!backend || backend.child.exitCode !== null || backend.child.signalCode !== null) return;
  backend.child.kill("SIGKILL");
  await backend.exited;
}

/** Each row's payload follows from its writer and number: a half-written row would not match. */
function payloadOf(writer: string, seq: number): string {
  const length = writer.startsWith("big") ? 3000 : 40 + ((seq * 37) % 400);
  return `${writer}:${seq}:`.padEnd(length, "p");
}

type WriteOutcome = { status: "acked" } | { status: "refused"; message: string } | { status: "unknown" };

async function write(url: string, writer: string, seq: number): Promise<WriteOutcome> {
  let body: { status?: string; errorMessage?: string };
  try {
    const response = await fetch(`${url}/api/mutation`, {
      method: "POST",
      body: JSON.stringify({ path: "writes:write", args: { writer, seq, payload: payloadOf(writer, seq) } }),
    });
    body = (await response.json()) as typeof body;
  } catch {
    // The backend died with the request in flight: it may or may not have committed.
    return { status: "unknown" };
  }
  return body.status === "success" ? { status: "acked" } : { status: "refused", message: body.errorMessage ?? "" };
}

interface Row {
  writer: string;
  seq: number;
  payload: string;
}

async function readState(url: string): Promise<{ counter: number; rows: Row[] }> {
  const response = await fetch(`${url}/api/query`, { method: "POST", body: JSON.stringify({ path: "writes:state", args: {} }) });
  const body = (await response.json()) as { status: string; value: { counter: number; rows: Row[] }; errorMessage?: string };
  if (body.status !== "success") throw new Error(body.errorMessage);
  return body.value;
}

/** What the client side knows: every write sent, acknowledged, or refused by the backend. */
class Ledger {
  readonly sent = new Set<string>();
  readonly acked = new Set<string>();
  readonly refused = new Set<string>();

  async write(url: string, writer: string, seq: number): Promise<WriteOutcome> {
    const key = `${writer}#${seq}`;
    this.sent.add(key);
    const outcome = await write(url, writer, seq);
    if (outcome.status === "acked") this.acked.add(key);
    if (outcome.status === "refused") this.refused.add(key);
    return outcome;
  }

  /** Problems with a database state: empty when it is exactly what the clients were told. */
  problems(state: { counter: number; rows: Row[] }): string[] {
    const problems: string[] = [];
    if (state.counter !== state.rows.length) problems.push(`the counter is ${state.counter} but there are ${state.rows.length} rows`);
    const present = new Set<string>();
    for (const row of state.rows) {
      const key = `${row.writer}#${row.seq}`;
      if (present.has(key)) problems.push(`${key} was applied twice`);
      present.add(key);
      if (!this.sent.has(key)) problems.push(`${key} was never sent`);
      if (row.payload !== payloadOf(row.writer, row.seq)) problems.push(`${key} is half-written: ${row.payload.slice(0, 60)}`);
    }
    for (const key of this.acked) if (!present.has(key)) problems.push(`${key} was acknowledged but is lost`);
    for (const key of this.refused) if (present.has(key)) problems.push(`${key} was refused but is there`);
    return problems;
  }
}

/** A small deterministic random source, so a failing run can be repeated (DURABILITY_SEED). */
function randomSource(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function startInProcess(dataDir: string, logs: string[]) {
  return startLocalBackend({ convexDir: APP, dataDir, port: 0, sitePort: 0, watch: false, log: (line) => logs.push(line) });
}

describe("durable commits", () => {
  it(
    "loses no acknowledged write and applies nothing twice or in part across 20 kill -9s at random moments",
    async () => {
      const TRIALS = 20;
      const WRITERS = 4;
      const seed = Number(process.env.DURABILITY_SEED ?? Date.now() % 1_000_000);
      const random = randomSource(seed);
      const dataDir = tempDir("lb-durability-kill-");
      const ledger = new Ledger();
      let current: ChildBackend | null = null;
      try {
        for (let trial = 0; trial < TRIALS; trial++) {
          // A log compaction every few commits, so kills also land inside snapshot writes.
          const backend = startChild(dataDir, 4096);
          current = backend;
          const url = await backend.url;
          // The restart after the previous kill: exactly what was acknowledged, whole.
          expect(ledger.problems(await readState(url)), `seed ${seed}, after kill ${trial}`).toEqual([]);
          // The kill comes after a random number of acknowledged writes (0: right after the
          // start, while the replayed log is being compacted), at once or a moment later,
          // while the other writers' mutations are in flight.
          const killAfter = Math.floor(random() * 120);
          const delayMs = random() < 0.5 ? 0 : random() * 5;
          let acknowledged = 0;
          let killing = false;
          const kill = () => {
            if (killing) return;
            killing = true;
            if (delayMs === 0) backend.child.kill("SIGKILL");
            else setTimeout(() => backend.child.kill("SIGKILL"), delayMs);
          };
          if (killAfter === 0) kill();
          await Promise.all(
            Array.from({ length: WRITERS }, async (_, w) => {
              const writer = `t${trial}w${w}`;
              for (let seq = 0; ; seq++) {
                const outcome = await ledger.write(url, writer, seq);
                if (outcome.status !== "acked") break;
                acknowledged += 1;
                if (acknowledged >= killAfter) kill();
              }
            }),
          );
          kill();
          await backend.exited;
        }
        expect(ledger.refused.size, `seed ${seed}: no write is refused while the disk works`).toBe(0);
        expect(ledger.acked.size).toBeGreaterThan(TRIALS);

        const logs: string[] = [];
        const backend = await startInProcess(dataDir, logs);
        try {
          expect(ledger.problems(await readState(backend.url)), `seed ${seed}, after the last kill`).toEqual([]);
          await backend.flush();
        } finally {
          await backend.stop();
        }
        // The logged commit timestamps are the ones convex-test applied, and nothing failed.
        expect(logs.filter((l) => /was applied at|could not/.test(l))).toEqual([]);
        // Compacted on stop: one snapshot, no log left, and it holds everything.
        expect(fs.readdirSync(dataDir).filter((f) => f.startsWith("wal-"))).toEqual([]);
        const fromSnapshot = await startInProcess(dataDir, []);
        try {
          expect(ledger.problems(await readState(fromSnapshot.url)), `seed ${seed}, from the snapshot alone`).toEqual([]);
        } finally {
          await fromSnapshot.stop();
        }
      } finally {
        await stopChild(current);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    CEILING_MS,
  );

  it(
    "refuses writes while the disk is full (nothing applied), keeps every acknowledged one, and writes again once space returns",
    async () => {
      const root = tempDir("lb-durability-full-");
      // A small tmpfs of its own: the disk really fills. Where mounting is not allowed (or with
      // DURABILITY_DEV_FULL=1), the log file the backend opens next is a symlink to /dev/full,
      // whose writes fail with ENOSPC.
      const mounted = mountTmpfs(root);
      const dataDir = path.join(root, "data");
      const filler = path.join(root, "filler");
      const storageDir = path.join(dataDir, "storage");
      const walLines = () =>
        fs
          .readdirSync(dataDir)
          .filter((f) => /^wal-\d+\.jsonl$/.test(f) && fs.statSync(path.join(dataDir, f)).isFile())
          .map((f) => fs.readFileSync(path.join(dataDir, f), "utf8"));
      const ledger = new Ledger();
      let seq = 0;
      let backend: ChildBackend | null = null;
      try {
        // Writes of about 3 kB each: on the full tmpfs, at most one more fits in the log file's
        // last page.
        const ATTEMPTS = 30;
        const devFull: string[] = [];
        if (!mounted) {
          // The folder's first start writes a snapshot; the next start logs to wal-<walSeq + 1>,
          // which it opens at its first commit, and moves to the next file after a failed append
          // it cannot truncate (a device cannot be truncated).
          const first = await startInProcess(dataDir, []);
          await first.stop();
          const { walSeq } = JSON.parse(fs.readFileSync(path.join(dataDir, "db.json"), "utf8")) as { walSeq: number };
          for (let i = 1; i <= ATTEMPTS; i++) devFull.push(path.join(dataDir, `wal-${walSeq + i}.jsonl`));
        }
        backend = startChild(dataDir);
        const url = await backend.url;
        for (const file of devFull) fs.symlinkSync("/dev/full", file);
        if (mounted) {
          // (With /dev/full, the first write must be the one that opens the next log file.)
          for (let i = 0; i < 5; i++) expect((await ledger.write(url, "before", seq++)).status).toBe("acked");
          fillDisk(filler);
        }

        const refusals: string[] = [];
        for (let i = 0; i < ATTEMPTS; i++) {
          const outcome = await ledger.write(url, "big-full", seq++);
          if (outcome.status === "refused") refusals.push(outcome.message);
          else expect(outcome.status).toBe("acked");
        }
        expect(refusals.length).toBeGreaterThanOrEqual(ATTEMPTS - 2);
        for (const message of refusals) {
          expect(message).toMatch(/^Server Error: the local backend could not write this mutation to its write-ahead log \(ENOSPC/);
          expect(message).toContain("nothing was written");
        }
        // Still serving, with none of the refused writes applied in memory.
        expect(ledger.problems(await readState(url))).toEqual([]);
        // No partial line was left behind by the failed appends.
        for (const text of walLines()) {
          expect(text === "" || text.endsWith("\n")).toBe(true);
          for (const line of text.split("\n").filter(Boolean)) expect(() => JSON.parse(line) as unknown).not.toThrow();
        }
        if (mounted) {
          // A blob the disk cannot hold fails its upload and leaves nothing behind.
          const blobsBefore = fs.readdirSync(storageDir);
          const uploadUrl = await callMutation(url, "writes:uploadUrl");
          const upload = await fetch(uploadUrl, { method: "POST", body: new Uint8Array(256 * 1024) });
          expect(upload.status).toBe(500);
          expect(fs.readdirSync(storageDir)).toEqual(blobsBefore);
        }

        // Space returns: writes (and uploads) succeed again.
        if (mounted) fs.rmSync(filler);
        for (const file of devFull) fs.rmSync(file);
        for (let i = 0; i < 5; i++) expect((await ledger.write(url, "big-after", seq++)).status).toBe("acked");
        const uploadUrl = await callMutation(url, "writes:uploadUrl");
        const bytes = new Uint8Array(200 * 1024).map((_, i) => i % 251);
        const upload = await fetch(uploadUrl, { method: "POST", body: bytes });
        expect(upload.status).toBe(200);
        const { storageId } = (await upload.json()) as { storageId: string };

        backend.child.kill("SIGKILL");
        await backend.exited;
        const logs: string[] = [];
        const restarted = await startInProcess(dataDir, logs);
        try {
          expect(ledger.problems(await readState(restarted.url))).toEqual([]);
          expect(ledger.acked.size).toBe(seq - refusals.length);
          const served = await fetch(`${restarted.url}/api/storage/${storageId}`);
          expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
          expect(fs.readdirSync(storageDir).filter((f) => !f.endsWith(".tmp"))).toEqual([storageId]);
        } finally {
          await restarted.stop();
        }
        expect(logs.filter((l) => /was applied at/.test(l))).toEqual([]);
      } finally {
        await stopChild(backend);
        if (mounted) unmount(root);
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
    CEILING_MS,
  );

  it(
    "retries a scheduled job whose commit the full disk refuses, without stopping the backend",
    async () => {
      const root = tempDir("lb-durability-job-");
      const mounted = mountTmpfs(root);
      const dataDir = path.join(root, "data");
      const filler = path.join(root, "filler");
      const ledger = new Ledger();
      const devFull: string[] = [];
      let backend: LocalBackend | null = null;
      try {
        // A job scheduled far ahead, made due at once for the next start (as the data folder is
        // left when the backend was down at its time).
        const first = await startInProcess(dataDir, []);
        await first.run("writes:writeLater", { writer: "job", seq: 0, payload: payloadOf("job", 0), delayMs: 3_600_000 });
        await first.stop();
        ledger.sent.add("job#0");
        const file = path.join(dataDir, "db.json");
        const db = JSON.parse(fs.readFileSync(file, "utf8")) as {
          walSeq: number;
          components: Record<string, { documents: Array<Record<string, unknown>> }>;
        };
        const job = db.components[""].documents.find((d) => d.name === "writes:writeScheduled")!;
        job.scheduledTime = Date.now();
        fs.writeFileSync(file, JSON.stringify(db));

        const logs: string[] = [];
        backend = await startInProcess(dataDir, logs);
        // The job's timer cannot fire before this synchronous code has filled the disk (or,
        // without a tmpfs, made the log files the backend opens next /dev/full).
        if (mounted) fillDisk(filler);
        else {
          for (let i = 1; i <= 100; i++) devFull.push(path.join(dataDir, `wal-${db.walSeq + i}.jsonl`));
          for (const link of devFull) fs.symlinkSync("/dev/full", link);
        }
        const refused = () => logs.filter((l) => l.includes("could not write this mutation to its write-ahead log")).length;
        // The job's commit is refused and the job is tried again (an unhandled rejection would
        // fail this test); the backend keeps answering, with nothing of the job applied.
        await until(() => refused() >= 2);
        const running = backend;
        const state = async () => (await running.run("writes:state", {})) as unknown as { counter: number; rows: Row[] };
        expect(ledger.problems(await state())).toEqual([]);

        if (mounted) fs.rmSync(filler);
        for (const link of devFull) fs.rmSync(link);
        ledger.acked.add("job#0");
        await until(async () => (await state()).rows.length > 0);
        expect(ledger.problems(await state())).toEqual([]);
      } finally {
        await backend?.stop();
        if (mounted) unmount(root);
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
    CEILING_MS,
  );
});

async function callMutation(url: string, name: string): Promise<string> {
  const response = await fetch(`${url}/api/mutation`, { method: "POST", body: JSON.stringify({ path: name, args: {} }) });
  const body = (await response.json()) as { status: string; value: string; errorMessage?: string };
  if (body.status !== "success") throw new Error(body.errorMessage);
  return body.value;
}
