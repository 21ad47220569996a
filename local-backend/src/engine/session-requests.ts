// Mutations over the sync protocol run once per (session, request id), as on Convex (its
// `_session_requests` table): after a dropped connection the client reconnects with the same
// session id and resends every mutation it has no answer for, and the first run's outcome is
// answered again instead of running it twice. A record is made when the mutation commits (in the
// same synchronous step as the commit, so a snapshot holds both or neither) and gets its result
// once the call returns; records are persisted with the database and kept two weeks, as
// Convex's cleanup keeps them.
import { convexToJson, type JSONValue, type Value } from "convex/values";
import { runContext } from "./run-context.js";

const RETENTION_MS = 14 * 24 * 60 * 60 * 1000;
const MAX_RECORDS = 10_000;

export interface RequestRecord {
  /** Commit timestamp of the mutation. */
  ts: bigint;
  /** convexToJson of its result; undefined while the call is returning (or if that was lost). */
  result: JSONValue | undefined;
  logLines: string[];
  /** When it ran (ms), for retention. */
  at: number;
}

/** How records are stored in the snapshot and the write-ahead log. */
export type StoredRequest = [key: string, ts: string, at: number, result?: JSONValue, logLines?: string[]];

/** What the mutation committing now returned, if its handler has returned. */
function returnedByRunningCall(): { result: JSONValue; logLines: string[] } | null {
  const call = runContext.getStore();
  if (!call?.mutationResult) return null;
  return { result: convexToJson((call.mutationResult.value ?? null) as Value), logLines: [...call.logLines] };
}

export function requestKey(sessionId: string, requestId: number): string {
  return `${sessionId}\u0000${requestId}`;
}

export class SessionRequests {
  private readonly records = new Map<string, RequestRecord>();
  private readonly running = new Map<string, Promise<unknown>>();
  private unresolved = 0;
  /** The request key of each `committed` hook handed out by `execute`. */
  private readonly hookKeys = new WeakMap<(ts: bigint) => void, string>();
  private waiters: Array<() => void> = [];
  /**
   * @param onChange called with each record made (`withCommit`: synchronously inside its commit,
   * before the commit's listeners) or completed: the write-ahead log.
   */
  constructor(private readonly onChange: (stored: StoredRequest, withCommit: boolean) => void = () => undefined) {}

  get(key: string): RequestRecord | undefined {
    return this.records.get(key);
  }

  /** The promise of a run of this request that has not finished yet. */
  inFlight(key: string): Promise<unknown> | undefined {
    return this.running.get(key);
  }

  /**
   * Run a request once: a second call with the same key while the first runs gets the first's
   * promise. `run` receives the hook to call when the mutation commits.
   */
  execute<T>(key: string, run: (onCommit: (ts: bigint) => void) => Promise<T>): Promise<T> {
    const existing = this.running.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const onCommit = (ts: bigint) => this.committed(key, ts);
    this.hookKeys.set(onCommit, key);
    const promise = run(onCommit);
    this.running.set(key, promise);
    const done = () => {
      if (this.running.get(key) === promise) this.running.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /**
   * The record a commit at `ts` will make if its transaction hooks' `committed` is one that
   * `execute` handed out, as stored: the write-ahead log writes it with the commit, before the
   * commit is applied (so the two are durable together or not at all).
   */
  recordFor(hooks: { committed?: unknown } | undefined, ts: bigint): StoredRequest | null {
    const hook = hooks?.committed;
    const key = typeof hook === "function" ? this.hookKeys.get(hook as (ts: bigint) => void) : undefined;
    if (key === undefined) return null;
    const returned = returnedByRunningCall();
    return returned ? [key, ts.toString(), Date.now(), returned.result, returned.logLines] : [key, ts.toString(), Date.now()];
  }

  /** The mutation committed: from now on it must never run again. */
  private committed(key: string, ts: bigint): void {
    this.evict();
    // The result is known before the commit, so usually it is recorded (and logged) with it.
    const returned = returnedByRunningCall();
    this.records.set(key, { ts, result: returned?.result, logLines: returned?.logLines ?? [], at: Date.now() });
    if (!returned) this.unresolved += 1;
    this.onChange(this.store(key), true);
  }

  /** Its result, once the call returned. */
  complete(key: string, result: JSONValue, logLines: string[]): void {
    const record = this.records.get(key);
    if (!record || record.result !== undefined) return;
    record.result = result;
    record.logLines = logLines;
    this.resolved();
    this.onChange(this.store(key), false);
  }

  /** The call failed after committing (should not happen): keep the record without a result. */
  abandon(key: string): void {
    const record = this.records.get(key);
    if (record && record.result === undefined) this.resolved();
  }

  private resolved(): void {
    this.unresolved = Math.max(0, this.unresolved - 1);
    if (this.unresolved === 0) this.waiters.splice(0).forEach((w) => w());
  }

  /**
   * Resolves when no committed mutation is still returning its result (a matter of microtasks),
   * so a snapshot taken right after holds every result.
   */
  async settled(maxRounds = 50): Promise<void> {
    for (let round = 0; round < maxRounds && this.unresolved > 0; round++) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setImmediate(resolve);
      });
    }
  }

  private store(key: string): StoredRequest {
    const r = this.records.get(key)!;
    return r.result === undefined ? [key, r.ts.toString(), r.at] : [key, r.ts.toString(), r.at, r.result, r.logLines];
  }

  private evict(): void {
    const cutoff = Date.now() - RETENTION_MS;
    for (const [key, record] of this.records) {
      if (this.records.size < MAX_RECORDS && record.at >= cutoff) break;
      if (record.result === undefined && this.running.has(key)) continue;
      this.records.delete(key);
    }
  }

  export(): StoredRequest[] {
    return [...this.records.keys()].map((key) => this.store(key));
  }

  /** Restore (snapshot, then write-ahead log): later entries for a key replace earlier ones. */
  load(stored: StoredRequest): void {
    const [key, ts, at, result, logLines] = stored;
    if (typeof key !== "string" || typeof ts !== "string") return;
    this.records.delete(key);
    this.records.set(key, { ts: BigInt(ts), at: Number(at) || Date.now(), result, logLines: logLines ?? [] });
  }
}
