// Argument and return-value validation with the Convex backend's own messages.
//
// On Convex the backend (Rust) checks a call's arguments against the function's `args` validator
// before any JS runs, and its result against `returns` afterwards:
//  - crates/model/src/modules/function_validators.rs: `ArgsValidator::check_args` (`v.any()`
//    args are not checked at all; a non-object argument has its own message) and
//    `ReturnsValidator::check_output` ("ReturnsValidationError: …"; none or `v.any()`: no check).
//  - crates/udf/src/validation.rs: wraps the args message as "ArgumentValidationError: {JsError}",
//    and a `JsError` displays as its message plus a newline, so that text ends in "\n".
//  - crates/common/src/schemas/validator.rs: the check itself and the wording (./check.ts).
//
// convex's `parseArgs` ("The arguments to a Convex function must be an object. Received: …")
// never runs on the backend: the clients, `ctx.run*`, the scheduler and crons call it before a
// request is sent, so it comes first and the backend never sees such a call from them.
// `callerArgumentsError` gives that text for adapters that take calls from elsewhere.
import { checkValue, describeValidationError, type IdTable } from "./check.js";
import { displayValue } from "./display.js";
import { parseValidatorText, type Validator } from "./validator.js";
import { isConvexObject } from "./values.js";

export type { IdTable } from "./check.js";

/**
 * Convex's message for args that do not match a function's args validator, or null.
 * `args` is the single argument object of the call (`undefined` counts as `{}`, as the clients
 * send it). The text ends with a newline, as Convex's does.
 */
export function argumentValidationError(argsValidatorJson: string, args: unknown, idTable: IdTable): string | null {
  const validator = cachedValidator(argsValidatorJson);
  // Only an object validator checks anything; Convex refuses to deploy any other kind but `any`.
  if (validator?.kind !== "object") return null;
  const arg = args === undefined ? {} : args;
  if (!isConvexObject(arg)) {
    return argumentError(`Expected to receive an object as the function's argument. Instead received: ${displayValue(arg)}`);
  }
  const error = checkValue(validator, arg, idTable);
  return error ? argumentError(describeValidationError(error)) : null;
}

/**
 * Convex's message for a return value that does not match its returns validator, or null.
 * `undefined` is checked as `null`, which is what a function returning nothing returns on Convex.
 * The function's path is not part of the message the caller sees (Convex names it only in its
 * own log when a result cannot be read at all), so `_udfPath` is unused.
 */
export function returnValueValidationError(
  _udfPath: string,
  returnsValidatorJson: string,
  value: unknown,
  idTable: IdTable,
): string | null {
  const validator = cachedValidator(returnsValidatorJson);
  if (validator === null || validator.kind === "any") return null;
  const error = checkValue(validator, value === undefined ? null : value, idTable);
  return error ? `ReturnsValidationError: ${describeValidationError(error)}` : null;
}

/**
 * What convex's `parseArgs` throws in the caller before a call is sent, or null when the args
 * are fine. For `null` that is the TypeError `Object.getPrototypeOf(null)` raises in it.
 */
export function callerArgumentsError(args: unknown): string | null {
  if (args === undefined) return null;
  if (args === null) return "Cannot convert undefined or null to object";
  if (isConvexObject(args)) return null;
  if (typeof args === "symbol") return "Cannot convert a Symbol value to a string";
  // parseArgs interpolates the value as it is, so arrays read `1,2` and objects `[object Object]`.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return `The arguments to a Convex function must be an object. Received: ${String(args)}`;
}

function argumentError(message: string): string {
  // "ArgumentValidationError: {error}" formats a JsError, whose Display adds a line break.
  return `ArgumentValidationError: ${message}\n`;
}

/** Functions export the same few validator texts on every call; parse each once. */
const parsedValidators = new Map<string, Validator | null>();
const MAX_CACHED_VALIDATORS = 2000;

function cachedValidator(json: string): Validator | null {
  const cached = parsedValidators.get(json);
  if (cached !== undefined) return cached;
  const validator = parseValidatorText(json);
  if (parsedValidators.size >= MAX_CACHED_VALIDATORS) parsedValidators.clear();
  parsedValidators.set(json, validator);
  return validator;
}
