// Persistence of the database: a JSON snapshot of every committed document (convexToJson) of
// the app and of every component, system tables included, restored with the same _id and
// _creationTime, plus a write-ahead log. Every commit is appended to the log before convex-test
// applies it, and fdatasync'd (one sync for every commit written meanwhile: group commit) before
// anything can tell the world about it, so a kill or a power cut at any moment loses no
// acknowledged write, and a disk that refuses the write (full, failing) fails the mutation with
// nothing applied. The log is compacted into a new snapshot once it has grown (and on stop),
// written a slice at a time so the event loop keeps serving; each snapshot starts a new log file,
// and the log files a snapshot covers are deleted once it is on disk. Blob files of deleted `_storage`
// documents are removed only after a snapshot without them is safely on disk.
import fs from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { type DataDir, expectFile, fsyncDirSync, LocalBackendStartupError, RESET_HINT, restoreOrReset } from "./data-dir.js";
import type { Engine } from "../engine/engine.js";
import type { CommitRecord, Persistence } from "../engine/persistence.js";
import { SystemError } from "../engine/function-validation.js";
import { convexTestVersion, counterFromId, type StoredDocument, tableNameFromId } from "../convex-test-adapter/internals.js";
import { GroupSync } from "./group-sync.js";
import type { Logger } from "../engine/logger.js";
import { runOutside } from "../engine/run-context.js";
import { describeViolations, schemaViolations } from "../store/schema-check.js";
import type { StoredRequest } from "../engine/session-requests.js";
import { TIMESTAMP_MAX } from "../core/sync-messages.js";

const SNAPSHOT_FILE = "db.json";
const FORMAT = 2;
const WAL_FILE = /^wal-(\d+)\.jsonl$/;
const walName = (seq: number) => `wal-${seq}.jsonl`;

interface ComponentData {
  lastCreationTime: number;
  documents: JSONValue[];
}

interface SnapshotFile {
  format: number;
  convexTestVersion: string;
  nextDocId: number;
  lastCommitTs: string;
  /** Keyed by component path; "" is the app. */
  components: Record<string, ComponentData>;
  /** Scheduled jobs that run a function of another component than their own. */
  scheduledTargets?: Record<string, string>;
  /** Outcomes of sync-protocol mutations by session and request id. */
  sessionRequests?: StoredRequest[];
  /** The first write-ahead log file to replay over this snapshot. */
  walSeq?: number;
}

/** One line of the write-ahead log: a commit (`ts`), or a mutation's result (`rq` alone). */
interface LogEntry {
  ts?: string;
  /** The id counter after the commit. */
  n?: number;
  /** Per component: its lastCreationTime and the documents written (null: deleted). */
  c?: Record<string, { t: number; w: Array<[string, JSONValue | null]> }>;
  /** The whole map of cross-component job targets, when it changed. */
  st?: Record<string, string>;
  rq?: StoredRequest[];
}

/** Format 1 held only the app's documents. */
interface SnapshotFileV1 {
  format: 1;
  nextDocId: number;
  lastCreationTime: number;
  lastCommitTs: string;
  documents: JSONValue[];
}

function upgrade(file: SnapshotFile | SnapshotFileV1): SnapshotFile {
  if (file.format !== 1) return file as SnapshotFile;
  const v1 = file as SnapshotFileV1;
  return {
    format: FORMAT,
    convexTestVersion: "",
    nextDocId: v1.nextDocId,
    lastCommitTs: v1.lastCommitTs,
    components: { "": { lastCreationTime: v1.lastCreationTime, documents: v1.documents } },
  };
}

/**
 * Data of components the current code no longer mounts: kept as read and written back
 * unchanged, so removing a component from convex.config.ts (and adding it back) loses nothing.
 */
export type DetachedComponents = Map<string, ComponentData>;

/** A stored document, decoded; throws a message fit for a startup error if it is not one. */
function decodeDocument(json: JSONValue): StoredDocument {
  let doc: StoredDocument;
  try {
    doc = jsonToConvex(json) as StoredDocument;
  } catch (err) {
    throw new Error(`a document does not decode (${(err as Error).message}): ${JSON.stringify(json).slice(0, 200)}`);
  }
  if (typeof doc !== "object" || doc === null || typeof doc._id !== "string" || tableNameFromId(doc._id) === null) {
    throw new Error(`an entry is not a document with a valid _id: ${JSON.stringify(json).slice(0, 200)}`);
  }
  if (typeof doc._creationTime !== "number") {
    throw new Error(`document ${doc._id} has no numeric _creationTime`);
  }
  return doc;
}

