// The checks a Convex deployment makes on every document a function writes, in its order:
//   1. the syscall parses the value (arrays, fields, nesting, size of every nested value),
//      errors prefixed "Invalid argument `value` for `db.insert`:" (crates/isolate/src/environment/
//      udf/async_syscall.rs insert/shallow_merge/replace, crates/isolate/src/environment/helpers);
//   2. `_id` and `_creationTime` are added, re-checking the object (crates/common/src/document.rs
//      ResolvedDocument::new; for a patch, the merged object in crates/database/src/patch.rs);
//   3. the document is validated: nesting and `_`-prefixed fields ("… isn't a valid document");
//   4. the schema is enforced (convex-test's own validation);
//   5. the size is checked against 1 MiB (crates/database/src/transaction.rs apply_validated_write).
// Field names (`$`, non-ASCII, over 1024 characters) are refused earlier by `convexToJson` in the
// `convex` package, which runs unchanged here, so they need nothing from us.
import { definedFields, displayValue } from "./format.js";
import { MAX_DOCUMENT_NESTING, MAX_DOCUMENT_SIZE } from "./numbers.js";
import {
  bare,
  checkFieldCount,
  checkValueNesting,
  checkValueSize,
  type ErrorContext,
  fieldNameSize,
  limitError,
  measureObject,
  measureValue,
  type ValueShape,
  valueTooLarge,
} from "./values.js";

export type WriteKind = "insert" | "patch" | "replace";

/** The system fields the document will be stored with. */
export interface SystemFields {
  _id: string;
  _creationTime: number;
}

type Fields = Array<[string, unknown]>;

const SYSTEM_FIELD_NAMES = new Set(["_id", "_creationTime"]);

/**
 * Steps 1–3 for the user fields a write will store; returns the document's final size for the
 * size check that follows schema validation.
 */
export function checkDocumentBeforeSchema(
  kind: WriteKind,
  value: Record<string, unknown>,
  system: SystemFields,
  systemFieldsGiven: ReadonlySet<string> = new Set(),
): number {
  const fields = userFields(value);
  const shape = kind === "patch" ? measurePatchedDocument(fields, system) : measureNewBody(kind, fields, system, systemFieldsGiven);
  checkDocumentValidity(fields, system, shape.nesting);
  return shape.size;
}

/** Step 5. */
export function checkDocumentSize(size: number): void {
  if (size > MAX_DOCUMENT_SIZE) throw limitError(valueTooLarge(size, MAX_DOCUMENT_SIZE));
}

function userFields(value: Record<string, unknown>): Fields {
  return definedFields(value).filter(([name]) => !SYSTEM_FIELD_NAMES.has(name));
}

function argumentContext(kind: WriteKind): ErrorContext {
  return (message) => `Invalid argument \`value\` for \`db.${kind}\`: ${message}`;
}

/** `_id` and `_creationTime` with their values, in the order Convex adds them. */
function systemFieldList(system: SystemFields): Fields {
  return [
    ["_id", system._id],
    ["_creationTime", system._creationTime],
  ];
}

/**
 * insert/replace: the value is parsed as one object (with any system fields the caller passed,
 * e.g. a replace with `{ ...doc, … }`), then the missing system fields are added one by one.
 */
function measureNewBody(kind: WriteKind, fields: Fields, system: SystemFields, given: ReadonlySet<string>): ValueShape {
  const systemFields = systemFieldList(system);
  const parsed = [...fields, ...systemFields.filter(([name]) => given.has(name))];
  const body = measureObject(parsed, argumentContext(kind));
  let count = parsed.length;
  let size = body.size;
  for (const [name, field] of systemFields.filter(([name]) => !given.has(name))) {
    count += 1;
    size += fieldNameSize(name) + measureValue(field, bare).size;
    checkFieldCount(count, bare);
    checkValueSize(size, bare);
  }
  return { size, nesting: body.nesting };
}

/** patch: each field's value is parsed, then the merged document is checked as one object. */
function measurePatchedDocument(fields: Fields, system: SystemFields): ValueShape {
  const context = argumentContext("patch");
  let size = 2;
  let deepest = 0;
  for (const [name, field] of fields) {
    const shape = measureValue(field, context);
    size += fieldNameSize(name) + shape.size;
    deepest = Math.max(deepest, shape.nesting);
  }
  for (const [name, field] of systemFieldList(system)) size += fieldNameSize(name) + measureValue(field, bare).size;
  checkFieldCount(fields.length + SYSTEM_FIELD_NAMES.size, bare);
  checkValueSize(size, bare);
  checkValueNesting(deepest + 1, bare);
  return { size, nesting: deepest + 1 };
}

/** Step 3: every violation, joined the way `DocumentValidationError`s are. */
function checkDocumentValidity(fields: Fields, system: SystemFields, nesting: number): void {
  const violations: string[] = [];
  if (nesting > MAX_DOCUMENT_NESTING) {
    violations.push(`Document is too nested (nested ${nesting} levels deep > maximum nesting ${MAX_DOCUMENT_NESTING})`);
  }
  for (const [name] of fields) {
    if (name.startsWith("_")) {
      violations.push(`Field '${name}' starts with an underscore, which is only allowed for system fields like '_id'`);
    }
  }
  if (violations.length === 0) return;
  const document = `Document(value: ${displayValue({ ...Object.fromEntries(fields), ...system })})`;
  throw limitError(`${document} isn't a valid document: ${violations.join("\n ")}`);
}
