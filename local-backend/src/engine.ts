// The execution engine: one convex-test instance running the bundled app, with a few syscalls
// replaced so storage URLs are real, scheduled functions run on the server's own timers, and
// queries report what they read (to be re-run only when that changes).
import { createHash, randomUUID } from "node:crypto";
import { clearTimeout, setTimeout } from "node:timers";
import { convexTest } from "convex-test";
import { httpActionGeneric, makeFunctionReference } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { type BuiltApp, BuildError, canonicalUdfPath, findFunction, type RegisteredFunction } from "./build.js";
import type { DataDir } from "./data-dir.js";
import {
  captureInternals,
  type ConvexGlobal,
  type ConvexTestAccessor,
  type ConvexTestInstance,
  type DatabaseFake,
  type Internals,
  type StoredDocument,
  tableNameFromId,
  type TransactionManager,
} from "./internals.js";
import { installDocumentLimits, installTransactionLimits } from "./limits/index.js";
import type { Logger } from "./logger.js";
import { newRunContext, runContext, runOutside, type RunContext } from "./run-context.js";
import { installSearch } from "./search/index.js";

/** Per-database behaviour that must match Convex: search ranking and document limits. */
function installDatabaseHooks(db: DatabaseFake): void {
  installSearch(db);
  installDocumentLimits(db);
}

export type FunctionKind = "query" | "mutation" | "action";
export type Identity = Record<string, unknown> & { tokenIdentifier: string; subject: string; issuer: string };

interface OutcomeBase {
  logLines: string[];
  /** Tables read by a query (whole-table granularity). */
  reads: Set<string>;
  /** Pagination journal to send back with a query result. */
  journal: string | null;
}
export interface SuccessOutcome extends OutcomeBase {
  ok: true;
  value: Value;
  commitTs: bigint | null;
}
export interface FailureOutcome extends OutcomeBase {
  ok: false;
  errorMessage: string;
  errorData?: JSONValue;
}
export type Outcome = SuccessOutcome | FailureOutcome;

export type CommitListener = (tables: Set<string>, ts: bigint) => void;

export interface RunOptions {
  identity?: Identity | null;
  journal?: string | null;
  /** Terminal name for code that has no function path (http actions, uploads). */
  name?: string;
}

const SWAP_COMPONENT = "__local_backend_swap__";
const MAX_TIMER_MS = 2 ** 31 - 1;
const QUERY_CACHE_LIMIT = 10_000;

export function kindOf(fn: RegisteredFunction): FunctionKind | "httpAction" {
  if (fn.isQuery) return "query";
  if (fn.isMutation) return "mutation";
  if (fn.isAction) return "action";
  return "httpAction";
}

function capitalized(kind: string): string {
  return kind === "httpAction" ? "HttpAction" : kind[0].toUpperCase() + kind.slice(1);
}

function isConvexError(e: unknown): e is Error & { data: Value } {
  return typeof e === "object" && e !== null && Symbol.for("ConvexError") in e;
}

export function describeError(e: unknown): { errorMessage: string; errorData?: JSONValue } {
  if (isConvexError(e)) {
    return { errorMessage: `Uncaught ConvexError: ${e.message}`, errorData: convexToJson(e.data ?? null) };
  }
  if (e instanceof Error) return { errorMessage: `Uncaught ${e.name}: ${e.message}` };
  return { errorMessage: `Uncaught ${String(e)}` };
}

function parseJournal(journal: string | null | undefined): string | null {
  if (!journal) return null;
  try {
    const parsed = JSON.parse(journal) as { endCursor?: unknown };
    return typeof parsed.endCursor === "string" ? parsed.endCursor : null;
  } catch {
    return null;
  }
}

function tableOfQuerySource(source: { type: string; tableName?: string; indexName?: string }): string | null {
  if (source.tableName) return source.tableName;
  if (source.indexName) return source.indexName.split(".")[0] ?? null;
  return null;
}

