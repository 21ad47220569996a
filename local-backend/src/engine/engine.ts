// The execution engine: one convex-test instance running the bundled app and every Convex
// component it uses (each component with its own database, scheduler and storage), with a few
// syscalls replaced so storage URLs are real, scheduled functions run on the server's own
// timers, and queries report what they read (to be re-run only when that changes).
import { setTimeout } from "node:timers";
import { convexTest } from "convex-test";
import { httpActionGeneric, makeFunctionReference } from "convex/server";
import { CommitTsPlaceholder, convexToJson, type JSONValue, type Value } from "convex/values";
import { BuildError, type BuiltApp, type BuiltModules, type HttpRouterLike } from "../core/app.js";
import { type EngineCore, type RunTarget, tableKey } from "./engine-core.js";
import { callableKindOf, canonicalUdfPath, findFunction, type FunctionKind, type RegisteredFunction } from "../core/functions.js";
import { type BlobFiles, EngineStorage } from "./engine-storage.js";
import { declaredValidators, isSystemError } from "./function-validation.js";
import {
  captureInternals,
  type ConvexGlobal,
  type ConvexTestAccessor,
  type ConvexTestInstance,
  type DatabaseFake,
  type Internals,
  type StoredDocument,
  commitAt,
  lastCreationTimeOf,
  nextDocIdOf,
  pendingWritesOf,
  raiseLastCreationTime,
  setCommittedDocument,
  tableNameFromId,
  type TransactionManager,
} from "../convex-test-adapter/internals.js";
import type { CommitRecord, Persistence } from "./persistence.js";
import {
  functionArgumentsError,
  functionReturnValueError,
  installDocumentLimits,
  installTransactionLimits,
} from "../store/limits/index.js";
import type { Logger } from "./logger.js";
import { isSilentAbort, newRunContext, runContext, runOutside, type RunContext, type TransactionHooks } from "./run-context.js";
import { SessionRequests } from "./session-requests.js";
import { JobScheduler } from "./scheduler.js";
import { installIndexes } from "../store/indexes/install.js";
import type { IndexStore } from "../store/indexes/store.js";
import { type DocWrite, ReadSet, ReadSetIndex } from "../store/read-set.js";
import { describeViolations, schemaViolations, type SchemaViolations } from "../store/schema-check.js";
import type { SearchSource } from "../store/search/convex-test.js";
import { buildTextIndexes, installSearch } from "../store/search/index.js";
import { searchReadOf } from "../store/search/reads.js";
import { argumentValidationError, type IdTable } from "../store/validation/index.js";

export type { FunctionKind } from "../core/functions.js";
export type Identity = Record<string, unknown> & { tokenIdentifier: string; subject: string; issuer: string };

interface OutcomeBase {
  logLines: string[];
  /** What a query read: a commit that does not touch it cannot change its result. */
  reads: ReadSet;
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

/**
 * Called synchronously with every top-level commit: the tables it wrote (as `tableKey`s), per
 * component the ids of the documents it wrote (read `_documents` for their new state), and each
 * written document before and after.
 */
export type CommitListener = (tables: Set<string>, ts: bigint, written: Map<string, string[]>, writes: DocWrite[]) => void;

export interface RunOptions {
  identity?: Identity | null;
  journal?: string | null;
  /** Terminal name for code that has no function path (http actions, uploads). */
  name?: string;
  /** The component whose function this is ("" or absent: the app). */
  componentPath?: string;
  /** Hooks into the call's own top-level transaction. */
  tx?: TransactionHooks;
}

/** An HTTP route found in the app's router or in a component mounted with an httpPrefix. */
export interface HttpRoute {
  handler: unknown;
  componentPath: string;
  /** The route's path pattern, for logs. */
  routePath: string;
}

const SWAP_COMPONENT = "__local_backend_swap__";
const SYSTEM_TABLES = new Set(["_storage", "_scheduled_functions"]);
const QUERY_CACHE_LIMIT = 10_000;
const RESOLVED = Promise.resolve();

/** The value a document holds once committed at `ts` (commit-timestamp placeholders resolved). */
function resolveCommitTs(value: unknown, ts: bigint): unknown {
  if (value instanceof CommitTsPlaceholder) return ts;
  if (Array.isArray(value)) return value.map((v) => resolveCommitTs(v, ts));
  if (typeof value === "object" && value !== null && !(value instanceof ArrayBuffer)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveCommitTs(v, ts)]));
  }
  return value;
}

