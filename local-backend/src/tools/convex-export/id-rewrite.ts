// Ids inside documents (references like `v.id("users")`, `_storage` ids) change spelling between
// this backend and a Convex export; every string equal to a known id is rewritten, at any depth.
import type { Value } from "convex/values";

export function rewriteIds(value: Value, ids: ReadonlyMap<string, string>): Value {
  if (typeof value === "string") return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => rewriteIds(item, ids));
  if (typeof value === "object" && value !== null && !(value instanceof ArrayBuffer)) {
    return Object.fromEntries(Object.entries(value as Record<string, Value>).map(([key, item]) => [key, rewriteIds(item, ids)]));
  }
  return value;
}
