// A function's validator as the Convex backend holds it, read from the JSON that the `convex`
// package exports (`exportArgs()` / `exportReturns()`, i.e. a validator's `.json`).
// Mirrors `ValidatorJson` → `Validator` in crates/common/src/schemas/json.rs and the `Validator`
// enum in crates/common/src/schemas/validator.rs.
import { jsonToConvex, type JSONValue } from "convex/values";
import { compareFieldNames, isConvexObject } from "./values.js";

export type LiteralValue = number | bigint | boolean | string;

export interface FieldValidator {
  validator: Validator;
  optional: boolean;
}

/** Fields in the backend's order (a `BTreeMap` keyed by field name). */
export type ObjectFields = ReadonlyArray<readonly [string, FieldValidator]>;

export type Validator =
  | { kind: "id"; table: string }
  | { kind: "null" | "float64" | "int64" | "commitTs" | "boolean" | "string" | "bytes" | "any" }
  | { kind: "literal"; value: LiteralValue }
  | { kind: "array"; element: Validator }
  | { kind: "record"; keys: Validator; values: Validator }
  | { kind: "object"; fields: ObjectFields }
  | { kind: "union"; members: Validator[] };

export type ObjectValidator = Extract<Validator, { kind: "object" }>;

/** The JSON `type` names the `convex` package writes, and the backend's name for each. */
const SIMPLE_TYPES: Record<string, Validator> = {
  null: { kind: "null" },
  number: { kind: "float64" },
  bigint: { kind: "int64" },
  commitTs: { kind: "commitTs" },
  boolean: { kind: "boolean" },
  string: { kind: "string" },
  bytes: { kind: "bytes" },
  any: { kind: "any" },
  // Old `convex` versions wrote these; the backend reads them as `any`.
  map: { kind: "any" },
  set: { kind: "any" },
};

/** Parses the JSON text of an exported validator; `null` stands for "no validator". */
export function parseValidatorText(text: string): Validator | null {
  const json = JSON.parse(text) as unknown;
  return json === null ? null : parseValidator(json);
}

export function parseValidator(json: unknown): Validator {
  const node = asRecord(json, "validator");
  const type = node.type;
  const simple = typeof type === "string" && Object.prototype.hasOwnProperty.call(SIMPLE_TYPES, type) ? SIMPLE_TYPES[type] : undefined;
  if (simple) return simple;
  switch (type) {
    case "id":
      return { kind: "id", table: asString(node.tableName, "id tableName") };
    case "literal":
      return { kind: "literal", value: parseLiteral(node.value) };
    case "array":
      return { kind: "array", element: parseValidator(node.value) };
    case "record":
      // Record values are written as a field (always required); only its validator matters.
      return { kind: "record", keys: parseValidator(node.keys), values: parseField(node.values).validator };
    case "object":
      return { kind: "object", fields: parseFields(node.value) };
    case "union":
      return { kind: "union", members: asArray(node.value, "union members").map(parseValidator) };
    default:
      throw new Error(`Unknown validator type: ${JSON.stringify(type)}`);
  }
}

function parseFields(json: unknown): ObjectFields {
  return Object.entries(asRecord(json, "object fields"))
    .map(([name, field]) => [name, parseField(field)] as const)
    .sort(([a], [b]) => compareFieldNames(a, b));
}

function parseField(json: unknown): FieldValidator {
  const field = asRecord(json, "field");
  return { validator: parseValidator(field.fieldType), optional: field.optional === true };
}

/** Literal values are Convex JSON: a number is a float64, `{"$integer": …}` an int64. */
function parseLiteral(json: unknown): LiteralValue {
  const value = jsonToConvex(json as JSONValue);
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean" || typeof value === "string") {
    return value;
  }
  throw new Error(`Invalid literal validator value: ${JSON.stringify(json)}`);
}

function asRecord(json: unknown, what: string): Record<string, unknown> {
  if (isConvexObject(json)) return json;
  throw new Error(`Invalid ${what} in validator JSON: ${JSON.stringify(json)}`);
}

function asArray(json: unknown, what: string): unknown[] {
  if (Array.isArray(json)) return json;
  throw new Error(`Invalid ${what} in validator JSON: ${JSON.stringify(json)}`);
}

function asString(json: unknown, what: string): string {
  if (typeof json === "string") return json;
  throw new Error(`Invalid ${what} in validator JSON: ${JSON.stringify(json)}`);
}
