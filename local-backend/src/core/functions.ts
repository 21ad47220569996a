// What the backend knows of the app's functions: the flags Convex's builders set, their
// kinds, how a function is named (`module:export`) and found, and the crons that name them.
import type { JSONValue } from "convex/values";

/** What a client, the scheduler or a cron can run (HTTP actions answer requests instead). */
export type FunctionKind = "query" | "mutation" | "action";

/** The flags Convex's function builders set on what they register: exactly one of them. */
export interface FunctionFlags {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isHttp?: boolean;
}

export interface RegisteredFunction extends FunctionFlags {
  isPublic?: boolean;
  isInternal?: boolean;
  exportArgs?(): string;
  exportReturns?(): string;
}

/** What kind of function a registered export is; null for an export no builder made. */
export function kindOf(fn: FunctionFlags): FunctionKind | "httpAction" | null {
  if (fn.isQuery) return "query";
  if (fn.isMutation) return "mutation";
  if (fn.isAction) return "action";
  if (fn.isHttp) return "httpAction";
  return null;
}

/** The kind of a function that can be called by name (not an HTTP action); null otherwise. */
export function callableKindOf(fn: FunctionFlags): FunctionKind | null {
  const kind = kindOf(fn);
  return kind === "httpAction" ? null : kind;
}

export type Schedule =
  | { type: "interval"; seconds?: number; minutes?: number; hours?: number }
  | { type: "hourly"; minuteUTC?: number }
  | { type: "daily"; hourUTC: number; minuteUTC?: number }
  | { type: "weekly"; dayOfWeek: string; hourUTC: number; minuteUTC?: number }
  | { type: "monthly"; day: number; hourUTC: number; minuteUTC?: number }
  | { type: "cron"; cron: string };

export interface CronSpec {
  name: string;
  args: JSONValue[];
  schedule: Schedule;
}

/** Resolve "messages:list", "messages.js:list", "messages" to a registered function. */
export function parseUdfPath(udfPath: string): { modulePath: string; exportName: string } {
  const [rawModule, exportName = "default"] = udfPath.split(":");
  const modulePath = (rawModule ?? "").replace(/\.(js|ts|mjs|cjs|tsx|jsx)$/, "");
  return { modulePath, exportName };
}

export function canonicalUdfPath(udfPath: string): string {
  const { modulePath, exportName } = parseUdfPath(udfPath);
  return `${modulePath}:${exportName}`;
}

export function findFunction(built: { loaded: Map<string, Record<string, unknown>> }, udfPath: string): RegisteredFunction | null {
  const { modulePath, exportName } = parseUdfPath(udfPath);
  const fn = built.loaded.get(modulePath)?.[exportName];
  if (typeof fn !== "function" && (typeof fn !== "object" || fn === null)) return null;
  const f = fn as RegisteredFunction;
  return kindOf(f) === null ? null : f;
}
