// What the Convex backend checks while it turns any incoming value (a document, function
// arguments, a return value) into its own representation: array length, fields per object,
// nesting and size. Sizes follow `ConvexValue::size` (crates/value/src/size.rs), which is also
// what `getConvexSize` in `convex/values` computes.
import { definedFields, formatBinarySize, isPlainObject } from "./format.js";
import { MAX_ARRAY_LENGTH, MAX_OBJECT_FIELDS, MAX_VALUE_NESTING, MAX_VALUE_SIZE } from "./numbers.js";

/** Size in bytes and depth of objects/arrays (a number is 0 deep, `[1]` is 1 deep). */
export interface ValueShape {
  size: number;
  nesting: number;
}

/** Puts a bare backend message into the context the backend reports it in. */
export type ErrorContext = (message: string) => string;

export const bare: ErrorContext = (message) => message;

/** Errors reach functions as plain `Error`s, so clients see "Uncaught Error: …" as on Convex. */
export function limitError(message: string): Error {
  return new Error(message);
}

export function arrayTooLong(length: number): string {
  return `Array length is too long (${length} > maximum length ${MAX_ARRAY_LENGTH})`;
}

export function tooManyFields(count: number): string {
  return `Object has too many fields (${count} > maximum number ${MAX_OBJECT_FIELDS})`;
}

export function valueTooLarge(size: number, limit: number): string {
  return `Value is too large (${formatBinarySize(size)} > maximum size ${formatBinarySize(limit)})`;
}

export function valueTooNested(nesting: number): string {
  return `Value is too nested (nested ${nesting} levels deep > maximum nesting ${MAX_VALUE_NESTING})`;
}

export function checkFieldCount(count: number, context: ErrorContext): void {
  if (count > MAX_OBJECT_FIELDS) throw limitError(context(tooManyFields(count)));
}

export function checkValueSize(size: number, context: ErrorContext): void {
  if (size > MAX_VALUE_SIZE) throw limitError(context(valueTooLarge(size, MAX_VALUE_SIZE)));
}

export function checkValueNesting(nesting: number, context: ErrorContext): void {
  if (nesting > MAX_VALUE_NESTING) throw limitError(context(valueTooNested(nesting)));
}

const SMALL_LEAF: ValueShape = { size: 1, nesting: 0 };
const NUMBER_LEAF: ValueShape = { size: 9, nesting: 0 };

/**
 * Measure a Convex value and check it the way the backend parses it: depth first, children
 * before their container, so the first error reported is the one Convex reports.
 */
export function measureValue(value: unknown, context: ErrorContext): ValueShape {
  if (value === null || typeof value === "boolean") return SMALL_LEAF;
  if (typeof value === "number" || typeof value === "bigint") return NUMBER_LEAF;
  if (typeof value === "string") return measuredLeaf(2 + Buffer.byteLength(value, "utf8"), context);
  if (value instanceof ArrayBuffer) return measuredLeaf(2 + value.byteLength, context);
  if (Array.isArray(value)) return measureArray(value, context);
  if (isPlainObject(value)) return measureObject(definedFields(value), context);
  // A commit timestamp placeholder: an int64 once the transaction commits.
  return NUMBER_LEAF;
}

function measuredLeaf(size: number, context: ErrorContext): ValueShape {
  checkValueSize(size, context);
  return { size, nesting: 0 };
}

export function measureArray(items: readonly unknown[], context: ErrorContext): ValueShape {
  let size = 2;
  let deepest = 0;
  for (const item of items) {
    const shape = measureValue(item, context);
    size += shape.size;
    deepest = Math.max(deepest, shape.nesting);
  }
  if (items.length > MAX_ARRAY_LENGTH) throw limitError(context(arrayTooLong(items.length)));
  checkValueSize(size, context);
  checkValueNesting(deepest + 1, context);
  return { size, nesting: deepest + 1 };
}

/** An object given as its defined fields, in the backend's order (see `definedFields`). */
export function measureObject(fields: ReadonlyArray<[string, unknown]>, context: ErrorContext): ValueShape {
  let size = 2;
  let deepest = 0;
  for (const [name, field] of fields) {
    const shape = measureValue(field, context);
    size += fieldNameSize(name) + shape.size;
    deepest = Math.max(deepest, shape.nesting);
  }
  checkFieldCount(fields.length, context);
  checkValueSize(size, context);
  checkValueNesting(deepest + 1, context);
  return { size, nesting: deepest + 1 };
}

/** A field costs its name plus one separator byte, besides its value. */
export function fieldNameSize(name: string): number {
  return Buffer.byteLength(name, "utf8") + 1;
}
