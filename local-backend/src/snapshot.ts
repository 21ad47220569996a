// Persistence of the database: a JSON snapshot of every committed document (convexToJson) of
// the app and of every component, system tables included, restored with the same _id and
// _creationTime. Writes are debounced after commits and atomic; blob files of deleted
// `_storage` documents are removed only after a snapshot without them is safely on disk.
import { setTimeout, clearTimeout } from "node:timers";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { DataDir } from "./data-dir.js";
import type { Engine } from "./engine.js";
import { convexTestVersion, counterFromId, type StoredDocument, tableNameFromId } from "./internals.js";
import type { Logger } from "./logger.js";
import { runOutside } from "./run-context.js";

const SNAPSHOT_FILE = "db.json";
const FORMAT = 2;

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

/** Load the snapshot into a fresh engine (before it serves anything). */
export function restoreSnapshot(engine: Engine, dataDir: DataDir): { documents: number; detached: DetachedComponents } {
  const raw = dataDir.readJson<SnapshotFile | SnapshotFileV1>(SNAPSHOT_FILE);
  const detached: DetachedComponents = new Map();
  if (!raw) return { documents: 0, detached };
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
  return { documents, detached };
}

function serialize(engine: Engine, detached: DetachedComponents): { file: SnapshotFile; storageIds: Set<string> } {
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
    },
    storageIds,
  };
}

/** Debounced, serialized snapshot writes. */
export class SnapshotWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private closed = false;

  constructor(
    private readonly engine: Engine,
    private readonly dataDir: DataDir,
    private readonly logger: Logger,
    private readonly detached: DetachedComponents,
    private readonly delayMs = 100,
  ) {}

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
      this.dirty = false;
      const { file, storageIds } = serialize(this.engine, this.detached);
      try {
        await this.dataDir.writeJson(SNAPSHOT_FILE, file);
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
  }
}