/** Whether a value holds a commit-timestamp placeholder anywhere (a walk, no copies). */
function hasCommitTs(value: unknown): boolean {
  if (value instanceof CommitTsPlaceholder) return true;
  if (Array.isArray(value)) return value.some(hasCommitTs);
  if (typeof value === "object" && value !== null && !(value instanceof ArrayBuffer)) return Object.values(value).some(hasCommitTs);
  return false;
}

/** How far ahead of this machine's clock a client's observed timestamp may be (clock slew). */
const MAX_CLIENT_TS_LEAD_MS = 10 * 60 * 1000;

function capitalized(kind: string): string {
  return kind === "httpAction" ? "HttpAction" : kind.charAt(0).toUpperCase() + kind.slice(1);
}

function isConvexError(e: unknown): e is Error & { data: Value } {
  return typeof e === "object" && e !== null && Symbol.for("ConvexError") in e;
}

export function describeError(e: unknown): { errorMessage: string; errorData?: JSONValue } {
  // Checks Convex makes outside the function's JS (validators) are reported as they are.
  if (isSystemError(e)) return { errorMessage: e.message };
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

/**
 * Per-database behaviour that must match Convex: ordered indexes (recording the key ranges a
 * query reads), search ranking and document limits, in that order from the bottom up.
 */
function installDatabaseHooks(db: DatabaseFake, componentPath: string): IndexStore {
  let chargeFilteredOut: ((doc: StoredDocument) => void) | null = null;
  const store = installIndexes(db, {
    onRangeRead: (table, range) => runContext.getStore()?.reads.addRange(tableKey(componentPath, table), range),
    onFilteredOut: (doc) => chargeFilteredOut?.(doc),
  });
  installSearch(db, store);
  chargeFilteredOut = installDocumentLimits(db);
  return store;
}

/** Ids are `<counter><table>`; one counter for all components keeps every id unique, as on Convex. */
function shareIdCounter(db: DatabaseFake, counter: { next: number }): void {
  counter.next = Math.max(counter.next, db._nextDocId);
  Object.defineProperty(db, "_nextDocId", {
    configurable: true,
    enumerable: true,
    get: () => counter.next,
    set: (value: number) => {
      counter.next = value;
    },
  });
}

export class Engine implements EngineCore {
  app: BuiltApp;
  readonly t: ConvexTestInstance;
  private readonly internals: Internals;
  private readonly global: ConvexGlobal;
  /** The app's database. */
  readonly db: DatabaseFake;
  private readonly tm: TransactionManager;
  private readonly logger: Logger;
  readonly cloudUrl: string;
  readonly storage: EngineStorage;
  readonly scheduler: JobScheduler;
  /** Outcomes of sync-protocol mutations by (session, request id), so a resent one runs once. */
  readonly sessionRequests: SessionRequests;
  /** The write-ahead log and snapshots; null keeps everything in memory only. */
  private readonly persistence: Persistence | null;
  /** The job targets' version last handed to persistence with a commit. */
  private recordedTargetsVersion: number;
  private readonly idCounter = { next: 0 };
  private readonly listeners = new Set<CommitListener>();
  private readonly queryCache = new Map<string, Outcome>();
  /** Each component database's ordered indexes (and per-table documents). */
  private readonly indexes = new Map<string, IndexStore>();
  /** Keys of cached query results by what they read, to find the ones a commit touches. */
  private readonly cachedReads = new ReadSetIndex<string>();
  private readonly queryRuns = new Map<string, { promise: Promise<Outcome>; commitCount: number; codeVersion: number }>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Mutations started and not yet finished (those not committing are waiting to). */
  mutationsRunning = 0;
  /** Incremented on every top-level commit; lets caches detect a commit during a run. */
  commitCount = 0;
  codeVersion = 0;

  private constructor(app: BuiltApp, t: ConvexTestInstance, internals: Internals, opts: EngineOptions) {
    this.app = app;
    this.t = t;
    this.internals = internals;
    this.global = internals.global;
    this.db = internals.db;
    this.tm = internals.global.transactionManager;
    this.logger = opts.logger;
    this.cloudUrl = opts.cloudUrl;
    this.storage = new EngineStorage(this, opts.dataDir);
    this.scheduler = new JobScheduler(this);
    const persistence = opts.persistence ?? null;
    this.persistence = persistence;
    this.sessionRequests = new SessionRequests((stored, withCommit) => persistence?.requestChanged(stored, withCommit));
    this.recordedTargetsVersion = this.scheduler.targetsVersion;
  }

  static async create(opts: EngineOptions): Promise<Engine> {
    const t = (convexTest as (schema: unknown, modules: unknown) => unknown)(
      opts.app.schema ?? undefined,
      opts.app.modules,
    ) as ConvexTestInstance;
    const internals = await captureInternals(t);
    const engine = new Engine(opts.app, t, internals, opts);
    engine.prepareDatabase("");
    for (const component of opts.app.components) engine.mountComponent(component);
    engine.installHooks();
    installTransactionLimits(internals.global.transactionManager);
    return engine;
  }

  // ---------------------------------------------------------------- components

  private prepareDatabase(componentPath: string): void {
    const db = this.dbOf(componentPath);
    shareIdCounter(db, this.idCounter);
    this.indexes.set(componentPath, installDatabaseHooks(db, componentPath));
  }

  /** Give a component its own database (new), or its new code and schema (existing data kept). */
  private mountComponent(component: BuiltComponentLike): void {
    const path = component.componentPath;
    const existing = this.global.components[path];
    if (!existing) {
      this.registerComponent(path, component);
      this.prepareDatabase(path);
      return;
    }
    // registerComponent builds a module loader and a schema-checked database exactly like
    // convexTest() does; take both and drop the temporary component. All of this is
    // synchronous, so no transaction can observe the temporary component.
    try {
      this.registerComponent(SWAP_COMPONENT, component);
      const temp = this.swapComponent();
      existing.modules = temp.modules;
      existing.db._schema = temp.db._schema;
    } finally {
      delete this.global.components[SWAP_COMPONENT];
    }
  }

  /** The temporary component registerComponent just mounted under SWAP_COMPONENT. */
  private swapComponent(): ConvexGlobal["components"][string] {
    const temp = this.global.components[SWAP_COMPONENT];
    if (!temp) throw new Error("registerComponent did not mount the temporary component");
    return temp;
  }

  /** Stored documents of a mounted component that its new schema refuses (changed tables only). */
  private violationsOf(component: BuiltComponentLike): SchemaViolations {
    const existing = this.global.components[component.componentPath];
    if (!existing) return { count: 0, examples: [] };
    try {
      this.registerComponent(SWAP_COMPONENT, component);
      return schemaViolations(existing.db, this.swapComponent().db, component.componentPath, existing.db._schema);
    } finally {
      delete this.global.components[SWAP_COMPONENT];
    }
  }

  private registerComponent(path: string, component: BuiltComponentLike): void {
    try {
      this.t.registerComponent(path, component.schema ?? null, component.modules);
    } catch (err) {
      const where = component.componentPath ? `component "${component.componentPath}": ` : "";
      throw new BuildError(`${where}Invalid schema: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The database of a component ("" is the app). */
  dbOf(componentPath: string): DatabaseFake {
    const component = this.global.components[componentPath];
    if (!component) throw new Error(`local-backend: component "${componentPath}" is not mounted`);
    return component.db;
  }

  /** The committed documents of one table of a component. */
  documentsOf(componentPath: string, table: string): Iterable<StoredDocument> {
    return this.indexesOf(componentPath).documentsOf(table).values();
  }

  /** Build every declared index, ordered and text, now (at start once the data is restored, and after a push). */
  buildIndexes(): void {
    for (const [componentPath, store] of this.indexes) {
      store.buildDeclaredIndexes();
      buildTextIndexes(this.dbOf(componentPath), store);
    }
  }

  /** How many documents a component has. */
  documentCountOf(componentPath: string): number {
    return this.indexesOf(componentPath).documentCount();
  }

  /** Restoring (snapshot, write-ahead log): a committed document of a component, or its deletion (null). */
  restoreDocument(componentPath: string, id: string, doc: StoredDocument | null): void {
    setCommittedDocument(this.dbOf(componentPath), id, doc);
  }

  /** Restoring: a component's newest creation time is at least `creationTime`. */
  restoreLastCreationTime(componentPath: string, creationTime: number): void {
    raiseLastCreationTime(this.dbOf(componentPath), creationTime);
  }

  /** The creation time of a component's newest document (creation times only grow). */
  lastCreationTimeOf(componentPath: string): number {
    return lastCreationTimeOf(this.dbOf(componentPath));
  }

  /** The counter of the next document id (shared by every component). */
  nextDocId(): number {
    return nextDocIdOf(this.db);
  }

  /** Every committed document of a component. */
  allDocumentsOf(componentPath: string): StoredDocument[] {
    return this.indexesOf(componentPath).allDocuments();
  }

  private indexesOf(componentPath: string): IndexStore {
    const store = this.indexes.get(componentPath);
    if (!store) throw new Error(`local-backend: component "${componentPath}" is not mounted`);
    return store;
  }

  /** Every component that has a database (mounted now, or mounted before in this process). */
  componentPaths(): string[] {
    return Object.keys(this.global.components).filter((p) => p !== SWAP_COMPONENT);
  }

  /** Code of a mounted component. */
  private builtOf(componentPath: string): BuiltModules | null {
    if (componentPath === "") return this.app;
    return this.app.components.find((c) => c.componentPath === componentPath) ?? null;
  }

  currentComponentPath(): string {
    return this.runningComponentPath() ?? "";
  }

  /** The component of the running function, or undefined outside any function run. */
  runningComponentPath(): string | undefined {
    return this.internals.executionContext.getStore()?.componentPath;
  }

  // ---------------------------------------------------------------- code and clock

  /**
   * Swap in newly built code, keeping all data (components that disappear keep theirs). Refused
   * with a BuildError, changing nothing, if stored documents break the new schema (as a push).
   */
  swap(app: BuiltApp): void {
    const problem = describeViolations([app, ...app.components].map((component) => this.violationsOf(component)));
    if (problem !== null) throw new BuildError(`${problem}\nChange the schema so it accepts them, or migrate them first.`);
    this.mountComponent(app);
    for (const component of app.components) this.mountComponent(component);
    this.app = app;
    this.codeVersion += 1;
    this.clearQueryCache();
    // As a push backfills the indexes it adds before it completes.
    this.buildIndexes();
  }

  currentTs(): bigint {
    return this.tm._lastCommitTs;
  }

  /** Keep the clock at or after a timestamp (restoring data). */
  advanceTsTo(ts: bigint): void {
    if (ts > this.tm._lastCommitTs) this.tm._lastCommitTs = ts;
  }

  /** Set the clock (only to repair an impossible stored value). */
  resetTs(ts: bigint): void {
    this.tm._lastCommitTs = ts;
  }

  /**
   * A client's `maxObservedTimestamp` (Connect): the clock never falls behind what a client has
   * seen (e.g. writes lost to a hard kill, or a data folder reset while a tab stayed open). A
   * timestamp further ahead of the wall clock than any clock of this machine can be is refused
   * (the reason is returned) and changes nothing, as Convex refuses one ahead of its own.
   */
  observeClientTs(ts: bigint): string | null {
    const latest = this.currentTs();
    if (ts <= latest) return null;
    const limit = BigInt(Date.now() + MAX_CLIENT_TS_LEAD_MS) * 1_000_000n;
    if (ts > limit) return `Client has observed a timestamp ${ts} ahead of the backend latest known timestamp ${latest}`;
    this.advanceTsTo(ts);
    return null;
  }

  /** Which table an id names in a component (null: not an id of any table there), for validators. */
  idTableOf(componentPath: string): IdTable {
    const db = this.dbOf(componentPath);
    return (id) => {
      const table = tableNameFromId(id);
      if (table === null) return null;
      if (table.startsWith("_")) return SYSTEM_TABLES.has(table) ? table : null;
      const schema = db._schema as { tables?: Map<string, unknown> } | null;
      return !schema?.tables || schema.tables.has(table) ? table : null;
    };
  }

  /** Keep new ids after every restored one. */
  advanceIdCounterTo(next: number): void {
    this.idCounter.next = Math.max(this.idCounter.next, next);
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------------------------------------------------------------- running functions

  lookup(udfPath: string, componentPath = ""): RegisteredFunction | null {
    const built = this.builtOf(componentPath);
    return built ? findFunction(built, udfPath) : null;
  }

  /**
   * What a client may call: public functions of the app, of the expected kind. An admin may
   * call any function, internal ones and those of components included, as on Convex.
   */
  checkCallable(
    udfPath: string,
    expected: FunctionKind | "any",
    admin: boolean,
    componentPath = "",
  ): { kind: FunctionKind } | { error: string } {
    const canonical = canonicalUdfPath(udfPath);
    const fn = componentPath && !admin ? null : this.lookup(udfPath, componentPath);
    const kind = fn && callableKindOf(fn);
    if (!fn || (!fn.isPublic && !admin) || !kind) {
      return {
        error: `Could not find public function for '${canonical}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
      };
    }
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
        exec && !["inline", "custom", "http"].includes(exec.udfPath)
          ? exec.componentPath
            ? `${exec.componentPath}/${exec.udfPath}`
            : exec.udfPath
          : ctx().name;
      this.logger.functionLog(name, level, message);
    };
  }

  private newContext(name: string, journal: string | null, tx?: TransactionHooks): RunContext {
    const ctx: RunContext = newRunContext(name, () => undefined, parseJournal(journal));
    ctx.print = this.printer(() => ctx);
    if (tx) ctx.tx = tx;
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
    const componentPath = opts.componentPath ?? "";
    const label = componentPath ? `${componentPath}/${canonical}` : canonical;
    const ctx = this.newContext(opts.name ?? label, opts.journal ?? null, opts.tx);
    const accessor = this.accessor(opts.identity);
    // A component's function is addressed by a function handle, as Convex does across components.
    const ref = componentPath ? `function://${componentPath};${canonical}` : makeFunctionReference(canonical);
    // Convex checks arguments and results as values (size, nesting, array length) and reports
    // the problem as the function's error. A mutation's result must be checked before it commits,
    // so its handler does that (function-validation.ts); queries' and actions' are checked here.
    const fn = this.lookup(udfPath, componentPath);
    const badArgs =
      functionArgumentsError(canonical, args) ??
      (fn ? argumentValidationError(declaredValidators(fn).args, args, this.idTableOf(componentPath)) : null);
    if (badArgs) return { ok: false, errorMessage: badArgs, logLines: [], reads: new ReadSet(), journal: null };
    if (kind === "mutation") this.mutationsRunning += 1;
    try {
      const value = (await this.track(runContext.run(ctx, () => accessor[kind](ref, args)))) as Value;
      const badResult = kind === "mutation" ? null : functionReturnValueError(canonical, value);
      if (badResult) return { ok: false, errorMessage: badResult, logLines: ctx.logLines, reads: ctx.reads, journal: null };
      return {
        ok: true,
        value,
        logLines: ctx.logLines,
        reads: ctx.reads,
        journal: ctx.journalOut === null ? null : JSON.stringify({ endCursor: ctx.journalOut }),
        commitTs: ctx.commitTs,
      };
    } catch (err) {
      if (isConvexError(err)) this.logger.functionLog(label, "WARN", `ConvexError: ${err.message}`);
      else if (!isSilentAbort(err)) this.logger.functionError(label, err);
      return { ok: false, ...describeError(err), logLines: ctx.logLines, reads: ctx.reads, journal: null };
    } finally {
      if (kind === "mutation") this.mutationsRunning -= 1;
    }
  }

  /**
   * Resolves once every commit applied so far is on disk. Whatever reveals a commit outside the
   * process (a mutation's response, query results, an action's next step) waits for it first;
   * rejects if the disk failed.
   */
  whenDurable(): Promise<void> {
    return this.persistence?.durable() ?? RESOLVED;
  }

  /** For the scheduler and crons: run a function of any component without an identity. */
  runFunction(kind: FunctionKind, target: RunTarget, args: Record<string, Value>, tx?: TransactionHooks): Promise<Outcome> {
    const name = target.componentPath ? `${target.componentPath}/${canonicalUdfPath(target.udfPath)}` : canonicalUdfPath(target.udfPath);
    return this.run(kind, target.udfPath, args, { componentPath: target.componentPath, name, ...(tx ? { tx } : {}) });
  }

  /** Queries are deterministic: share one result among all subscribers until a commit touches what it read. */
  async runQueryCached(
    udfPath: string,
    args: Record<string, Value>,
    argsJson: string,
    identity: Identity | null,
    journal: string | null,
    componentPath = "",
  ): Promise<Outcome> {
    const key = `${componentPath}\u0000${canonicalUdfPath(udfPath)}\u0000${argsJson}\u0000${identity ? JSON.stringify(identity) : ""}\u0000${journal ?? ""}`;
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
    const promise = this.run("query", udfPath, args, { identity, journal, componentPath });
    const entry = { promise, commitCount: commitsBefore, codeVersion: codeBefore };
    this.queryRuns.set(key, entry);
    const outcome = await promise;
    if (this.queryRuns.get(key) === entry) this.queryRuns.delete(key);
    if (this.commitCount === commitsBefore && this.codeVersion === codeBefore) this.cache(key, outcome);
    return outcome;
  }

  private cache(key: string, outcome: Outcome): void {
    if (this.queryCache.size >= QUERY_CACHE_LIMIT) this.clearQueryCache();
    const previous = this.queryCache.get(key);
    if (previous) this.uncache(key, previous);
    this.queryCache.set(key, outcome);
    this.cachedReads.add(outcome.reads, key);
  }

  private uncache(key: string, outcome: Outcome): void {
    this.queryCache.delete(key);
    this.cachedReads.delete(outcome.reads, key);
  }

  private clearQueryCache(): void {
    this.queryCache.clear();
    this.cachedReads.clear();
  }

  /** The route for a request path: the app's router, or a component mounted at a prefix of it. */
  routeHttp(pathname: string, method: string): HttpRoute | null {
    const mounted = this.app.components
      .filter((c) => c.instance.httpPrefix !== null && c.httpRouter && pathname.startsWith(c.instance.httpPrefix))
      .sort((a, b) => (b.instance.httpPrefix?.length ?? 0) - (a.instance.httpPrefix?.length ?? 0));
    for (const component of mounted) {
      const prefix = component.instance.httpPrefix!.replace(/\/$/, "");
      const match = (component.httpRouter as HttpRouterLike).lookup(pathname.slice(prefix.length), method);
      if (match) return { handler: match[0], componentPath: component.componentPath, routePath: `${prefix}${match[2]}` };
    }
    const match = this.app.httpRouter?.lookup(pathname, method) ?? null;
    return match ? { handler: match[0], componentPath: "", routePath: match[2] } : null;
  }

  /** Serve an HTTP action with the request's real URL, inside the component that owns the route. */
  async runHttpAction(route: HttpRoute, request: Request, identity: Identity | null, name: string): Promise<Response> {
    const ctx = this.newContext(name, null);
    let response: Response | undefined;
    const { handler: routeHandler } = route;
    const handler = (typeof routeHandler === "function" && "_handler" in routeHandler ? routeHandler._handler : routeHandler) as (
      ctx: unknown,
      request: Request,
    ) => Promise<Response>;
    const serve = () =>
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
      }, {});
    // convex-test runs an inline action in the component of the current execution context.
    const inComponent = () =>
      route.componentPath
        ? this.internals.executionContext.run({ componentPath: route.componentPath, udfPath: "http", udfType: "action", depth: 0 }, serve)
        : serve();
    try {
      await this.track(runContext.run(ctx, inComponent));
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
    this.scheduler.stop();
  }

  // ---------------------------------------------------------------- syscall hooks

  /** Run synchronous database work as its own top-level transaction. */
  transact<T>(work: () => T): Promise<T> {
    return this.t.run(() => Promise.resolve(work()));
  }

  readTable(table: string | null | undefined): void {
    if (table) runContext.getStore()?.reads.addTable(tableKey(this.currentComponentPath(), table));
  }

  /** Record a text search the running query made (its terms and filters, as Convex does). */
  private readSearch(source: { type: string }): void {
    const read = searchReadOf(source as SearchSource);
    const table = tableOfQuerySource(source);
    if (!read || !table) return this.readTable(table);
    runContext.getStore()?.reads.addSearch(tableKey(this.currentComponentPath(), table), read);
  }

  /** Record that the running query fetched a document by id (found or not). */
  private readId(id: string, table: string | undefined): void {
    const name = tableNameFromId(id) ?? table;
    if (name) runContext.getStore()?.reads.addId(tableKey(this.currentComponentPath(), name), id);
  }

  inTransaction(): boolean {
    return this.internals.nestedTx.getStore() !== undefined;
  }

  /**
   * Hand the record of a top-level commit to persistence, then `apply` it at the timestamp the
   * record names (convex-test assigns max(now, last + 1); it runs with the clock held at `ms`).
   */
  private commitWrittenAhead(
    persistence: Persistence,
    written: Map<string, string[]>,
    tx: TransactionHooks | undefined,
    apply: () => bigint | null,
  ): bigint | null {
    const ms = Date.now();
    const last = this.currentTs();
    const now = BigInt(ms) * 1_000_000n;
    const ts = now > last ? now : last + 1n;
    const targetsVersion = this.scheduler.targetsVersion;
    const retract = persistence.writeAhead(this.commitRecord(ts, written, tx, targetsVersion));
    this.recordedTargetsVersion = targetsVersion;
    let applied: bigint | null;
    try {
      applied = commitAt(ms, apply);
    } catch (err) {
      // Applying it failed (never seen): the client hears an error, so the logged record goes too.
      retract?.();
      throw err;
    }
    if (applied !== ts) {
      // Only if convex-test changed how it assigns commit timestamps (checked by the tests).
      this.logger.error(`the write-ahead log recorded commit timestamp ${ts}, but the commit was applied at ${applied}`);
    }
    return applied;
  }

  /** What a top-level commit at `ts` stores: its documents as they will be, job targets if changed, a session request. */
  private commitRecord(ts: bigint, written: Map<string, string[]>, tx: TransactionHooks | undefined, targetsVersion: number): CommitRecord {
    const record: CommitRecord = { ts };
    if (written.size > 0) {
      record.nextDocId = nextDocIdOf(this.db);
      const components: NonNullable<CommitRecord["components"]> = new Map();
      for (const [componentPath, ids] of written) {
        const db = this.dbOf(componentPath);
        const top = pendingWritesOf(db);
        const documents = ids.map((id): [string, JSONValue | null] => {
          const doc = top[id];
          if (!doc) return [id, null];
          // A commit-timestamp placeholder takes this commit's value.
          return [id, convexToJson((hasCommitTs(doc) ? resolveCommitTs(doc, ts) : doc) as Value)];
        });
        components.set(componentPath, { lastCreationTime: lastCreationTimeOf(db), documents });
      }
      record.components = components;
    }
    if (targetsVersion !== this.recordedTargetsVersion) record.scheduledTargets = this.scheduler.exportTargets();
    const request = this.sessionRequests.recordFor(tx, ts);
    if (request) record.request = request;
    return record;
  }

  /**
   * What the top-level transaction that is about to commit wrote: tables and ids per component,
   * and each document as it was before (`after` is filled in once the commit is applied).
   */
  private pendingWrites(): { tables: Set<string>; written: Map<string, string[]>; writes: DocWrite[] } {
    const tables = new Set<string>();
    const written = new Map<string, string[]>();
    const writes: DocWrite[] = [];
    for (const path of this.componentPaths()) {
      const db = this.dbOf(path);
      const ids = Object.keys(pendingWritesOf(db));
      if (ids.length > 0) written.set(path, ids);
      for (const id of ids) {
        const table = tableNameFromId(id);
        if (!table) continue;
        tables.add(tableKey(path, table));
        writes.push({ componentPath: path, table: tableKey(path, table), id, before: db._documents[id] ?? null, after: null });
      }
    }
    return { tables, written, writes };
  }

  /** Each written document's committed state. */
  private fillCommitted(writes: DocWrite[]): void {
    for (const write of writes) write.after = this.dbOf(write.componentPath)._documents[write.id] ?? null;
  }

  private installHooks(): void {
    const originalBegin = this.tm.begin.bind(this.tm);
    this.tm.begin = async (isNested, transactionLimits) => {
      await originalBegin(isNested, transactionLimits);
      if (!isNested) runContext.getStore()?.tx?.begin?.();
    };
    const originalCommit = this.tm.commit.bind(this.tm);
    this.tm.commit = (isNested: boolean) => {
      const ctx = runContext.getStore();
      // Throwing here makes convex-test roll the transaction back.
      if (!isNested) ctx?.tx?.beforeCommit?.();
      const pending = isNested ? null : this.pendingWrites();
      // Persistence logs a top-level commit before it is applied; if the disk refuses it, it
      // throws and convex-test rolls the transaction back.
      const ts =
        pending && this.persistence
          ? this.commitWrittenAhead(this.persistence, pending.written, ctx?.tx, () => originalCommit(false))
          : originalCommit(isNested);
      if (ts !== null) {
        if (ctx) ctx.commitTs = ts;
        ctx?.tx?.committed?.(ts);
        if (pending) this.fillCommitted(pending.writes);
        this.afterCommit(pending?.tables ?? new Set<string>(), ts, pending?.written ?? new Map<string, string[]>(), pending?.writes ?? []);
      }
      return ts;
    };

    const originalSyscall = this.global.syscall;
    this.global.syscall = (op, jsonArgs) => {
      if (op === "1.0/queryStream") {
        // Index and table scans record the key ranges they read themselves (src/store/indexes).
        const { query } = JSON.parse(jsonArgs) as { query: { source: { type: string } } };
        if (query.source.type === "Search") this.readSearch(query.source);
      }
      return originalSyscall(op, jsonArgs);
    };

    const originalAsync = this.global.asyncSyscall;
    // An action sees (and may send out) only what is on disk, as on Convex: its calls that read
    // or commit answer once that is durable.
    this.global.asyncSyscall = (op, jsonArgs) =>
      op.startsWith("1.0/actions/") || (op === "1.0/storageDelete" && !this.inTransaction())
        ? this.durableAfter(this.asyncSyscallOf(op, jsonArgs, originalAsync))
        : this.asyncSyscallOf(op, jsonArgs, originalAsync);

    const originalJs = this.global.jsSyscall;
    this.global.jsSyscall = (op, args) => {
      if (op === "storage/getBlob") return this.storage.jsSyscall(op, args);
      if (op !== "storage/storeBlob") return originalJs(op, args);
      const stored = this.storage.jsSyscall(op, args);
      return this.inTransaction() ? stored : this.durableAfter(stored);
    };
  }

  private async durableAfter<T>(result: Promise<T>): Promise<T> {
    const value = await result;
    await this.whenDurable();
    return value;
  }

  /** The engine's own handling of a syscall (read sets, journals, scheduling, storage). */
  private async asyncSyscallOf(op: string, jsonArgs: string, originalAsync: (op: string, a: string) => Promise<string>): Promise<string> {
    const args = JSON.parse(jsonArgs) as Record<string, unknown>;
    switch (op) {
      case "1.0/get":
        this.readId(String(args.id), args.table as string | undefined);
        return originalAsync(op, jsonArgs);
      case "1.0/count":
        this.readTable(args.table as string);
        return originalAsync(op, jsonArgs);
      case "1.0/queryPage":
        return this.queryPage(args, originalAsync);
      case "1.0/schedule":
        return this.scheduler.schedule(args);
      default:
        return (await this.storage.asyncSyscall(op, args)) ?? originalAsync(op, jsonArgs);
    }
  }

  private afterCommit(tables: Set<string>, ts: bigint, written: Map<string, string[]>, writes: DocWrite[]): void {
    this.commitCount += 1;
    if (writes.length > 0) {
      for (const key of this.cachedReads.touchedBy(writes)) {
        const outcome = this.queryCache.get(key);
        if (outcome) this.uncache(key, outcome);
      }
    }
    for (const listener of this.listeners) listener(tables, ts, written, writes);
  }

  /** Paginated queries stay gapless: a re-run ends its page where the last run ended (journal). */
  private async queryPage(args: Record<string, unknown>, original: (op: string, a: string) => Promise<string>): Promise<string> {
    const ctx = runContext.getStore();
    const query = args.query as { source: { type: string } };
    if (query.source.type === "Search") this.readSearch(query.source);
    // Only the outermost query owns the journal; a nested query (into a component) does not.
    const outermost = (this.internals.executionContext.getStore()?.depth ?? 1) <= 1;
    if (ctx && outermost && args.endCursor == null && ctx.journalIn !== null) args.endCursor = ctx.journalIn;
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
    if (ctx && outermost) ctx.journalOut = result.continueCursor;
    return JSON.stringify(result);
  }
}

/** The code of the app or of one component, as `mountComponent` takes it. */
type BuiltComponentLike = Pick<BuiltModules, "componentPath" | "schema" | "modules">;

export interface EngineOptions {
  app: BuiltApp;
  /** The data folder's blob files. */
  dataDir: BlobFiles;
  cloudUrl: string;
  logger: Logger;
  /** Where commits are logged ahead of being applied; without it the data lives in memory only. */
  persistence?: Persistence;
}
