// Checking a value against a validator, and the resulting message, as the Convex backend does it:
// `Validator::check_value` and `ValidationError` / `ValidationContext` with their Display in
// crates/common/src/schemas/validator.rs. The first mismatch wins; object fields are visited in
// name order, validator fields first (missing or wrong), then the object's own (extra ones).
import { displayLiteral, displayObject, displayValidator, displayValue } from "./display.js";
import type { LiteralValue, ObjectValidator, Validator } from "./validator.js";
import { fieldValue, kindOf, objectFields } from "./values.js";

/** Which table an id string belongs to, or null when it is not an id of any table. */
export type IdTable = (id: string) => string | null;

/** Where in the value the mismatch is, outermost step first: `.field`, `[3]`, `.keys()`. */
type Path = string[];

export type ValidationError =
  | { kind: "tableNamesDoNotMatch"; id: string; foundTable: string; validatorTable: string; path: Path }
  | { kind: "systemTableReference"; id: string; validatorTable: string; path: Path }
  | { kind: "literalValuesDoNotMatch"; value: unknown; literal: LiteralValue; path: Path }
  | { kind: "missingRequiredField"; object: Record<string, unknown>; field: string; validator: ObjectValidator; path: Path }
  | { kind: "extraField"; object: Record<string, unknown>; field: string; validator: ObjectValidator; path: Path }
  | { kind: "noMatch"; value: unknown; validator: Validator; path: Path };

/** The first way `value` fails `validator`, or null when it conforms. */
export function checkValue(validator: Validator, value: unknown, idTable: IdTable): ValidationError | null {
  switch (validator.kind) {
    case "any":
      return null;
    case "id":
      return checkId(validator.table, value, idTable, validator);
    case "literal":
      return sameLiteral(validator.value, value) ? null : { kind: "literalValuesDoNotMatch", value, literal: validator.value, path: [] };
    case "union":
      return checkUnion(validator, value, idTable);
    case "array":
      return kindOf(value) === "array" ? checkElements(validator.element, value as unknown[], idTable) : noMatch(validator, value);
    case "record":
      return kindOf(value) === "object" ? checkRecord(validator, value as Record<string, unknown>, idTable) : noMatch(validator, value);
    case "object":
      return kindOf(value) === "object" ? checkObject(validator, value as Record<string, unknown>, idTable) : noMatch(validator, value);
    default:
      return kindOf(value) === PRIMITIVE_KINDS[validator.kind] ? null : noMatch(validator, value);
  }
}

/** The value kind each simple validator accepts; a commit timestamp is an int64 once committed. */
const PRIMITIVE_KINDS: Record<"null" | "float64" | "int64" | "commitTs" | "boolean" | "string" | "bytes", string> = {
  null: "null",
  float64: "float64",
  int64: "int64",
  commitTs: "int64",
  boolean: "boolean",
  string: "string",
  bytes: "bytes",
};

function noMatch(validator: Validator, value: unknown): ValidationError {
  return { kind: "noMatch", value, validator, path: [] };
}

/** Adds one step of path in front, as the error travels out of a nested value. */
function within(step: string, error: ValidationError | null): ValidationError | null {
  if (error) error.path.unshift(step);
  return error;
}

/**
 * A string that is no id of any table fails like any other mismatch; an id of the wrong table
 * gets its own message, with system tables (names starting with `_`) not named.
 */
function checkId(table: string, value: unknown, idTable: IdTable, validator: Validator): ValidationError | null {
  const found = typeof value === "string" ? idTable(value) : null;
  if (found === null) return noMatch(validator, value);
  if (found === table) return null;
  const id = value as string;
  return found.startsWith("_")
    ? { kind: "systemTableReference", id, validatorTable: table, path: [] }
    : { kind: "tableNamesDoNotMatch", id, foundTable: found, validatorTable: table, path: [] };
}

/** Values compare by kind first, so `1n` is not `v.literal(1)`; floats compare bit-wise (-0 ≠ 0). */
function sameLiteral(literal: LiteralValue, value: unknown): boolean {
  return typeof value === typeof literal && Object.is(value, literal);
}

/** A one-member union is its member (its error kept); otherwise members' errors are dropped. */
function checkUnion(validator: Extract<Validator, { kind: "union" }>, value: unknown, idTable: IdTable): ValidationError | null {
  const [only, ...others] = validator.members;
  if (only && others.length === 0) return checkValue(only, value, idTable);
  const matches = validator.members.some((member) => checkValue(member, value, idTable) === null);
  return matches ? null : noMatch(validator, value);
}

function checkElements(element: Validator, items: unknown[], idTable: IdTable): ValidationError | null {
  for (const [index, item] of items.entries()) {
    const error = within(`[${index}]`, checkValue(element, item, idTable));
    if (error) return error;
  }
  return null;
}

function checkRecord(
  validator: Extract<Validator, { kind: "record" }>,
  object: Record<string, unknown>,
  idTable: IdTable,
): ValidationError | null {
  for (const [key, field] of objectFields(object)) {
    const error =
      within(".keys()", checkValue(validator.keys, key, idTable)) ?? within(".values()", checkValue(validator.values, field, idTable));
    if (error) return error;
  }
  return null;
}

function checkObject(validator: ObjectValidator, object: Record<string, unknown>, idTable: IdTable): ValidationError | null {
  for (const [name, field] of validator.fields) {
    const value = fieldValue(object, name);
    if (value !== undefined) {
      const error = within(`.${name}`, checkValue(field.validator, value, idTable));
      if (error) return error;
    } else if (!field.optional) {
      return { kind: "missingRequiredField", object, field: name, validator, path: [] };
    }
  }
  const known = new Set(validator.fields.map(([name]) => name));
  const extra = objectFields(object).find(([name]) => !known.has(name));
  return extra ? { kind: "extraField", object, field: extra[0], validator, path: [] } : null;
}

/** `ValidationContext`'s Display: nothing at the top level, else `Path: .a[0].b`. */
function displayPath(path: Path): string {
  return path.length === 0 ? "" : `Path: ${path.join("")}`;
}

/** `ValidationError`'s Display, line breaks and all (the context line stays even when empty). */
export function describeValidationError(error: ValidationError): string {
  const context = displayPath(error.path);
  switch (error.kind) {
    case "tableNamesDoNotMatch":
      return `Found ID "${error.id}" from table \`${error.foundTable}\`, which does not match the table name in validator \`v.id("${error.validatorTable}")\`.${context}`;
    case "systemTableReference":
      return `Found ID "${error.id}" from a system table, which does not match the table name in validator \`v.id("${error.validatorTable}")\`.${context}`;
    case "literalValuesDoNotMatch":
      return `\`${displayValue(error.value)}\` does not match literal validator \`v.literal(${displayLiteral(error.literal)})\`.${context}`;
    case "missingRequiredField":
      return `Object is missing the required field \`${error.field}\`. Consider wrapping the field validator in \`v.optional(...)\` if this is expected.\n${context}\nObject: ${displayObject(error.object)}\nValidator: ${displayValidator(error.validator)}`;
    case "extraField":
      return `Object contains extra field \`${error.field}\` that is not in the validator.\n${context}\nObject: ${displayObject(error.object)}\nValidator: ${displayValidator(error.validator)}`;
    case "noMatch":
      return `Value does not match validator.\n${context}\nValue: ${displayValue(error.value)}\nValidator: ${displayValidator(error.validator)}`;
  }
}
