// The few convex-test internals the local backend relies on, captured once per engine and
// checked for shape, so that a convex-test upgrade that moves them fails loudly at startup
// instead of silently corrupting data.
//
// convex-test keeps its state (database, transaction manager, syscalls) in an object it passes
// to AsyncLocalStorage.run(); we observe those run() calls while one no-op mutation executes.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import { createRequire } from "node:module";
import type { GenericId } from "convex/values";

export const TESTED_CONVEX_TEST_VERSION = "0.0.60";

export type StoredDocument = Record<string, unknown> & { _id: string; _creationTime: number };

export interface DatabaseFake {
  _documents: Record<string, StoredDocument>;
  _storage: Record<string, Blob>;
  _nextDocId: number;
  _lastCreationTime: number;
  _writes: Array<Record<string, StoredDocument | null>>;
  _schema: unknown;
  get(table: string | undefined, id: string): StoredDocument | null;
  insert(table: string, value: Record<string, unknown>): string;
  patch(table: string, id: string, value: Record<string, unknown>): void;
  delete(table: string, id: string): void;
}

export interface TransactionManager {
  _lastCommitTs: bigint;
  commit(isNested: boolean): bigint | null;
  begin(isNested: boolean, transactionLimits?: unknown): Promise<void>;
  getMetricsTracker?(): { trackScheduledFunction?(size: number): void } | null;
}

export type AsyncSyscall = (op: string, jsonArgs: string) => Promise<string>;
export type JsSyscall = (op: string, args: Record<string, unknown>) => Promise<unknown>;

export interface ConvexGlobal {
  components: Record<string, { db: DatabaseFake; modules: unknown }>;
  transactionManager: TransactionManager;
  syscall: (op: string, jsonArgs: string) => string;
  asyncSyscall: AsyncSyscall;
  jsSyscall: JsSyscall;
}

export interface ExecutionContext {
  udfPath: string;
  udfType: string;
  componentPath: string;
  /** 1 for the outermost function of a call, more for nested ctx.run* calls. */
  depth?: number;
}

/** The parts of convex-test's public accessor we call. */
export interface ConvexTestAccessor {
  query(fn: unknown, args?: unknown): Promise<unknown>;
  mutation(fn: unknown, args?: unknown): Promise<unknown>;
  action(fn: unknown, args?: unknown): Promise<unknown>;
  run<T>(handler: (ctx: unknown) => Promise<T>): Promise<T>;
  withIdentity(identity: Record<string, unknown>): ConvexTestAccessor;
}
export interface ConvexTestInstance extends ConvexTestAccessor {
  registerComponent(path: string, schema: unknown, modules: Record<string, () => Promise<unknown>>): void;
  finishInProgressScheduledFunctions(): Promise<void>;
}

export interface Internals {
  global: ConvexGlobal;
  db: DatabaseFake;
  /** Set while the current async context is inside a query or mutation transaction. */
  nestedTx: AsyncLocalStorage<unknown>;
  /** The innermost running function (udfPath, udfType). */
  executionContext: AsyncLocalStorage<ExecutionContext>;
}