function loadComponent(engine: Engine, path: string, data: ComponentData): number {
  let maxCounter = 0;
  for (const json of data.documents) {
    const doc = decodeDocument(json);
    engine.restoreDocument(path, doc._id, doc);
    maxCounter = Math.max(maxCounter, counterFromId(doc._id));
  }
  engine.restoreLastCreationTime(path, data.lastCreationTime);
  engine.advanceIdCounterTo(maxCounter + 1);
  return data.documents.length;
}

/** After a reload: components mounted again get back the data they had. */
export function reattachDetached(engine: Engine, detached: DetachedComponents): void {
  for (const path of engine.componentPaths()) {
    const data = detached.get(path);
    if (!data) continue;
    loadComponent(engine, path, data);
    detached.delete(path);
  }
}

function walFiles(dataDir: DataDir): number[] {
  return fs
    .readdirSync(dataDir.root)
    .map((name) => WAL_FILE.exec(name)?.[1])
    .filter((seq): seq is string => seq !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Whether a log line has the shape `logCommit` / `logRequest` write. */
function isLogEntry(value: unknown): value is LogEntry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const entry = value as LogEntry;
  if (entry.ts !== undefined && !isTimestamp(entry.ts)) return false;
  if (entry.n !== undefined && !Number.isSafeInteger(entry.n)) return false;
  if (entry.rq !== undefined && !Array.isArray(entry.rq)) return false;
  if (entry.st !== undefined && (typeof entry.st !== "object" || entry.st === null)) return false;
  if (entry.c === undefined) return true;
  if (typeof entry.c !== "object" || entry.c === null) return false;
  return Object.values(entry.c).every(
    (part) =>
      typeof part === "object" &&
      part !== null &&
      typeof part.t === "number" &&
      Array.isArray(part.w) &&
      part.w.every((write) => Array.isArray(write) && typeof write[0] === "string" && tableNameFromId(write[0]) !== null),
  );
}

function isTimestamp(value: unknown): value is string {
  return typeof value === "string" && /^\d{1,20}$/.test(value);
}

/** Apply one logged commit to the restored data. */
function replayEntry(engine: Engine, detached: DetachedComponents, entry: LogEntry): void {
  for (const [componentPath, { t, w }] of Object.entries(entry.c ?? {})) {
    if (engine.componentPaths().includes(componentPath)) {
      for (const [id, json] of w) {
        engine.restoreDocument(componentPath, id, json === null ? null : decodeDocument(json));
        engine.advanceIdCounterTo(counterFromId(id) + 1);
      }
      engine.restoreLastCreationTime(componentPath, t);
    } else {
      // Written while mounted, not mounted now: keep it with the component's detached data.
      const data = detached.get(componentPath) ?? { lastCreationTime: 0, documents: [] };
      const changed = new Map(w);
      data.documents = data.documents.filter((doc) => !changed.has((doc as { _id: string })._id));
      for (const [, json] of w) if (json !== null) data.documents.push(json);
      data.lastCreationTime = Math.max(data.lastCreationTime, t);
      detached.set(componentPath, data);
    }
  }
  if (entry.n !== undefined) engine.advanceIdCounterTo(entry.n);
  if (entry.ts !== undefined) engine.advanceTsTo(BigInt(entry.ts));
  if (entry.st) engine.scheduler.importTargets(entry.st, true);
  for (const request of entry.rq ?? []) engine.sessionRequests.load(request);
}

/**
 * Replay the write-ahead log from `fromSeq` on; returns the number of commits replayed. `since`
 * is the snapshot's clock (null: no snapshot, or one whose clock was impossible): logged commits
 * come after it, in increasing timestamp order.
 */
function replayLog(
  engine: Engine,
  dataDir: DataDir,
  detached: DetachedComponents,
  fromSeq: number,
  since: bigint | null,
  logger: Logger | null,
): number {
  let commits = 0;
  let previous = since;
  let previousAt = "the snapshot's lastCommitTs";
  for (const seq of walFiles(dataDir)) {
    const file = path.join(dataDir.root, walName(seq));
    expectFile(file);
    if (seq < fromSeq) {
      fs.rmSync(file, { force: true });
      continue;
    }
    const lines = fs.readFileSync(file, "utf8").split("\n");
    const damaged = (line: number, problem: string, recovery: string) =>
      new LocalBackendStartupError(file, `line ${line} ${problem}`, recovery);
    const dropLine = (line: number) =>
      `restore ${walName(seq)} from a backup; or delete line ${line} of it, giving up that one commit ` +
      `(every other commit is kept); or ${RESET_HINT} (this deletes every document and file)`;
    for (const [i, text] of lines.entries()) {
      if (text === "") continue;
      const last = !lines.slice(i + 1).some((l) => l !== "");
      let entry: unknown;
      try {
        entry = JSON.parse(text);
      } catch {
        if (last) {
          // A line cut short by a kill while it was written: that commit was never acknowledged.
          logger?.warn(`${walName(seq)}: ignored its incomplete last line ${i + 1} (a commit cut short by a kill, never acknowledged)`);
          continue;
        }
        throw damaged(
          i + 1,
          "is not valid JSON, and more commits follow it: the log was damaged in the middle (the backend only ever cuts the last line short)",
          dropLine(i + 1),
        );
      }
      if (!isLogEntry(entry)) {
        throw damaged(i + 1, `is not a commit the backend wrote: ${text.slice(0, 120)}`, dropLine(i + 1));
      }
      if (entry.ts !== undefined) {
        const ts = BigInt(entry.ts);
        if (previous !== null && ts < previous) {
          throw damaged(
            i + 1,
            `has commit timestamp ${ts}, earlier than ${previous} (${previousAt}): timestamps go backwards, so this log ` +
              "does not continue this data folder's snapshot (a file copied from another data folder, or edited)",
            `move ${walName(seq)} out of the data folder if it does not belong to it (its commits are then lost), ` +
              `or restore the data folder from a backup, or ${RESET_HINT}`,
          );
        }
        previous = ts;
        previousAt = `line ${i + 1} of ${walName(seq)}`;
      }
      try {
        replayEntry(engine, detached, entry);
      } catch (err) {
        throw damaged(i + 1, `cannot be replayed: ${(err as Error).message}`, dropLine(i + 1));
      }
      if (entry.ts !== undefined) commits += 1;
    }
  }
  return commits;
}

export interface RestoredData {
  documents: number;
  detached: DetachedComponents;
  /** Commits replayed from the write-ahead log (made after the last snapshot). */
  replayed: number;
  /** The next write-ahead log file to write. */
  walSeq: number;
  /** Whether there was a snapshot to load (false: a new folder, or one killed before its first). */
  fromSnapshot: boolean;
}

/** Load the snapshot and replay the write-ahead log into a fresh engine (before it serves anything). */
export function restoreSnapshot(engine: Engine, dataDir: DataDir, logger: Logger | null = null): RestoredData {
  const snapshotPath = path.join(dataDir.root, SNAPSHOT_FILE);
  const raw = dataDir.readJson<SnapshotFile | SnapshotFileV1>(SNAPSHOT_FILE, restoreOrReset(SNAPSHOT_FILE));
  const detached: DetachedComponents = new Map();
  const existing = walFiles(dataDir);
  const nextSeq = Math.max(0, ...existing) + 1;
  if (!raw) {
    checkNothingLost(dataDir, existing, snapshotPath);
    const replayed = replayLog(engine, dataDir, detached, 0, null, logger);
    return { documents: countDocuments(engine), detached, replayed, walSeq: nextSeq, fromSnapshot: false };
  }
  const file = checkSnapshot(raw, snapshotPath);
  const mounted = new Set(engine.componentPaths());
  let documents = 0;
  for (const [path, data] of Object.entries(file.components)) {
    if (mounted.has(path)) {
      try {
        documents += loadComponent(engine, path, data);
      } catch (err) {
        throw new LocalBackendStartupError(
          snapshotPath,
          `${path ? `component "${path}": ` : ""}${(err as Error).message}`,
          restoreOrReset(SNAPSHOT_FILE),
        );
      }
    } else detached.set(path, data);
  }
  engine.advanceIdCounterTo(file.nextDocId);
  const snapshotTs = BigInt(file.lastCommitTs);
  engine.advanceTsTo(snapshotTs);
  engine.scheduler.importTargets(file.scheduledTargets);
  for (const request of file.sessionRequests ?? []) engine.sessionRequests.load(request);
  const replayed = replayLog(engine, dataDir, detached, file.walSeq ?? 0, snapshotTs <= TIMESTAMP_MAX ? snapshotTs : null, logger);
  if (replayed > 0) documents = countDocuments(engine);
  healClock(engine, logger);
  return { documents, detached, replayed, walSeq: Math.max(nextSeq, (file.walSeq ?? 0) + 1), fromSnapshot: true };
}

/** A data folder's committed data, read without running the app: every component's documents (convexToJson). */
export interface StoredData {
  components: Map<string, { lastCreationTime: number; documents: JSONValue[] }>;
  nextDocId: number;
  lastCommitTs: bigint;
}

/**
 * The data a backend would start with (snapshot plus replayed write-ahead log), read as it reads
 * it: with no component mounted, every component's documents stay as stored, detached.
 */
export function readStoredData(dataDir: DataDir, logger: Logger | null = null): StoredData {
  let nextDocId = 0;
  let ts = 0n;
  // The few parts of an Engine that restoring touches when no component is mounted.
  const reader = {
    componentPaths: () => [],
    advanceIdCounterTo: (n: number) => void (nextDocId = Math.max(nextDocId, n)),
    advanceTsTo: (t: bigint) => void (ts = t > ts ? t : ts),
    currentTs: () => ts,
    resetTs: (t: bigint) => void (ts = t),
    documentCountOf: () => 0,
    scheduler: { importTargets: () => undefined },
    sessionRequests: { load: () => undefined },
  };
  const { detached } = restoreSnapshot(reader as unknown as Engine, dataDir, logger);
  return { components: detached, nextDocId, lastCommitTs: ts };
}

/** The text of a snapshot (db.json) holding `data`, as a backend writes it: a new folder starts from it. */
export function encodeStoredData(data: StoredData): string {
  const file: SnapshotFile = {
    format: FORMAT,
    convexTestVersion: convexTestVersion(),
    nextDocId: data.nextDocId,
    lastCommitTs: data.lastCommitTs.toString(),
    components: Object.fromEntries(data.components),
  };
  return JSON.stringify(file);
}

/** The snapshot's file name in a data folder. */
export const SNAPSHOT_FILE_NAME = SNAPSHOT_FILE;

/**
 * No snapshot: a new data folder, or one whose first snapshot was never written (its log starts
 * at wal-1). Anything else means the database was lost, and starting empty would let the app
 * seed a new one over what is left: refuse.
 */
function checkNothingLost(dataDir: DataDir, walSeqs: number[], snapshotPath: string): void {
  const keepNote =
    `or, to start with an empty database and keep the other files, move them out of ${dataDir.root}; ` +
    `or ${RESET_HINT} (this deletes every file in it)`;
  const firstSeq = walSeqs[0];
  if (firstSeq !== undefined && firstSeq > 1) {
    throw new LocalBackendStartupError(
      snapshotPath,
      `is missing, but the write-ahead log starts at ${walName(firstSeq)}, which continues a snapshot ` +
        `(a log without one starts at ${walName(1)}): starting now would lose every document of that snapshot`,
      `restore ${SNAPSHOT_FILE} from a backup or copy of the data folder (the log is replayed over it); ${keepNote}`,
    );
  }
  // A backend writes the snapshot as soon as it starts on a new folder: a folder that holds
  // other files (keys, mail, stored files) but no snapshot and no log has lost its database.
  if (walSeqs.length === 0 && dataDir.foundAtOpen.length > 0) {
    throw new LocalBackendStartupError(
      snapshotPath,
      `is missing (and there is no write-ahead log), but the data folder holds ${dataDir.foundAtOpen.join(", ")}: ` +
        "the database was deleted or lost, and starting with an empty one would let the app seed a new database over the rest",
      `restore ${SNAPSHOT_FILE} from a backup or copy of the data folder; ${keepNote}`,
    );
  }
}

/** The snapshot's fields have the types the backend writes; stops start-up naming the first that does not. */
function checkSnapshot(raw: SnapshotFile | SnapshotFileV1, snapshotPath: string): SnapshotFile {
  const bad = (problem: string) => new LocalBackendStartupError(snapshotPath, problem, restoreOrReset(SNAPSHOT_FILE));
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw bad("does not hold a snapshot object");
  if (raw.format !== 1 && raw.format !== FORMAT) {
    throw bad(
      `has an unknown format ${JSON.stringify(raw.format)} (this backend reads formats 1 and ${FORMAT}; a newer backend may have written it)`,
    );
  }
  const file = upgrade(raw);
  if (typeof file.components !== "object" || file.components === null || Array.isArray(file.components)) {
    throw bad("has no components object");
  }
  for (const [path, data] of Object.entries(file.components)) {
    if (typeof data !== "object" || data === null || !Array.isArray(data.documents) || typeof data.lastCreationTime !== "number") {
      throw bad(`component "${path}" does not hold a documents list and a lastCreationTime`);
    }
  }
  if (!Number.isSafeInteger(file.nextDocId) || file.nextDocId < 0) throw bad(`nextDocId ${JSON.stringify(file.nextDocId)} is not a count`);
  if (!isTimestamp(file.lastCommitTs)) {
    throw bad(`lastCommitTs ${JSON.stringify(file.lastCommitTs)} is not a timestamp (a decimal count of nanoseconds)`);
  }
  if (file.walSeq !== undefined && (!Number.isSafeInteger(file.walSeq) || file.walSeq < 0)) {
    throw bad(`walSeq ${JSON.stringify(file.walSeq)} is not a log file number`);
  }
  if (file.sessionRequests !== undefined && !Array.isArray(file.sessionRequests)) throw bad("sessionRequests is not a list");
  if (file.scheduledTargets !== undefined && (typeof file.scheduledTargets !== "object" || file.scheduledTargets === null)) {
    throw bad("scheduledTargets is not an object");
  }
  return file;
}

/**
 * Every restored document of a table the schema declares must match it, as Convex refuses a push
 * whose schema the existing documents break. Stops start-up naming the first few.
 */
export function checkSchema(engine: Engine, dataDir: DataDir): void {
  const problem = describeViolations(
    engine.componentPaths().map((componentPath) => {
      const db = engine.dbOf(componentPath);
      return schemaViolations(db, db, componentPath);
    }),
  );
  if (problem === null) return;
  throw new LocalBackendStartupError(
    path.join(dataDir.root, SNAPSHOT_FILE),
    problem,
    "change schema.ts so it accepts these documents (e.g. make the field v.optional, or add the old shape with v.union), " +
      "start, migrate the documents with a mutation, then tighten the schema again; or turn validation off for now with " +
      `defineSchema(…, { schemaValidation: false }); or ${RESET_HINT} (this deletes every document and file)`,
  );
}

/** `_storage` documents whose file is gone are served as missing; say so once at start. */
export function warnMissingBlobs(engine: Engine, dataDir: DataDir, logger: Logger): void {
  const missing: string[] = [];
  for (const componentPath of engine.componentPaths()) {
    for (const { _id } of engine.documentsOf(componentPath, "_storage")) {
      if (!fs.existsSync(dataDir.blobPath(_id))) missing.push(_id);
    }
  }
  if (missing.length === 0) return;
  logger.warn(
    `${missing.length} stored file${missing.length > 1 ? "s are" : " is"} missing from ${dataDir.blobDir} ` +
      `(${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}): their URLs answer 404 and ` +
      "ctx.storage.get returns null. Put the files back from a backup to serve them again.",
  );
}

function countDocuments(engine: Engine): number {
  return engine.componentPaths().reduce((n, p) => n + engine.documentCountOf(p), 0);
}

/** A clock past the largest timestamp (stored by an older version) would fail every commit. */
function healClock(engine: Engine, logger: Logger | null): void {
  if (engine.currentTs() <= TIMESTAMP_MAX) return;
  logger?.warn("the stored clock was past the largest timestamp; starting it again from the current time");
  engine.resetTs(BigInt(Date.now()) * 1_000_000n);
}

/** What a snapshot holds, taken at one instant (document objects are immutable: a commit replaces them). */
interface Capture {
  walSeq: number;
  nextDocId: number;
  lastCommitTs: string;
  scheduledTargets: Record<string, string>;
  sessionRequests: StoredRequest[];
  /** Detached components first, mounted ones after (a path in both: the mounted one wins). */
  components: Array<{ path: string; lastCreationTime: number; documents: Array<StoredDocument | JSONValue>; encoded: boolean }>;
}

/** Work done between two yields to the event loop while a snapshot is written. */
const SLICE_MS = 8;
const SLICE_BYTES = 1 << 20;

/** Node's writeSync may write part of a buffer (a disk filling up): write the rest, or throw. */
function writeFully(fd: number, buffer: Buffer): void {
  let offset = 0;
  while (offset < buffer.length) offset += fs.writeSync(fd, buffer, offset, buffer.length - offset);
}

/** A commit's line in the write-ahead log (fields in the order they have always been written). */
function logEntryOf(commit: CommitRecord): LogEntry {
  const entry: LogEntry = { ts: commit.ts.toString() };
  if (commit.nextDocId !== undefined) entry.n = commit.nextDocId;
  if (commit.components) {
    entry.c = {};
    for (const [componentPath, { lastCreationTime, documents }] of commit.components) {
      entry.c[componentPath] = { t: lastCreationTime, w: documents };
    }
  }
  if (commit.scheduledTargets) entry.st = commit.scheduledTargets;
  if (commit.request) entry.rq = [commit.request];
  return entry;
}

/** A commit the write-ahead log refused (disk full, I/O error): the mutation fails, nothing applied. */
function logWriteError(err: unknown): SystemError {
  return new SystemError(
    `Server Error: the local backend could not write this mutation to its write-ahead log ` +
      `(${(err as Error).message}); nothing was written. Free disk space (or fix the disk) and try again.`,
  );
}

export interface SnapshotWriterOptions {
  /**
   * Compact the write-ahead log into a new snapshot once it holds this many bytes. Default: 8 MiB
   * or half the size of the last snapshot, whichever is larger (so rewriting the snapshot costs
   * at most about twice what was logged, and a start replays at most half a snapshot's worth).
   * Compaction also happens on close and on flush().
   */
  compactLogBytes?: number;
}

const MIN_COMPACT_LOG_BYTES = 8 * 1024 * 1024;

/**
 * The write-ahead log and its compaction into snapshots.
 *
 * The engine hands every top-level commit's record to `writeAhead` (`Persistence`) before
 * convex-test applies it: its line is appended first, and a failed write (ENOSPC, EIO) throws, which rolls the
 * transaction back with nothing applied. The line is fdatasync'd off the event loop together with
 * the lines of the commits around it (`GroupSync`); `durable()` resolves once it is on disk, and
 * the engine's callers wait for that before they acknowledge a commit or send what it changed.
 * A failed append is truncated away (or, if even that fails, the log moves to a new file), so a
 * partial line can never precede a later commit.
 *
 * Compaction takes its consistent point synchronously and cheaply (the document references of
 * every component, with the log rotated at that instant), then converts and writes the snapshot
 * in slices, yielding to the event loop; only once the snapshot is durable are the log files it
 * covers deleted, and the blob files of deleted `_storage` documents removed.
 */
export class SnapshotWriter implements Persistence {
  private compacting: Promise<void> = Promise.resolve();
  private compactQueued = false;
  private dirty = false;
  private closed = false;
  private walFd: number | null = null;
  /** Bytes of the current log file that hold whole, synced lines. */
  private walSize = 0;
  /** Bytes logged since the last snapshot's consistent point. */
  private logBytes = 0;
  private lastSnapshotBytes = 0;
  private readonly compactLogBytes: number | null;
  /** The engine whose data a snapshot holds; set by `open`. */
  private source: Engine | null = null;
  private detached: DetachedComponents = new Map();
  private walSeq = 1;
  /** Session requests written ahead with their commit's line (their `committed` call follows). */
  private readonly requestsAhead = new Set<string>();
  /** The last append failed (logged once until appends succeed again). */
  private failing = false;
  private readonly groupSync = new GroupSync((err) =>
    this.logger.error(
      `could not sync the write-ahead log to disk (${err.message}); no commit is acknowledged from now on. ` +
        "Stop the backend and start it again: it restores every acknowledged commit from the log.",
    ),
  );

  constructor(
    private readonly dataDir: DataDir,
    private readonly logger: Logger,
    options: SnapshotWriterOptions = {},
  ) {
    this.compactLogBytes = options.compactLogBytes ?? null;
    this.lastSnapshotBytes = fs.statSync(path.join(dataDir.root, SNAPSHOT_FILE), { throwIfNoEntry: false })?.size ?? 0;
  }

  /**
   * Start logging where `restoreSnapshot` left the data folder; snapshots read the engine's data
   * from `engine`. Until then no commit is accepted.
   */
  open(engine: Engine, restored: Pick<RestoredData, "walSeq" | "detached">): void {
    this.source = engine;
    this.walSeq = restored.walSeq;
    this.detached = restored.detached;
  }

  private get engine(): Engine {
    if (!this.source) throw new SystemError("Server Error: the local backend has not restored its data yet; try again once it runs.");
    return this.source;
  }

  /** After a reload: components mounted again get back the data they had. */
  reattachDetached(): void {
    reattachDetached(this.engine, this.detached);
  }

  /** Log a commit ahead of its being applied (`Persistence.writeAhead`). */
  writeAhead(commit: CommitRecord): (() => void) | null {
    if (this.closed) {
      throw new SystemError("Server Error: the local backend is stopping; this mutation was not committed. Try again once it runs.");
    }
    if (this.groupSync.failure) {
      throw new SystemError(`Server Error: the local backend cannot save to disk (${this.groupSync.failure.message}); restart it.`);
    }
    if (!this.source) {
      throw new SystemError(
        "Server Error: the local backend has not restored its data yet; this mutation was not committed. Try again once it runs.",
      );
    }
    const entry = logEntryOf(commit);
    if (!entry.c && !entry.st && !entry.rq) return null;
    let start: number;
    try {
      start = this.append(`${JSON.stringify(entry)}\n`);
    } catch (err) {
      throw logWriteError(err);
    }
    const { request } = commit;
    if (request) this.requestsAhead.add(request[0]);
    this.dirty = true;
    const seq = this.walSeq;
    return () => {
      if (request) this.requestsAhead.delete(request[0]);
      this.retract(seq, start);
    };
  }

  /** Resolves once every commit applied so far is on disk (rejects if the disk failed). */
  durable(): Promise<void> {
    return this.groupSync.durable();
  }

  /**
   * A session request changed. One recorded by a commit is already in that commit's line
   * (`writeAhead`); a result gets its own line, synced too (it answers a resent mutation).
   */
  requestChanged(stored: StoredRequest, withCommit: boolean): void {
    if (this.closed) return;
    if (withCommit && this.requestsAhead.delete(stored[0])) return;
    try {
      this.append(`${JSON.stringify({ rq: [stored] } satisfies LogEntry)}\n`);
      this.dirty = true;
    } catch {
      // Logged by append; the record stays in memory and goes into the next snapshot.
      this.dirty = true;
    }
  }

  /** Cut the last line (appended at `start` of log file `seq`) off the log again. */
  private retract(seq: number, start: number): void {
    if (this.walSeq !== seq || this.walFd === null) return;
    try {
      fs.ftruncateSync(this.walFd, start);
      this.groupSync.syncNow(this.walFd);
      this.logBytes -= this.walSize - start;
      this.walSize = start;
    } catch (err) {
      this.logger.error(`could not take a commit that failed to apply back out of ${walName(seq)}: ${(err as Error).message}`);
    }
  }

  /**
   * Append whole lines (synced soon, see `durable`); returns where they start in the current log
   * file. On failure nothing of them stays in the log.
   */
  private append(text: string): number {
    const buffer = Buffer.from(text, "utf8");
    try {
      if (this.walFd === null) this.openLog();
      const fd = this.walFd!;
      try {
        writeFully(fd, buffer);
      } catch (err) {
        this.undoAppend(fd);
        throw err;
      }
    } catch (err) {
      if (!this.failing) {
        this.failing = true;
        this.logger.error(`could not append to the write-ahead log, refusing commits until it works again: ${(err as Error).message}`);
      }
      throw err;
    }
    if (this.failing) {
      this.failing = false;
      this.logger.info("the write-ahead log is writable again");
    }
    // Alone: no other mutation is waiting to commit, so there is nothing to group it with.
    this.groupSync.wrote(this.walFd!, this.engine.mutationsRunning <= 1);
    const start = this.walSize;
    this.walSize += buffer.length;
    this.logBytes += buffer.length;
    const threshold = this.compactLogBytes ?? Math.max(MIN_COMPACT_LOG_BYTES, this.lastSnapshotBytes / 2);
    if (this.logBytes >= threshold) this.compactSoon();
    return start;
  }

  private openLog(): void {
    const file = path.join(this.dataDir.root, walName(this.walSeq));
    const fd = fs.openSync(file, "a");
    try {
      this.walSize = fs.fstatSync(fd).size;
      // The new file's name must survive a power cut as well as its lines.
      fsyncDirSync(this.dataDir.root);
    } catch (err) {
      fs.closeSync(fd);
      throw err;
    }
    this.walFd = fd;
  }

  /** Cut a failed append off the log; if that fails too, give the log up for a new file. */
  private undoAppend(fd: number): void {
    try {
      fs.ftruncateSync(fd, this.walSize);
    } catch (err) {
      this.logger.error(
        `could not truncate a failed append off ${walName(this.walSeq)} (${(err as Error).message}); later commits go to ${walName(this.walSeq + 1)}`,
      );
      this.closeLog();
      this.walSeq += 1;
    }
  }

  /** Sync the log file's last lines and close it. */
  private closeLog(): void {
    if (this.walFd === null) return;
    const fd = this.walFd;
    this.walFd = null;
    try {
      this.groupSync.syncNow(fd);
    } catch {
      // Logged by the group sync; commits are refused from now on.
    }
    try {
      this.groupSync.close(fd);
    } catch {
      // nothing more can be lost: every line in it was synced
    }
  }

  /** Later commits go to a new log file; returns its number. */
  private rotate(): number {
    this.closeLog();
    this.walSeq += 1;
    this.walSize = 0;
    return this.walSeq;
  }

  /** The data changed outside the log (restored, replayed): compact soon. */
  markDirty(): void {
    if (this.closed) return;
    this.dirty = true;
    this.compactSoon();
  }

  private compactSoon(): void {
    if (this.compactQueued || this.closed) return;
    this.compactQueued = true;
    runOutside(() =>
      setImmediate(() => {
        this.compactQueued = false;
        void this.flush();
      }),
    );
  }

  /** Compact now (write a snapshot, drop the log files it covers) if anything changed. */
  flush(): Promise<void> {
    this.compacting = this.compacting
      .then(() => this.compact())
      .catch((err: unknown) => this.logger.error(`could not write the snapshot: ${(err as Error).message}`));
    return this.compacting;
  }

  private async compact(): Promise<void> {
    if (!this.dirty || this.closed) return;
    // Results of mutations that just committed arrive within microtasks; wait for them so the
    // snapshot holds them (the log would restore them anyway).
    await this.engine.sessionRequests.settled();
    if (!this.dirty || this.closed) return;
    // The consistent point: synchronous, so no commit falls between the rotation and the capture.
    this.dirty = false;
    this.logBytes = 0;
    const capture = this.capture();
    try {
      const { bytes, storageIds } = await this.writeSnapshot(capture);
      this.lastSnapshotBytes = bytes;
      for (const seq of walFiles(this.dataDir)) {
        if (seq < capture.walSeq) fs.rmSync(path.join(this.dataDir.root, walName(seq)), { force: true });
      }
      // Keep blobs the written snapshot references and blobs stored since it was taken.
      await this.dataDir.collectGarbageBlobs((id) => storageIds.has(id) || this.engine.storage.isLiveBlob(id));
    } catch (err) {
      // The log files still hold everything; try again after as much log again (or on flush).
      this.dirty = true;
      this.logger.error(`could not write the snapshot: ${(err as Error).message}`);
    }
  }

  private capture(): Capture {
    const walSeq = this.rotate();
    const components: Capture["components"] = [];
    for (const [path, data] of this.detached) {
      components.push({ path, lastCreationTime: data.lastCreationTime, documents: data.documents, encoded: true });
    }
    for (const path of this.engine.componentPaths()) {
      components.push({
        path,
        lastCreationTime: this.engine.lastCreationTimeOf(path),
        documents: this.engine.allDocumentsOf(path),
        encoded: false,
      });
    }
    return {
      walSeq,
      nextDocId: this.engine.nextDocId(),
      lastCommitTs: this.engine.currentTs().toString(),
      scheduledTargets: this.engine.scheduler.exportTargets(),
      sessionRequests: this.engine.sessionRequests.export(),
      components,
    };
  }

  /** Convert and write a capture a slice at a time; returns its size and the blobs it references. */
  private async writeSnapshot(capture: Capture): Promise<{ bytes: number; storageIds: Set<string> }> {
    const storageIds = new Set<string>();
    const seen = new Set<string>();
    const mounted = new Set(capture.components.filter((c) => !c.encoded).map((c) => c.path));
    const bytes = await this.dataDir.writeStreamed(SNAPSHOT_FILE, async (write) => {
      const header: Omit<SnapshotFile, "components"> = {
        format: FORMAT,
        convexTestVersion: convexTestVersion(),
        nextDocId: capture.nextDocId,
        lastCommitTs: capture.lastCommitTs,
        scheduledTargets: capture.scheduledTargets,
        sessionRequests: capture.sessionRequests,
        walSeq: capture.walSeq,
      };
      let pending = `${JSON.stringify(header).slice(0, -1)},"components":{`;
      let sliceStart = performance.now();
      let first = true;
      for (const component of capture.components) {
        // A detached component mounted again since: its documents are in the mounted database.
        if (component.encoded && mounted.has(component.path)) continue;
        if (seen.has(component.path)) continue;
        seen.add(component.path);
        pending += `${first ? "" : ","}${JSON.stringify(component.path)}:{"lastCreationTime":${JSON.stringify(component.lastCreationTime)},"documents":[`;
        first = false;
        const { documents } = component;
        for (let i = 0; i < documents.length; i++) {
          const json = component.encoded ? (documents[i] as JSONValue) : convexToJson(documents[i] as Value);
          const id = (json as { _id?: unknown })._id;
          if (typeof id === "string" && id.endsWith("_storage") && tableNameFromId(id) === "_storage") storageIds.add(id);
          pending += `${i === 0 ? "" : ","}${JSON.stringify(json)}`;
          if ((i & 63) === 63 && (pending.length >= SLICE_BYTES || performance.now() - sliceStart >= SLICE_MS)) {
            await write(pending);
            pending = "";
            await new Promise<void>((resolve) => setImmediate(resolve));
            sliceStart = performance.now();
          }
        }
        pending += "]}";
      }
      await write(`${pending}}}`);
    });
    return { bytes, storageIds };
  }

  /**
   * Final compaction, then the log is closed: later commits (of calls still finishing) are
   * refused rather than acknowledged without being persisted.
   */
  async close(): Promise<void> {
    for (let round = 0; round < 3 && (round === 0 || this.dirty); round++) await this.flush();
    this.closed = true;
    this.closeLog();
  }
}