export class Engine {
  app: BuiltApp;
  readonly t: ConvexTestInstance;
  private readonly internals: Internals;
  private readonly global: ConvexGlobal;
  readonly db: DatabaseFake;
  private readonly tm: TransactionManager;
  private readonly logger: Logger;
  private readonly dataDir: DataDir;
  private readonly cloudUrl: string;
  private readonly listeners = new Set<CommitListener>();
  private readonly queryCache = new Map<string, Outcome>();
  private readonly queryRuns = new Map<string, { promise: Promise<Outcome>; commitCount: number; codeVersion: number }>();
  private readonly jobTimers = new Map<string, NodeJS.Timeout>();
  private readonly uploadTokens = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Incremented on every top-level commit; lets caches detect a commit during a run. */
  commitCount = 0;
  codeVersion = 0;
  private stopped = false;

  private constructor(app: BuiltApp, t: ConvexTestInstance, internals: Internals, opts: EngineOptions) {
    this.app = app;
    this.t = t;
    this.internals = internals;
    this.global = internals.global;
    this.db = internals.db;
    this.tm = internals.global.transactionManager;
    this.logger = opts.logger;
    this.dataDir = opts.dataDir;
    this.cloudUrl = opts.cloudUrl;
  }

  static async create(opts: EngineOptions): Promise<Engine> {
    const t = (convexTest as (schema: unknown, modules: unknown) => unknown)(
      opts.app.schema ?? undefined,
      opts.app.modules,
    ) as ConvexTestInstance;
    const internals = await captureInternals(t);
    const engine = new Engine(opts.app, t, internals, opts);
    engine.installHooks();
    installTransactionLimits(internals.global.transactionManager);
    installDatabaseHooks(internals.db);
    return engine;
  }

  // ---------------------------------------------------------------- code and clock

  /** Swap in newly built code, keeping all data. */
  swap(app: BuiltApp): void {
    // registerComponent builds a module loader and a schema-checked database exactly like
    // convexTest() does; take both for the root component and drop the temporary component.
    // All of this is synchronous, so no transaction can observe the temporary component.
    try {
      this.t.registerComponent(SWAP_COMPONENT, app.schema ?? null, app.modules);
      const temp = this.global.components[SWAP_COMPONENT];
      const root = this.global.components[""];
      root.modules = temp.modules;
      root.db._schema = temp.db._schema;
    } catch (err) {
      throw new BuildError(`Invalid schema: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      delete this.global.components[SWAP_COMPONENT];
    }
    this.app = app;
    this.codeVersion += 1;
    this.queryCache.clear();
  }

  currentTs(): bigint {
    return this.tm._lastCommitTs;
  }

  /** Keep the clock at or after a timestamp a client has already seen. */
  advanceTsTo(ts: bigint): void {
    if (ts > this.tm._lastCommitTs) this.tm._lastCommitTs = ts;
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------------------------------------------------------------- running functions

  lookup(udfPath: string): RegisteredFunction | null {
    return findFunction(this.app, udfPath);
  }

  /** Checks what a client may call: public functions of the expected kind (admins: any). */
  checkCallable(udfPath: string, expected: FunctionKind | "any", admin: boolean): { kind: FunctionKind } | { error: string } {
    const canonical = canonicalUdfPath(udfPath);
    const fn = this.lookup(udfPath);
    if (!fn || (!fn.isPublic && !admin) || fn.isHttp) {
      return {
        error: `Could not find public function for '${canonical}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
      };
    }
    const kind = kindOf(fn) as FunctionKind;
    if (expected !== "any" && kind !== expected) {
      return { error: `Trying to execute ${canonical} as ${capitalized(expected)}, but it is defined as ${capitalized(kind)}.` };
    }
    return { kind };
  }

  private accessor(identity: Identity | null | undefined): ConvexTestAccessor {
    return identity ? this.t.withIdentity(identity) : this.t;
  }