export function convexTestVersion(): string {
  const require = createRequire(import.meta.url);
  try {
    const pkgPath = require.resolve("convex-test/package.json");
    return (JSON.parse(fs.readFileSync(pkgPath, "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

export class InternalsMismatchError extends Error {
  constructor(missing: string[]) {
    super(
      `local-backend: the installed convex-test (${convexTestVersion()}) does not have the internals ` +
        `local-backend relies on (written against convex-test ${TESTED_CONVEX_TEST_VERSION}).\n` +
        `Missing or changed: ${missing.join(", ")}.\n` +
        `Pin convex-test to ${TESTED_CONVEX_TEST_VERSION} (npm install --save-exact convex-test@${TESTED_CONVEX_TEST_VERSION}) ` +
        `or update local-backend/src/convex-test-adapter/internals.ts for the new version. No data was touched.`,
    );
    this.name = "InternalsMismatchError";
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** Observe AsyncLocalStorage.run() while a no-op mutation runs and pick convex-test's stores by shape. */
export async function captureInternals(t: ConvexTestInstance): Promise<Internals> {
  const seen: Array<[AsyncLocalStorage<unknown>, unknown]> = [];
  const proto = AsyncLocalStorage.prototype as unknown as { run: (...args: unknown[]) => unknown };
  const originalRun = proto.run;
  proto.run = function (this: AsyncLocalStorage<unknown>, store: unknown, ...rest: unknown[]) {
    seen.push([this, store]);
    return originalRun.call(this, store, ...rest);
  };
  try {
    await t.mutation(() => Promise.resolve(null), {});
  } finally {
    proto.run = originalRun;
  }

  const find = (pred: (store: Record<string, unknown>) => boolean) => seen.find(([, store]) => isObject(store) && pred(store));
  const globalEntry = find((s) => isObject(s.components) && isObject(s.transactionManager));
  const nestedEntry = find((s) => typeof s.acquire === "function" && typeof s.release === "function");
  const execEntry = find((s) => typeof s.udfPath === "string" && typeof s.udfType === "string");

  const missing: string[] = [];
  if (!globalEntry) missing.push("convexGlobal store (components, transactionManager)");
  if (!nestedEntry) missing.push("nestedTxStorage (NestedLock store)");
  if (!execEntry) missing.push("executionContextStorage (udfPath, udfType)");
  const global = globalEntry?.[1] as ConvexGlobal | undefined;
  const db = global?.components?.[""]?.db;
  if (global) {
    for (const key of ["syscall", "asyncSyscall", "jsSyscall"] as const) {
      if (typeof global[key] !== "function") missing.push(`convexGlobal.${key}`);
    }
    const tm = global.transactionManager as Partial<TransactionManager>;
    if (typeof tm.commit !== "function") missing.push("transactionManager.commit");
    if (typeof tm.begin !== "function") missing.push("transactionManager.begin");
    if (typeof tm._lastCommitTs !== "bigint") missing.push("transactionManager._lastCommitTs");
    if (!db) missing.push('components[""].db');
  }
  if (db) {
    const d = db as unknown as Record<string, unknown>;
    for (const key of ["_documents", "_storage"]) if (!isObject(d[key])) missing.push(`DatabaseFake.${key}`);
    for (const key of ["_nextDocId", "_lastCreationTime"]) {
      if (typeof d[key] !== "number") missing.push(`DatabaseFake.${key}`);
    }
    if (!Array.isArray(d._writes)) missing.push("DatabaseFake._writes");
    if (!("_schema" in d)) missing.push("DatabaseFake._schema");
    for (const key of ["get", "insert", "patch", "delete"]) {
      if (typeof d[key] !== "function") missing.push(`DatabaseFake.${key}()`);
    }
  }
  if (typeof (t as unknown as Record<string, unknown>).registerComponent !== "function") {
    missing.push("convexTest().registerComponent");
  }
  if (missing.length > 0 || !global || !db || !nestedEntry || !execEntry) {
    throw new InternalsMismatchError(missing);
  }
  return {
    global,
    db,
    nestedTx: nestedEntry[0],
    executionContext: execEntry[0] as AsyncLocalStorage<ExecutionContext>,
  };
}

/** convex-test ids are `<zero-padded counter><table>`. */
export function tableNameFromId(id: string): string | null {
  const match = /^[0-9]+/.exec(id);
  if (!match || match[0].length === id.length) return null;
  return id.slice(match[0].length);
}

export function counterFromId(id: string): number {
  const match = /^[0-9]+/.exec(id);
  return match ? Number(match[0]) : 0;
}

export type StorageId = GenericId<"_storage">;

/** The writes of the innermost open transaction of a component's database (by id; null: deleted). */
export function pendingWritesOf(db: DatabaseFake): Record<string, StoredDocument | null> {
  return db._writes.at(-1) ?? {};
}

export function lastCreationTimeOf(db: DatabaseFake): number {
  return db._lastCreationTime;
}

/** The counter the next document id gets (shared by every component's database). */
export function nextDocIdOf(db: DatabaseFake): number {
  return db._nextDocId;
}

/** Run a commit with Date.now() answering `ms`: convex-test derives the commit timestamp from it. */
export function commitAt<T>(ms: number, commit: () => T): T {
  const realNow = Date.now;
  Date.now = () => ms;
  try {
    return commit();
  } finally {
    Date.now = realNow;
  }
}

/** Restoring: put a committed document in place (or remove it: null), outside any transaction. */
export function setCommittedDocument(db: DatabaseFake, id: string, doc: StoredDocument | null): void {
  if (doc === null) delete db._documents[id];
  else db._documents[id] = doc;
}

/** Restoring: creation times only grow, so new documents are created after the restored ones. */
export function raiseLastCreationTime(db: DatabaseFake, creationTime: number): void {
  db._lastCreationTime = Math.max(db._lastCreationTime, creationTime);
}
