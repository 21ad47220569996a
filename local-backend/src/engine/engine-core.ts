// What the engine's parts (storage, scheduler) need from the engine: the database of each
// component, which component the running function belongs to, and top-level transactions.
import type { Value } from "convex/values";
import type { DatabaseFake, StoredDocument } from "../convex-test-adapter/internals.js";
import type { TransactionHooks } from "./run-context.js";
import type { FunctionKind, RegisteredFunction } from "../core/functions.js";

export interface RunTarget {
  componentPath: string;
  udfPath: string;
}

export interface EngineCore {
  readonly cloudUrl: string;
  /** The database of a component ("" is the app). */
  dbOf(componentPath: string): DatabaseFake;
  /** Every component with a database, the app ("") first. */
  componentPaths(): string[];
  /** The committed documents of one table of a component. */
  documentsOf(componentPath: string, table: string): Iterable<StoredDocument>;
  /** The component of the function currently running ("" outside any). */
  currentComponentPath(): string;
  /** Run synchronous database work as its own top-level transaction. */
  transact<T>(work: () => T): Promise<T>;
  /** Resolves once every commit applied so far is on disk. */
  whenDurable(): Promise<void>;
  /** True while the caller's async context is inside a query or mutation transaction. */
  inTransaction(): boolean;
  /** Record that the running query read a table of the current component. */
  readTable(table: string | null | undefined): void;
  lookup(udfPath: string, componentPath?: string): RegisteredFunction | null;
  /** Run a function (no identity); `tx` hooks into its own top-level transaction. */
  runFunction(
    kind: FunctionKind,
    target: RunTarget,
    args: Record<string, Value>,
    tx?: TransactionHooks,
  ): Promise<{ ok: boolean; errorMessage?: string }>;
}

/** Key of a table in read sets and commit notifications: component path and table name. */
export function tableKey(componentPath: string, table: string): string {
  return componentPath === "" ? table : `${componentPath}:${table}`;
}

/**
 * Where a function address points, as Convex resolves it from inside `fromComponent`: a plain
 * name stays in that component, a handle names its component, and a reference
 * (`_reference/childComponent/<child>/<module path>/<function>`) goes into a child component.
 */
export function resolveFunctionAddress(
  address: { name?: string; functionHandle?: string; reference?: string },
  fromComponent: string,
): RunTarget | null {
  if (address.functionHandle?.startsWith("function://")) {
    const [componentPath = "", udfPath = ""] = address.functionHandle.slice("function://".length).split(";");
    return { componentPath, udfPath };
  }
  if (address.name) return { componentPath: fromComponent, udfPath: address.name };
  if (address.reference?.startsWith("_reference/childComponent/")) {
    const [child, ...rest] = address.reference.slice("_reference/childComponent/".length).split("/");
    const functionName = rest.pop();
    if (!child || !functionName) return null;
    return {
      componentPath: fromComponent ? `${fromComponent}/${child}` : child,
      udfPath: `${rest.join("/")}:${functionName}`,
    };
  }
  return null;
}
