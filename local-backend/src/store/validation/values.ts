// Convex values as JS, seen the way the backend's `ConvexValue` sees them
// (crates/value/src/lib.rs, object.rs): eight kinds, objects without `undefined` fields, fields
// in the order of a Rust `BTreeMap<String, _>` (byte order of the UTF-8 names).

export type ValueKind = "null" | "int64" | "float64" | "boolean" | "string" | "bytes" | "array" | "object";

/** The Convex kind of a JS value; throws for what is not a Convex value at all. */
export function kindOf(value: unknown): ValueKind {
  if (value === null) return "null";
  switch (typeof value) {
    case "number":
      return "float64";
    case "bigint":
      return "int64";
    case "boolean":
      return "boolean";
    case "string":
      return "string";
    default:
      break;
  }
  if (value instanceof ArrayBuffer) return "bytes";
  if (Array.isArray(value)) return "array";
  if (isConvexObject(value)) return "object";
  throw new TypeError(`Not a Convex value: ${describeForeign(value)}`);
}

/**
 * A plain object, judged as convex's `isSimpleObject` does: also objects made in another realm
 * (a `vm` context) whose prototype is that realm's `Object.prototype`.
 */
export function isConvexObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  return proto === null || proto === Object.prototype || proto.constructor?.name === "Object";
}

/** An object's fields as the backend holds them: `undefined` ones dropped, names in byte order. */
export function objectFields(object: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(object)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => compareFieldNames(a, b));
}

/** The field's value, or undefined when the backend's object would not have the field. */
export function fieldValue(object: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, name) ? object[name] : undefined;
}

/**
 * Rust orders `String`s by their UTF-8 bytes, which is code point order. JS `<` compares UTF-16
 * units, which disagrees once a name has characters beyond U+FFFF, so compare code points.
 */
export function compareFieldNames(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const l = left.next();
    const r = right.next();
    if (l.done || r.done) return l.done === r.done ? 0 : l.done ? -1 : 1;
    const difference = (l.value.codePointAt(0) ?? 0) - (r.value.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
}

function describeForeign(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "function") return "a function";
  if (typeof value === "symbol") return "a symbol";
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
  return name ? `an instance of ${name}` : "an object";
}
