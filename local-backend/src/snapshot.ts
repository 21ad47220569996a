// Persistence of the database: a JSON snapshot of every committed document (convexToJson),
// system tables included, restored with the same _id and _creationTime. Writes are debounced
// after commits and atomic; blob files of deleted `_storage` documents are removed only after
// a snapshot without them is safely on disk.
import { setTimeout, clearTimeout } from "node:timers";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { DataDir } from "./data-dir.js";
import type { Engine } from "./engine.js";
import { convexTestVersion, counterFromId, type StoredDocument, tableNameFromId } from "./internals.js";
import type { Logger } from "./logger.js";
import { runOutside } from "./run-context.js";

const SNAPSHOT_FILE = "db.json";
const FORMAT = 1;

interface SnapshotFile {
  format: number;
  convexTestVersion: string;
  nextDocId: number;
  lastCreationTime: number;
  lastCommitTs: string;
  documents: JSONValue[];
}

/** Load the snapshot into a fresh engine (before it serves anything). Returns the document count. */
export function restoreSnapshot(engine: Engine, dataDir: DataDir): number {
  const file = dataDir.readJson<SnapshotFile>(SNAPSHOT_FILE);
  if (!file) return 0;
  if (file.format !== FORMAT || !Array.isArray(file.documents)) {
    throw new Error(`local-backend: ${dataDir.root}/${SNAPSHOT_FILE} has an unknown format; use --reset to start over.`);
  }
  const db = engine.db;
  let maxCounter = 0;
  for (const json of file.documents) {
    const doc = jsonToConvex(json) as StoredDocument;
    if (typeof doc._id !== "string" || tableNameFromId(doc._id) === null) {
      throw new Error(`local-backend: invalid document in snapshot: ${JSON.stringify(json).slice(0, 200)}`);
    }
    db._documents[doc._id] = doc;
    maxCounter = Math.max(maxCounter, counterFromId(doc._id));
  }
  db._nextDocId = Math.max(file.nextDocId, maxCounter + 1, db._nextDocId);
  db._lastCreationTime = Math.max(file.lastCreationTime, db._lastCreationTime);
  engine.advanceTsTo(BigInt(file.lastCommitTs));
  return file.documents.length;
}

function serialize(engine: Engine): { file: SnapshotFile; storageIds: Set<string> } {
  const db = engine.db;
  const documents: JSONValue[] = [];
  const storageIds = new Set<string>();
  for (const doc of Object.values(db._documents)) {
    documents.push(convexToJson(doc as Value));
    if (tableNameFromId(doc._id) === "_storage") storageIds.add(doc._id);
  }
  return {
    file: {
      format: FORMAT,
      convexTestVersion: convexTestVersion(),
      nextDocId: db._nextDocId,
      lastCreationTime: db._lastCreationTime,
      lastCommitTs: engine.currentTs().toString(),
      documents,
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
      const { file, storageIds } = serialize(this.engine);
      try {
        await this.dataDir.writeJson(SNAPSHOT_FILE, file);
        // Keep blobs the written snapshot references and blobs stored since it was taken.
        await this.dataDir.collectGarbageBlobs(
          (id) => storageIds.has(id) || this.engine.db._documents[id] !== undefined,
        );
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
