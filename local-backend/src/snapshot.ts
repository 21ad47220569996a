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
import type { DataDir } from "./data-dir.js";
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

function loadComponent(engine: Engine, path: string, data: ComponentData): number {
  const db = engine.dbOf(path);
  let maxCounter = 0;
  for (const json of data.documents) {
    const doc = jsonToConvex(json) as StoredDocument;
    if (typeof doc._id !== "string" || tableNameFromId(doc._id) === null) {
      throw new Error(`local-backend: invalid document in snapshot: ${JSON.stringify(json).slice(0, 200)}`);
    }
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

/** Apply one logged commit to the restored data. */
function replayEntry(engine: Engine, detached: DetachedComponents, entry: LogEntry): void {
  for (const [componentPath, { t, w }] of Object.entries(entry.c ?? {})) {
    if (engine.componentPaths().includes(componentPath)) {
      const db = engine.dbOf(componentPath);
      for (const [id, json] of w) {
        if (json === null) delete db._documents[id];
        else db._documents[id] = jsonToConvex(json) as StoredDocument;
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

/** Replay the write-ahead log from `fromSeq` on; returns the number of commits replayed. */
function replayLog(engine: Engine, dataDir: DataDir, detached: DetachedComponents, fromSeq: number, logger: Logger | null): number {
  let commits = 0;
  for (const seq of walFiles(dataDir)) {
    const file = path.join(dataDir.root, walName(seq));
    if (seq < fromSeq) {
      fs.rmSync(file, { force: true });
      continue;
    }
    const lines = fs.readFileSync(file, "utf8").split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] === "") continue;
      let entry: LogEntry;
      try {
        entry = JSON.parse(lines[i]) as LogEntry;
      } catch {
        // A line cut short by a kill while it was written: that commit was never acknowledged.
        if (lines.slice(i + 1).some((l) => l !== "")) logger?.warn(`${walName(seq)}: skipping an unreadable line ${i + 1}`);
        continue;
      }
      replayEntry(engine, detached, entry);
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
}

/** Load the snapshot and replay the write-ahead log into a fresh engine (before it serves anything). */
export function restoreSnapshot(engine: Engine, dataDir: DataDir, logger: Logger | null = null): RestoredData {
  const raw = dataDir.readJson<SnapshotFile | SnapshotFileV1>(SNAPSHOT_FILE);
  const detached: DetachedComponents = new Map();
  const existing = walFiles(dataDir);
  const nextSeq = Math.max(0, ...existing) + 1;
  if (!raw) {
    const replayed = replayLog(engine, dataDir, detached, 0, logger);
    return { documents: countDocuments(engine), detached, replayed, walSeq: nextSeq };
  }
  const file = upgrade(raw);
  if (file.format !== FORMAT || typeof file.components !== "object" || file.components === null) {
    throw new Error(`local-backend: ${dataDir.root}/${SNAPSHOT_FILE} has an unknown format; use --reset to start over.`);
  }
  const mounted = new Set(engine.componentPaths());
  let documents = 0;
  for (const [path, data] of Object.entries(file.components)) {
    if (!Array.isArray(data.documents)) throw new Error(`local-backend: invalid component "${path}" in snapshot`);
    if (mounted.has(path)) documents += loadComponent(engine, path, data);
    else detached.set(path, data);
  }
  engine.advanceIdCounterTo(file.nextDocId);
  engine.advanceTsTo(BigInt(file.lastCommitTs));
  engine.scheduler.importTargets(file.scheduledTargets);
  for (const request of file.sessionRequests ?? []) engine.sessionRequests.load(request);
  const replayed = replayLog(engine, dataDir, detached, file.walSeq ?? 0, logger);
  if (replayed > 0) documents = countDocuments(engine);
  healClock(engine, logger);
  return { documents, detached, replayed, walSeq: Math.max(nextSeq, (file.walSeq ?? 0) + 1) };
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
