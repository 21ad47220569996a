// Index keys and key ranges, ordered exactly as Convex orders values (convex/values
// compareValues: undefined < null < int64 < float64 < boolean < string < bytes < array < object).
// A key is the tuple of a document's indexed field values followed by `_creationTime` and `_id`,
// so every key in an index is unique.
import { compareValues, type Value } from "convex/values";

/** Sorts before / after every value: seeks to the edge of a key prefix. */
export const KEY_MIN = Symbol("key-min");
export const KEY_MAX = Symbol("key-max");
type Sentinel = typeof KEY_MIN | typeof KEY_MAX;

export type KeyPart = Value | undefined | Sentinel;
export type IndexKey = readonly KeyPart[];

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/** Convex orders strings by UTF-8 bytes, which is code point order (not UTF-16 unit order). */
function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Units differ from code point order only where a surrogate (a code point past U+FFFF)
    // meets a unit of U+E000–U+FFFF.
    const xs = isSurrogate(x);
    if (xs === isSurrogate(y)) return x < y ? -1 : 1;
    return xs ? 1 : -1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function comparePart(a: KeyPart, b: KeyPart): number {
  // 0 and -0 are different values to Convex.
  if (a === b && (a !== 0 || Object.is(a, b))) return 0;
  if (a === KEY_MIN || b === KEY_MAX) return -1;
  if (a === KEY_MAX || b === KEY_MIN) return 1;
  // Fast paths for the common cases; every other case is Convex's own comparison.
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  if (typeof a === "number" && typeof b === "number" && a === a && b === b && a !== 0 && b !== 0) return a < b ? -1 : 1;
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : 1;
  return compareValues(a, b);
}

/**
 * A string naming one value exactly (two values get the same name only if Convex finds them
 * equal), for values worth hashing; null for the rest.
 */
export function valueName(value: KeyPart): string | null {
  switch (typeof value) {
    case "string":
      return `s${value}`;
    case "number":
      return value !== value ? null : Object.is(value, -0) ? "n-0" : `n${value}`;
    case "bigint":
      return `b${value}`;
    case "boolean":
      return value ? "t" : "f";
    case "undefined":
      return "u";
    default:
      return value === null ? "z" : null;
  }
}

/**
 * Tuple order. A key that is a prefix of another sorts first, unless the longer one goes on with
 * a sentinel: `[...p, KEY_MIN]` sorts before every key starting with `p`, `[...p, KEY_MAX]` after.
 */
export function compareKeys(a: IndexKey, b: IndexKey): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = comparePart(a[i], b[i]);
    if (c !== 0) return c;
  }
  if (a.length > n) return a[n] === KEY_MIN ? -1 : 1;
  if (b.length > n) return b[n] === KEY_MIN ? 1 : -1;
  return 0;
}

/** Compare the first `prefix.length` parts of a key with a prefix: 0 means the key starts with it. */
export function comparePrefix(key: IndexKey, prefix: IndexKey): number {
  for (let i = 0; i < prefix.length; i++) {
    const c = comparePart(key[i], prefix[i]);
    if (c !== 0) return c;
  }
  return 0;
}

function isSimpleObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  return prototype === null || prototype === Object.prototype || prototype.constructor?.name === "Object";
}

/** A (possibly nested, dot-separated) field of a document, as Convex's indexes read it. */
export function fieldValue(doc: Record<string, unknown>, fieldPath: string): Value | undefined {
  if (!fieldPath.includes(".")) return doc[fieldPath] as Value | undefined;
  let result: unknown = doc;
  for (const part of fieldPath.split(".")) {
    result = result !== undefined && result !== null && isSimpleObject(result) ? result[part] : undefined;
  }
  return result as Value | undefined;
}

export function keyOf(doc: Record<string, unknown>, fields: readonly string[]): IndexKey {
  return fields.map((f) => fieldValue(doc, f));
}

/** One end of a key range: keys starting with `prefix` are inside when `inclusive`. */
export interface Bound {
  prefix: IndexKey;
  inclusive: boolean;
}

/** Keys from `low` to `high` of one index (fields include `_creationTime` and `_id`). */
export interface KeyRange {
  fields: readonly string[];
  low: Bound;
  high: Bound;
}

export const UNBOUNDED_LOW: Bound = { prefix: [], inclusive: true };
export const UNBOUNDED_HIGH: Bound = { prefix: [], inclusive: true };

export function aboveLow(key: IndexKey, low: Bound): boolean {
  const c = comparePrefix(key, low.prefix);
  return c > 0 || (c === 0 && low.inclusive);
}

export function belowHigh(key: IndexKey, high: Bound): boolean {
  const c = comparePrefix(key, high.prefix);
  return c < 0 || (c === 0 && high.inclusive);
}

export function inRange(key: IndexKey, range: { low: Bound; high: Bound }): boolean {
  return aboveLow(key, range.low) && belowHigh(key, range.high);
}

/** The smallest key at or above a low bound, for seeking. */
export function seekKeyOfLow(low: Bound): IndexKey {
  return [...low.prefix, low.inclusive ? KEY_MIN : KEY_MAX];
}

/** The largest key at or below a high bound, for seeking backwards. */
export function seekKeyOfHigh(high: Bound): IndexKey {
  return [...high.prefix, high.inclusive ? KEY_MAX : KEY_MIN];
}
