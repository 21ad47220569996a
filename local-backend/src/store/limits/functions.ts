// Convex's checks on function arguments and return values (crates/udf/src/validation.rs and
// crates/udf/src/helpers.rs parse_udf_args / validate_args_size; crates/isolate/src/helpers.rs
// deserialize_udf_result). They need the arguments and the result of each call, which only the
// engine sees, so they are offered here for the engine to call: each returns Convex's message
// (which Convex reports as the function's error, without "Uncaught Error: "), or null.
import { formatBinarySize } from "./format.js";
import { MAX_FUNCTION_ARGS_SIZE, MAX_FUNCTION_RESULT_SIZE } from "./numbers.js";
import { displayFunctionPath } from "./scheduling.js";
import { measureArray, measureValue } from "./values.js";

/** Arguments of a call from a client, another function or the scheduler. */
export function functionArgumentsError(udfPath: string, args: unknown): string | null {
  const path = displayFunctionPath(udfPath);
  return firstError(() => {
    // Convex parses the argument list `[args]`, so the list adds one level of nesting.
    const { size } = measureArray([args], (message) => `Invalid arguments for ${path}: ${message}`);
    if (size > MAX_FUNCTION_ARGS_SIZE) {
      return `Arguments for ${path} are too large (actual: ${formatBinarySize(size)}, limit: ${formatBinarySize(MAX_FUNCTION_ARGS_SIZE)})`;
    }
    return null;
  });
}

/** A query's, mutation's or action's return value (`undefined` is returned as null). */
export function functionReturnValueError(udfPath: string, value: unknown): string | null {
  const path = displayFunctionPath(udfPath);
  return firstError(() => {
    const { size } = measureValue(value ?? null, (message) => `Function ${path} return value invalid: ${message}`);
    if (size > MAX_FUNCTION_RESULT_SIZE) {
      return `Function ${path} return value is too large (actual: ${formatBinarySize(size)}, limit: ${formatBinarySize(MAX_FUNCTION_RESULT_SIZE)})`;
    }
    return null;
  });
}

function firstError(check: () => string | null): string | null {
  try {
    return check();
  } catch (err) {
    if (err instanceof Error) return err.message;
    throw err;
  }
}
