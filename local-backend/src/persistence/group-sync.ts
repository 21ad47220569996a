// Group commit for the write-ahead log. A commit's line is written synchronously (so a full disk
// still refuses the commit before it is applied), and made durable by an fdatasync. When other
// commits are waiting, or the disk is slow, that sync runs off the event loop and covers every
// line written before it started: one sync serves many commits, and the event loop does not wait
// for the disk. A lone commit on a fast disk is synced in place, which costs less than the trip
// to the thread pool and back. Nothing that reveals a commit may leave the process before
// `durable()` resolves (the engine's callers wait for it), so a kill at any moment still loses
// no acknowledged write.
import fs from "node:fs";

/** Syncs faster than this (on average) are done in place for a lone commit. */
const IN_PLACE_SYNC_MS = 1;

export class GroupSync {
  /** Lines written, and lines known to be on disk (counted across log files). */
  private written = 0;
  private synced = 0;
  private syncing = false;
  /** Recent sync durations, smoothed. */
  private syncMs = 0;
  /** The log file lines are being written to. */
  private fd: number | null = null;
  private waiters: Array<{ upTo: number; resolve: () => void; reject: (err: Error) => void }> = [];
  /** Log files rotated away while a sync of theirs was running: closed when it ends. */
  private readonly closeAfterSync = new Set<number>();
  /** Set once a sync failed: what was written since may not be on disk, so nothing more is acknowledged. */
  failure: Error | null = null;

  constructor(private readonly onFailure: (err: Error) => void) {}

  /** A line was written to `fd`: sync it now (`alone`: no other commit is waiting) or soon. */
  wrote(fd: number, alone: boolean): void {
    this.written += 1;
    this.fd = fd;
    if (alone && !this.syncing && !this.failure && this.syncMs < IN_PLACE_SYNC_MS) {
      const started = performance.now();
      try {
        this.syncNow(fd);
      } catch {
        // Recorded: this commit (applied, and in the log) is never acknowledged, nor any after it.
        return;
      }
      this.measured(performance.now() - started);
      return;
    }
    this.startSync();
  }

  /** Resolves once every line written so far is on disk; rejects if a sync failed. */
  durable(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.synced >= this.written) return RESOLVED;
    const upTo = this.written;
    return new Promise((resolve, reject) => this.waiters.push({ upTo, resolve, reject }));
  }

  /** Sync `fd` now, synchronously (before it is closed or cut): everything written so far is durable. */
  syncNow(fd: number): void {
    try {
      fs.fdatasyncSync(fd);
    } catch (err) {
      this.fail(err as Error);
      throw err;
    }
    this.settle(this.written);
  }

  /** Close a log file, once any sync of it has finished (its number must not be reused before). */
  close(fd: number): void {
    if (this.fd === fd) this.fd = null;
    if (this.syncing) this.closeAfterSync.add(fd);
    else fs.closeSync(fd);
  }

  private startSync(): void {
    if (this.syncing || this.failure || this.fd === null || this.synced >= this.written) return;
    this.syncing = true;
    const upTo = this.written;
    const started = performance.now();
    fs.fdatasync(this.fd, (err) => {
      this.syncing = false;
      this.measured(performance.now() - started);
      for (const closing of this.closeAfterSync) closeQuietly(closing);
      this.closeAfterSync.clear();
      if (err) {
        this.fail(err);
        return;
      }
      this.settle(upTo);
      // Lines written while this sync ran (to this file or, after a rotation, to the next one).
      this.startSync();
    });
  }

  private measured(ms: number): void {
    this.syncMs = this.syncMs * 0.9 + ms * 0.1;
  }

  private settle(upTo: number): void {
    if (upTo <= this.synced) return;
    this.synced = upTo;
    const still: typeof this.waiters = [];
    for (const waiter of this.waiters) {
      if (waiter.upTo <= upTo) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }

  private fail(err: Error): void {
    this.failure = err;
    for (const waiter of this.waiters) waiter.reject(err);
    this.waiters = [];
    this.onFailure(err);
  }
}

const RESOLVED = Promise.resolve();

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // every line in it was synced (or the failure is already reported)
  }
}
