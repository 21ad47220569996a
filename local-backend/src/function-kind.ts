/** What a client, the scheduler or a cron can run (HTTP actions answer requests instead). */
export type FunctionKind = "query" | "mutation" | "action";

/** The flags Convex's function builders set on what they register: exactly one of them. */
export interface FunctionFlags {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isHttp?: boolean;
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