  private printer(ctx: () => RunContext): RunContext["print"] {
    return (level, message) => {
      const exec = this.internals.executionContext.getStore();
      const name =
        exec && !["inline", "custom", "http"].includes(exec.udfPath) ? exec.udfPath : ctx().name;
      this.logger.functionLog(name, level, message);
    };
  }

  private newContext(name: string, journal: string | null): RunContext {
    const ctx: RunContext = newRunContext(name, () => undefined, parseJournal(journal));
    ctx.print = this.printer(() => ctx);
    return ctx;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Run a function by path with Convex-encoded args already decoded. Never throws. */
  async run(kind: FunctionKind, udfPath: string, args: Record<string, Value>, opts: RunOptions = {}): Promise<Outcome> {
    const canonical = canonicalUdfPath(udfPath);
    const ctx = this.newContext(opts.name ?? canonical, opts.journal ?? null);
    const accessor = this.accessor(opts.identity);
    const ref = makeFunctionReference(canonical);
    try {
      const value = (await this.track(runContext.run(ctx, () => accessor[kind](ref, args)))) as Value;
      return {
        ok: true,
        value,
        logLines: ctx.logLines,
        reads: ctx.reads,
        journal: ctx.journalOut === null ? null : JSON.stringify({ endCursor: ctx.journalOut }),
        commitTs: ctx.commitTs,
      };
    } catch (err) {
      if (isConvexError(err)) this.logger.functionLog(canonical, "WARN", `ConvexError: ${err.message}`);
      else this.logger.functionError(canonical, err);
      return { ok: false, ...describeError(err), logLines: ctx.logLines, reads: ctx.reads, journal: null };
    }
  }

  /** Queries are deterministic: share one result among all subscribers until a read table changes. */
  async runQueryCached(udfPath: string, args: Record<string, Value>, argsJson: string, identity: Identity | null, journal: string | null): Promise<Outcome> {
    const key = `${canonicalUdfPath(udfPath)}\u0000${argsJson}\u0000${identity ? JSON.stringify(identity) : ""}\u0000${journal ?? ""}`;
    const hit = this.queryCache.get(key);
    if (hit) return hit;
    // Subscribers refreshing at the same moment share one run, but only one started after the
    // latest commit: an older run could miss a write the caller is about to report as visible.
    const running = this.queryRuns.get(key);
    if (running && running.commitCount === this.commitCount && running.codeVersion === this.codeVersion) {
      return running.promise;
    }
    const commitsBefore = this.commitCount;
    const codeBefore = this.codeVersion;
    const promise = this.run("query", udfPath, args, { identity, journal });
    const entry = { promise, commitCount: commitsBefore, codeVersion: codeBefore };
    this.queryRuns.set(key, entry);
    const outcome = await promise;
    if (this.queryRuns.get(key) === entry) this.queryRuns.delete(key);
    if (this.commitCount === commitsBefore && this.codeVersion === codeBefore) {
      if (this.queryCache.size >= QUERY_CACHE_LIMIT) this.queryCache.clear();
      this.queryCache.set(key, outcome);
    }
    return outcome;
  }

  /** Serve an HTTP action from the app's router with the request's real URL. */
  async runHttpAction(route: unknown, request: Request, identity: Identity | null, name: string): Promise<Response> {
    const ctx = this.newContext(name, null);
    let response: Response | undefined;
    const handler = (typeof route === "function" && "_handler" in route ? route._handler : route) as (
      ctx: unknown,
      request: Request,
    ) => Promise<Response>;
    try {
      await this.track(
        runContext.run(ctx, () =>
          this.accessor(identity).action(async (actionCtx: Record<string, unknown>) => {
            // Same wiring as convex-test's t.fetch, but inside an action so that the request keeps
            // its real URL and auth comes from the request's Authorization header.
            const wrapped = httpActionGeneric((httpCtx, req) =>
              handler(
                {
                  ...httpCtx,
                  runQuery: actionCtx.runQuery,
                  runMutation: actionCtx.runMutation,
                  runAction: actionCtx.runAction,
                  auth: actionCtx.auth,
                },
                req,
              ),
            ) as unknown as { invokeHttpAction(request: Request): Promise<Response> };
            response = await wrapped.invokeHttpAction(request);
            return null;
          }, {}),
        ),
      );
    } catch (err) {
      this.logger.functionError(name, err);
      return new Response(describeError(err).errorMessage, { status: 500 });
    }
    return response ?? new Response(null, { status: 204 });
  }

  /** Wait for calls in progress (used before a final snapshot). */
  async settle(timeoutMs = 2000): Promise<void> {
    const deadline = new Promise((resolve) => runOutside(() => setTimeout(resolve, timeoutMs).unref()));
    await Promise.race([Promise.allSettled([...this.inFlight]), deadline]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.jobTimers.values()) clearTimeout(timer);
    this.jobTimers.clear();
  }

  // ---------------------------------------------------------------- storage

  uploadUrl(): string {
    const token = randomUUID();
    this.uploadTokens.set(token, Date.now() + 60 * 60 * 1000);
    return `${this.cloudUrl}/api/storage/upload?token=${token}`;
  }

  consumeUploadToken(token: string | null): boolean {
    if (!token) return false;
    const expiry = this.uploadTokens.get(token);
    this.uploadTokens.delete(token);
    return expiry !== undefined && expiry > Date.now();
  }

  storageUrl(storageId: string): string {
    return `${this.cloudUrl}/api/storage/${storageId}`;
  }

  storageDoc(storageId: string): StoredDocument | null {
    if (tableNameFromId(storageId) !== "_storage") return null;
    return this.db._documents[storageId] ?? null;
  }

  /** Store bytes as a new `_storage` document in its own transaction; returns the storage id. */
  async storeBlob(bytes: Uint8Array, contentType: string | null): Promise<string> {
    const sha256 = createHash("sha256").update(bytes).digest("base64");
    const staged = await this.dataDir.stageBlob(bytes);
    try {
      const storageId = await this.transact(() =>
        this.db.insert("_storage", { sha256, size: bytes.byteLength, ...(contentType ? { contentType } : {}) }),
      );
      await this.dataDir.commitBlob(staged, storageId);
      return storageId;
    } catch (err) {
      await this.dataDir.discardStaged(staged);
      throw err;
    }
  }

  async readBlob(storageId: string): Promise<Blob | null> {
    const doc = this.db.get("_storage", storageId);
    if (!doc) return null;
    const bytes = await this.dataDir.readBlob(storageId);
    if (!bytes) return null;
    return new Blob([new Uint8Array(bytes)], { type: typeof doc.contentType === "string" ? doc.contentType : "" });
  }

  // ---------------------------------------------------------------- scheduler

  scheduleJob(jobId: string, atMs: number): void {
    if (this.stopped) return;
    runOutside(() => {
      const existing = this.jobTimers.get(jobId);
      if (existing) clearTimeout(existing);
      const delay = Math.min(Math.max(0, atMs - Date.now()), MAX_TIMER_MS);
      this.jobTimers.set(
        jobId,
        setTimeout(() => {
          this.jobTimers.delete(jobId);
          if (Date.now() < atMs) this.scheduleJob(jobId, atMs);
          else void this.runScheduledJob(jobId);
        }, delay),
      );
    });
  }

  /** After a restart: re-arm pending jobs; an action interrupted mid-run is marked failed. */
  async restoreScheduledJobs(): Promise<number> {
    let restored = 0;
    for (const [id, doc] of Object.entries(this.db._documents)) {
      if (tableNameFromId(id) !== "_scheduled_functions") continue;
      const state = (doc.state as { kind?: string } | undefined)?.kind;
      if (state === "inProgress") {
        const fn = this.lookup(String(doc.name));
        const interruptedAction = !fn || fn.isAction;
        await this.transact(() =>
          this.db.patch(
            "_scheduled_functions",
            id,
            interruptedAction
              ? { state: { kind: "failed", error: "Transient error: the backend restarted while this ran" }, completedTime: Date.now() }
              : { state: { kind: "pending" } },
          ),
        );
        if (interruptedAction) continue;
      } else if (state !== "pending") {
        continue;
      }
      this.scheduleJob(id, Number(doc.scheduledTime));
      restored += 1;
    }
    return restored;
  }

  private async runScheduledJob(jobId: string): Promise<void> {
    if (this.stopped) return;
    const job = await this.transact(() => {
      const doc = this.db.get("_scheduled_functions", jobId);
      if (!doc || (doc.state as { kind: string }).kind !== "pending") return null;
      this.db.patch("_scheduled_functions", jobId, { state: { kind: "inProgress" } });
      return { name: String(doc.name), args: ((doc.args as Value[])[0] ?? {}) as Record<string, Value> };
    });
    if (!job || this.stopped) return;
    const fn = this.lookup(job.name);
    // Scheduled functions run without the scheduler's identity, like on Convex.
    const outcome: Outcome = fn
      ? await this.run(kindOf(fn) as FunctionKind, job.name, job.args, { name: job.name })
      : { ok: false, errorMessage: `Could not find function for '${job.name}'`, logLines: [], reads: new Set(), journal: null };
    if (this.stopped) return;
    await this.transact(() => {
      const doc = this.db.get("_scheduled_functions", jobId);
      if (!doc || (doc.state as { kind: string }).kind !== "inProgress") return null;
      this.db.patch(
        "_scheduled_functions",
        jobId,
        outcome.ok
          ? { state: { kind: "success" }, completedTime: Date.now() }
          : { state: { kind: "failed", error: outcome.errorMessage }, completedTime: Date.now() },
      );
      return null;
    });
  }

  // ---------------------------------------------------------------- syscall hooks

  /** Run synchronous database work as its own top-level transaction. */
  private transact<T>(work: () => T): Promise<T> {
    return this.t.run(() => Promise.resolve(work()));
  }

  private readTable(table: string | null | undefined): void {
    if (table) runContext.getStore()?.reads.add(table);
  }

  private inTransaction(): boolean {
    return this.internals.nestedTx.getStore() !== undefined;
  }

  private installHooks(): void {
    const originalCommit = this.tm.commit.bind(this.tm);
    this.tm.commit = (isNested: boolean) => {
      const top = this.db._writes[this.db._writes.length - 1];
      const tables = new Set<string>();
      if (!isNested && top) {
        for (const id of Object.keys(top)) {
          const table = tableNameFromId(id);
          if (table) tables.add(table);
        }
      }
      const ts = originalCommit(isNested);
      if (ts !== null) {
        const ctx = runContext.getStore();
        if (ctx) ctx.commitTs = ts;
        this.afterCommit(tables, ts);
      }
      return ts;
    };

    const originalSyscall = this.global.syscall;
    this.global.syscall = (op, jsonArgs) => {
      if (op === "1.0/queryStream") {
        const { query } = JSON.parse(jsonArgs) as { query: { source: { type: string } } };
        this.readTable(tableOfQuerySource(query.source));
      }
      return originalSyscall(op, jsonArgs);
    };

    const originalAsync = this.global.asyncSyscall;
    this.global.asyncSyscall = async (op, jsonArgs) => {
      const args = JSON.parse(jsonArgs) as Record<string, unknown>;
      switch (op) {
        case "1.0/get":
          this.readTable(tableNameFromId(String(args.id)) ?? (args.table as string | undefined));
          return originalAsync(op, jsonArgs);
        case "1.0/count":
          this.readTable(args.table as string);
          return originalAsync(op, jsonArgs);
        case "1.0/queryPage":
          return this.queryPage(args, originalAsync);
        case "1.0/storageGenerateUploadUrl":
          return JSON.stringify(this.uploadUrl());
        case "1.0/storageGetUrl": {
          this.readTable("_storage");
          const storageId = String(args.storageId);
          const exists = tableNameFromId(storageId) === "_storage" && this.db.get("_storage", storageId) !== null;
          return JSON.stringify(exists ? this.storageUrl(storageId) : null);
        }
        case "1.0/storageGetMetadata": {
          this.readTable("_storage");
          const storageId = String(args.storageId);
          const doc = tableNameFromId(storageId) === "_storage" ? this.db.get("_storage", storageId) : null;
          return JSON.stringify(
            doc ? { storageId, sha256: doc.sha256, size: doc.size, contentType: doc.contentType ?? null } : null,
          );
        }
        case "1.0/storageDelete": {
          const storageId = String(args.storageId);
          // convex-test decides "inside a transaction" globally; ask the caller's own context.
          if (this.inTransaction()) this.db.delete("_storage", storageId);
          else await this.transact(() => this.db.delete("_storage", storageId));
          return JSON.stringify({});
        }
        case "1.0/schedule":
          return this.schedule(args);
        default:
          return originalAsync(op, jsonArgs);
      }
    };

    const originalJs = this.global.jsSyscall;
    this.global.jsSyscall = async (op, args) => {
      switch (op) {
        case "storage/storeBlob": {
          const blob = args.blob as Blob;
          return this.storeBlob(new Uint8Array(await blob.arrayBuffer()), blob.type || null);
        }
        case "storage/getBlob":
          this.readTable("_storage");
          return this.readBlob(String(args.storageId));
        default:
          return originalJs(op, args);
      }
    };
  }

  private afterCommit(tables: Set<string>, ts: bigint): void {
    this.commitCount += 1;
    for (const [key, outcome] of this.queryCache) {
      for (const table of outcome.reads) {
        if (tables.has(table)) {
          this.queryCache.delete(key);
          break;
        }
      }
    }
    for (const listener of this.listeners) listener(tables, ts);
  }

  /** Paginated queries stay gapless: a re-run ends its page where the last run ended (journal). */
  private async queryPage(args: Record<string, unknown>, original: (op: string, a: string) => Promise<string>): Promise<string> {
    const ctx = runContext.getStore();
    const query = args.query as { source: { type: string } };
    this.readTable(tableOfQuerySource(query.source));
    if (ctx && args.endCursor == null && ctx.journalIn !== null) args.endCursor = ctx.journalIn;
    const result = JSON.parse(await original("1.0/queryPage", JSON.stringify(args))) as {
      continueCursor: string;
      isDone: boolean;
    };
    const endCursor = args.endCursor as string | null | undefined;
    if (endCursor && endCursor !== "_end_cursor") {
      // With an end cursor the page ends exactly there, even if that document was deleted.
      result.continueCursor = endCursor;
      result.isDone = false;
    }
    if (ctx) ctx.journalOut = result.continueCursor;
    return JSON.stringify(result);
  }

  /** ctx.scheduler.runAfter/runAt: record the job in this transaction, run it on our own timer. */
  private schedule(args: Record<string, unknown>): string {
    const handle = args.functionHandle as string | undefined;
    const udfPath = (args.name as string | undefined) ?? (handle?.startsWith("function://;") ? handle.slice("function://;".length) : undefined);
    if (!udfPath) throw new Error("local-backend: scheduling functions of components is not supported");
    const scheduledTime = Number(args.ts) * 1000;
    const jobId = this.db.insert("_scheduled_functions", {
      args: [jsonToConvex(args.args as JSONValue)],
      name: canonicalUdfPath(udfPath),
      scheduledTime,
      state: { kind: "pending" },
    });
    this.scheduleJob(jobId, scheduledTime);
    return JSON.stringify(convexToJson(jobId));
  }
}

export interface EngineOptions {
  app: BuiltApp;
  dataDir: DataDir;
  cloudUrl: string;
  logger: Logger;
}
