// What the engine asks of persistence (the write-ahead log and snapshots, snapshot.ts): it hands
// over a record of each top-level commit before applying it, and waits for what it applied to
// be durable. The engine builds the record; persistence reads nothing else to log a commit.
import type { JSONValue } from "convex/values";
import type { StoredRequest } from "./session-requests.js";

/** One top-level commit as it will be applied: what the write-ahead log writes. */
export interface CommitRecord {
  /** The commit timestamp the engine applies it at. */
  ts: bigint;
  /** The id counter after the commit (when it wrote documents). */
  nextDocId?: number;
  /** Per component written: its last creation time and each written document's value at `ts` (null: deleted). */
  components?: Map<string, { lastCreationTime: number; documents: Array<[string, JSONValue | null]> }>;
  /** The whole map of cross-component job targets, when this commit changed it. */
  scheduledTargets?: Record<string, string>;
  /** The session request (a sync-protocol mutation) this commit records. */
  request?: StoredRequest;
}

export interface Persistence {
  /**
   * Log a commit ahead of applying it (synced soon, see `durable`). Throws, so the transaction
   * rolls back, if it cannot be logged; returns how to take the record back out should
   * applying it fail, or null when nothing was logged (a commit that changed nothing stored).
   */
  writeAhead(commit: CommitRecord): (() => void) | null;
  /** Resolves once every commit applied so far is on disk (rejects if the disk failed). */
  durable(): Promise<void>;
  /**
   * A session request's record changed: made by a commit (`withCommit`; usually already in
   * that commit's record) or completed with its result afterwards.
   */
  requestChanged(stored: StoredRequest, withCommit: boolean): void;
}
