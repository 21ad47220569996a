// Scheduled functions. Whoever schedules (convex-test's syscall or the backend's own scheduler)
// stores the job as a `_scheduled_functions` document whose `args` is the argument list
// `[args]`, so that insert is the one place to check and count them, in Convex's order
// (crates/isolate/src/environment/udf/async_syscall.rs schedule): the arguments are parsed like
// any value (crates/udf/src/validation.rs validate_schedule_args, "Invalid arguments for …"),
// then counted against the transaction (crates/model/src/scheduled_jobs/mod.rs).
import { chargeScheduledFunction } from "./transactions.js";
import type { MetricsTracker } from "./types.js";
import { measureArray } from "./values.js";

export const SCHEDULED_FUNCTIONS_TABLE = "_scheduled_functions";

export function checkScheduledFunction(job: Record<string, unknown>, tracker: MetricsTracker | null): void {
  const argumentList = Array.isArray(job.args) ? (job.args as unknown[]) : [];
  const path = displayFunctionPath(String(job.name));
  const { size } = measureArray(argumentList, (message) => `Invalid arguments for ${path}: ${message}`);
  if (tracker) chargeScheduledFunction(tracker, size);
}

/** Convex names functions by their canonical module path, e.g. `messages.js:send`. */
export function displayFunctionPath(udfPath: string): string {
  const separator = udfPath.lastIndexOf(":");
  const modulePath = separator === -1 ? udfPath : udfPath.slice(0, separator);
  const exportName = separator === -1 ? "default" : udfPath.slice(separator + 1);
  const hasExtension = /\.[^/]+$/.test(modulePath);
  return `${hasExtension ? modulePath : `${modulePath}.js`}:${exportName}`;
}
