// Per-call context for a function run started by the backend: collects log lines, what a
// query read (to know when to re-run it) and the pagination journal. Also the console that the
// bundled app code uses (esbuild `inject`), which writes into this context.
import { AsyncLocalStorage } from "node:async_hooks";
import { formatWithOptions } from "node:util";
import { ReadSet } from "../store/read-set.js";

export type LogLevel = "LOG" | "INFO" | "WARN" | "ERROR" | "DEBUG";

export interface RunContext {
  /** Name shown in the terminal when no more specific function name is known. */
  name: string;
  logLines: string[];
  /** What the call read (index ranges, ids, tables), to know which commits can change it. */
  reads: ReadSet;
  /** End cursor of the page this query returned last time (its journal). */
  journalIn: string | null;
  journalOut: string | null;
  commitTs: bigint | null;
  /** What the call's mutation returned, known before it commits (logged with the commit). */
  mutationResult?: { value: unknown };
  print: (level: LogLevel, message: string) => void;
  /** Hooks into this call's own top-level transaction (scheduled mutations, session requests). */
  tx?: TransactionHooks;
}

export interface TransactionHooks {
  /** Inside the transaction, right after it began. */
  begin?(): void;
  /** Inside the transaction, right before it commits; may throw to roll it back. */
  beforeCommit?(): void;
  /** Synchronously with the commit. */
  committed?(ts: bigint): void;
}

export const runContext = new AsyncLocalStorage<RunContext>();

const SILENT = Symbol.for("local-backend.silentAbort");

/** Rolls a call back without it being reported as the function's error (the backend's decision). */
export class SilentAbort extends Error {
  readonly [SILENT] = true;
}

export function isSilentAbort(e: unknown): boolean {
  return typeof e === "object" && e !== null && SILENT in e;
}

// convex-test patches globals and keeps per-call state in async context; work the server starts
// from inside a function run (timers, refreshes) must run outside that context.
export const runOutside: <R>(fn: () => R) => R = AsyncLocalStorage.snapshot();

export function newRunContext(name: string, print: RunContext["print"], journalIn: string | null = null): RunContext {
  return { name, logLines: [], reads: new ReadSet(), journalIn, journalOut: null, commitTs: null, print };
}

const CONSOLE_KEY = "__convexLocalBackendConsole";
const hostConsole = globalThis.console;

function emit(level: LogLevel, args: unknown[]): void {
  const ctx = runContext.getStore();
  const message = formatWithOptions({ colors: false, depth: 6 }, ...args);
  if (!ctx) {
    // Module top-level code or something outside a backend-started call.
    hostConsole.log(`[convex] ${message}`);
    return;
  }
  ctx.logLines.push(`[${level}] ${message}`);
  ctx.print(level, message);
}

function makeFunctionConsole(): Console {
  const timers = new Map<string, number>();
  const counts = new Map<string, number>();
  const overrides: Partial<Record<keyof Console, unknown>> = {
    log: (...a: unknown[]) => emit("LOG", a),
    info: (...a: unknown[]) => emit("INFO", a),
    warn: (...a: unknown[]) => emit("WARN", a),
    error: (...a: unknown[]) => emit("ERROR", a),
    debug: (...a: unknown[]) => emit("DEBUG", a),
    trace: (...a: unknown[]) => emit("LOG", a),
    assert: (cond: unknown, ...a: unknown[]) => {
      if (!cond) emit("ERROR", ["Assertion failed", ...a]);
    },
    time: (label = "default") => void timers.set(label, performance.now()),
    timeEnd: (label = "default") => {
      const start = timers.get(label);
      timers.delete(label);
      if (start !== undefined) emit("INFO", [`${label}: ${(performance.now() - start).toFixed(3)}ms`]);
    },
    count: (label = "default") => {
      const n = (counts.get(label) ?? 0) + 1;
      counts.set(label, n);
      emit("INFO", [`${label}: ${n}`]);
    },
  };
  return new Proxy(hostConsole, {
    get(target, key, receiver) {
      if (typeof key === "string" && key in overrides) return overrides[key as keyof Console];
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

(globalThis as Record<string, unknown>)[CONSOLE_KEY] ??= makeFunctionConsole();

// convex-test turns these globals into per-call getters (an AsyncLocalStorage lookup on every
// access), which makes CPU-heavy app code several times slower. Nothing the backend runs replaces
// them per call, so the bundle binds them once. Timers and fetch stay dynamic: convex-test makes
// them throw inside queries and mutations, as Convex does.
const STABLE_GLOBALS = [
  "Math",
  "Date",
  "crypto",
  "TextEncoder",
  "TextDecoder",
  "URL",
  "URLSearchParams",
  "atob",
  "btoa",
  "structuredClone",
  "Headers",
  "Request",
  "Response",
  "AbortController",
  "performance",
];

/**
 * Module esbuild injects into every bundle: our `console`, stable globals bound once, and the
 * `process` Convex gives functions. In Convex's runtime that is `{ env }`: every free `process`
 * becomes it, and so does `process` read through the global object (`globalThis`, `global` and
 * `self` become a view of the real global object that answers `process` with ours), so no
 * bundled library reaches the host's. "use node" files run in Node.js on Convex: they get
 * Node's `process` with `env` replaced.
 */
export function globalsShimSource(processExpression: string, runtime: "isolate" | "node"): string {
  const processSource =
    runtime === "node"
      ? `new Proxy(globalThis.process, { get: (target, key) => (key === "env" ? ${processExpression}.env : Reflect.get(target, key)) })`
      : processExpression;
  return [
    `export const console = globalThis.${CONSOLE_KEY} ?? globalThis.console;`,
    `const process_ = ${processSource};`,
    "const realGlobal = globalThis;",
    'const global_ = new Proxy(realGlobal, { get: (target, key) => (key === "process" ? process_ : Reflect.get(target, key)) });',
    "export { process_ as process, global_ as globalThis, global_ as global, global_ as self };",
    ...STABLE_GLOBALS.map((name) => `const ${name}_ = globalThis.${name};\nexport { ${name}_ as ${name} };`),
    "",
  ].join("\n");
}
