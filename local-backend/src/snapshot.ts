// Persistence of the database: a JSON snapshot of every committed document (convexToJson) of
// the app and of every component, system tables included, restored with the same _id and
// _creationTime, plus a write-ahead log. Every commit is appended to the log synchronously,
// before anything can acknowledge it, so a kill at any moment (SIGKILL, a second Ctrl+C, a
// crash) loses no acknowledged write. Snapshots are debounced after commits and atomic; each
// starts a new log file, and the log files a snapshot covers are deleted once it is on disk.
// Blob files of deleted `_storage` documents are removed only after a snapshot without them is
// safely on disk.
import fs from "node:fs";
import path from "node:path";
import { setTimeout, clearTimeout } from "node:timers";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { type DataDir, expectFile, LocalBackendStartupError, RESET_HINT, restoreOrReset } from "./data-dir.js";
import type { Engine } from "./engine.js";
import { convexTestVersion, counterFromId, type StoredDocument, tableNameFromId } from "./internals.js";
import type { Logger } from "./logger.js";
import { runOutside } from "./run-context.js";
import type { StoredRequest } from "./session-requests.js";
import { TIMESTAMP_MAX } from "./sync-messages.js";

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
  const db = engine.dbOf(path);
  let maxCounter = 0;
  for (const json of data.documents) {
    const doc = decodeDocument(json);
    db._documents[doc._id] = doc;
    maxCounter = Math.max(maxCounter, counterFromId(doc._id));
  }
  db._lastCreationTime = Math.max(data.lastCreationTime, db._lastCreationTime);
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
    (part) => typeof part === "object" && part !== null && typeof part.t === "number" && Array.isArray(part.w) &&
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
      const db = engine.dbOf(componentPath);
      for (const [id, json] of w) {
        if (json === null) delete db._documents[id];
        else db._documents[id] = decodeDocument(json);
        engine.advanceIdCounterTo(counterFromId(id) + 1);
      }
      db._lastCreationTime = Math.max(db._lastCreationTime, t);
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
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] === "") continue;
      const last = !lines.slice(i + 1).some((l) => l !== "");
      let entry: unknown;
      try {
        entry = JSON.parse(lines[i]);
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
        throw damaged(i + 1, `is not a commit the backend wrote: ${lines[i].slice(0, 120)}`, dropLine(i + 1));
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

/**
 * No snapshot: a new data folder, or one whose first snapshot was never written (its log starts
 * at wal-1). Anything else means the database was lost, and starting empty would let the app
 * seed a new one over what is left: refuse.
 */
function checkNothingLost(dataDir: DataDir, walSeqs: number[], snapshotPath: string): void {
  const keepNote =
    `or, to start with an empty database and keep the other files, move them out of ${dataDir.root}; ` +
    `or ${RESET_HINT} (this deletes every file in it)`;
  if (walSeqs.length > 0 && walSeqs[0] > 1) {
    throw new LocalBackendStartupError(
      snapshotPath,
      `is missing, but the write-ahead log starts at ${walName(walSeqs[0])}, which continues a snapshot ` +
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
    throw bad(`has an unknown format ${JSON.stringify(raw.format)} (this backend reads formats 1 and ${FORMAT}; a newer backend may have written it)`);
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
  const failures: string[] = [];
  let count = 0;
  for (const componentPath of engine.componentPaths()) {
    const db = engine.dbOf(componentPath) as ReturnType<Engine["dbOf"]> & { _validate(table: string, doc: Record<string, unknown>): void };
    for (const doc of Object.values(db._documents)) {
      const table = tableNameFromId(doc._id);
      if (table === null || table.startsWith("_")) continue;
      const { _id, _creationTime, ...fields } = doc;
      try {
        db._validate(table, fields);
      } catch (err) {
        count += 1;
        if (failures.length < 5) {
          const where = componentPath ? `component "${componentPath}", ` : "";
          failures.push(`${where}table "${table}", document ${_id}: ${(err as Error).message.replace(/^Validator error: /, "")}`);
        }
      }
    }
  }
  if (count === 0) return;
  throw new LocalBackendStartupError(
    path.join(dataDir.root, SNAPSHOT_FILE),
    `${count} stored document${count > 1 ? "s do" : " does"} not match the schema (as on Convex, a schema the existing ` +
      `documents break is refused):\n  ${failures.join("\n  ")}${count > failures.length ? `\n  … and ${count - failures.length} more` : ""}`,
    "change schema.ts so it accepts these documents (e.g. make the field v.optional, or add the old shape with v.union), " +
      "start, migrate the documents with a mutation, then tighten the schema again; or turn validation off for now with " +
      `defineSchema(…, { schemaValidation: false }); or ${RESET_HINT} (this deletes every document and file)`,
  );
}

/** `_storage` documents whose file is gone are served as missing; say so once at start. */
export function warnMissingBlobs(engine: Engine, dataDir: DataDir, logger: Logger): void {
  const missing: string[] = [];
  for (const componentPath of engine.componentPaths()) {
    for (const id of Object.keys(engine.dbOf(componentPath)._documents)) {
      if (tableNameFromId(id) === "_storage" && !fs.existsSync(dataDir.blobPath(id))) missing.push(id);
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
  return engine.componentPaths().reduce((n, p) => n + Object.keys(engine.dbOf(p)._documents).length, 0);
}

/** A clock past the largest timestamp (stored by an older version) would fail every commit. */
function healClock(engine: Engine, logger: Logger | null): void {
  if (engine.currentTs() <= TIMESTAMP_MAX) return;
  logger?.warn("the stored clock was past the largest timestamp; starting it again from the current time");
  engine.resetTs(BigInt(Date.now()) * 1_000_000n);
}

function serialize(engine: Engine, detached: DetachedComponents, walSeq: number): { file: SnapshotFile; storageIds: Set<string> } {
  const components: Record<string, ComponentData> = Object.fromEntries(detached);
  const storageIds = new Set<string>();
  for (const path of engine.componentPaths()) {
    const db = engine.dbOf(path);
    const documents: JSONValue[] = [];
    for (const doc of Object.values(db._documents)) {
      documents.push(convexToJson(doc as Value));
      if (tableNameFromId(doc._id) === "_storage") storageIds.add(doc._id);
    }
    components[path] = { lastCreationTime: db._lastCreationTime, documents };
  }
  for (const data of detached.values()) {
    for (const json of data.documents) {
      const id = (json as { _id?: unknown })._id;
      if (typeof id === "string" && tableNameFromId(id) === "_storage") storageIds.add(id);
    }
  }
  return {
    file: {
      format: FORMAT,
      convexTestVersion: convexTestVersion(),
      nextDocId: engine.db._nextDocId,
      lastCommitTs: engine.currentTs().toString(),
      components,
      scheduledTargets: engine.scheduler.exportTargets(),
      sessionRequests: engine.sessionRequests.export(),
      walSeq,
    },
    storageIds,
  };
}

/** The write-ahead log, and debounced, serialized snapshot writes. */
export class SnapshotWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private closed = false;
  private walFd: number | null = null;
  private loggedTargetsVersion: number;
  /** Session requests recorded by a commit, written with that commit's log line. */
  private pendingRequests: StoredRequest[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly dataDir: DataDir,
    private readonly logger: Logger,
    private readonly detached: DetachedComponents,
    private walSeq: number,
    private readonly delayMs = 100,
  ) {
    this.loggedTargetsVersion = engine.scheduler.targetsVersion;
  }

  /** Append a commit to the log, synchronously: call it from the commit itself. */
  logCommit(ts: bigint, written: Map<string, string[]>): void {
    if (this.closed) return;
    const entry: LogEntry = { ts: ts.toString() };
    if (written.size > 0) {
      entry.n = this.engine.db._nextDocId;
      entry.c = {};
      for (const [componentPath, ids] of written) {
        const db = this.engine.dbOf(componentPath);
        entry.c[componentPath] = {
          t: db._lastCreationTime,
          w: ids.map((id) => [id, id in db._documents ? convexToJson(db._documents[id] as Value) : null]),
        };
      }
    }
    if (this.engine.scheduler.targetsVersion !== this.loggedTargetsVersion) {
      this.loggedTargetsVersion = this.engine.scheduler.targetsVersion;
      entry.st = this.engine.scheduler.exportTargets();
    }
    if (this.pendingRequests.length > 0) {
      entry.rq = this.pendingRequests;
      this.pendingRequests = [];
    }
    if (entry.c || entry.st || entry.rq) this.append(entry);
  }

  /**
   * A session request changed: one recorded by a commit goes into that commit's line (logCommit
   * follows synchronously), a result gets its own line.
   */
  logRequest(stored: StoredRequest, withCommit: boolean): void {
    if (this.closed) return;
    if (withCommit) this.pendingRequests.push(stored);
    else this.append({ rq: [stored] });
    this.markDirty();
  }

  private append(entry: LogEntry): void {
    try {
      this.walFd ??= fs.openSync(path.join(this.dataDir.root, walName(this.walSeq)), "a");
      fs.writeSync(this.walFd, `${JSON.stringify(entry)}\n`);
    } catch (err) {
      this.logger.error(`could not append to the write-ahead log: ${(err as Error).message}`);
    }
  }

  /** Later commits go to a new log file; returns its number. */
  private rotate(): number {
    if (this.walFd !== null) {
      fs.closeSync(this.walFd);
      this.walFd = null;
    }
    this.walSeq += 1;
    return this.walSeq;
  }

  markDirty(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer) return;
    runOutside(() => {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.delayMs);
    });
  }

  /** Write now if anything changed since the last write. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.writing = this.writing.then(async () => {
      if (!this.dirty || this.closed) return;
      // Results of mutations that just committed arrive within microtasks; wait for them so the
      // snapshot holds them (the log would restore them anyway).
      await this.engine.sessionRequests.settled();
      this.dirty = false;
      // From here to serialize() nothing else runs: the snapshot holds every commit logged in
      // the files before `walSeq`, and none after.
      const walSeq = this.rotate();
      const { file, storageIds } = serialize(this.engine, this.detached, walSeq);
      try {
        await this.dataDir.writeJson(SNAPSHOT_FILE, file);
        for (const seq of walFiles(this.dataDir)) {
          if (seq < walSeq) fs.rmSync(path.join(this.dataDir.root, walName(seq)), { force: true });
        }
        // Keep blobs the written snapshot references and blobs stored since it was taken.
        await this.dataDir.collectGarbageBlobs((id) => storageIds.has(id) || this.engine.storage.isLiveBlob(id));
      } catch (err) {
        this.dirty = true;
        this.logger.error(`could not write the snapshot: ${(err as Error).message}`);
      }
    });
    return this.writing;
  }

  /** Final write; later commits (of calls still finishing) are not persisted by this instance. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.walFd !== null) {
      fs.closeSync(this.walFd);
      this.walFd = null;
    }
  }
}
