// Per-transaction budgets. convex-test 0.0.60 already counts reads, writes, index ranges and
// scheduled functions in a `TransactionMetricsTracker` per top-level transaction (off unless
// `transactionLimits` is configured); we switch it on with Convex's numbers and make its errors
// Convex's. The messages and the order of the checks are those of crates/database/src/reads.rs
// (record_read_document, record_indexed_directly), crates/database/src/writes.rs (update) and
// crates/model/src/scheduled_jobs/mod.rs (check_scheduling_limits).
import { InternalsMismatchError, type TransactionManager } from "../../convex-test-adapter/internals.js";
import { formatBytes } from "./format.js";
import { announceTransactionStart } from "./link.js";
import { TRANSACTION_LIMITS } from "./numbers.js";
import type { LimitsTransactionManager, MetricsLayer, MetricsTracker } from "./types.js";
import { limitError } from "./values.js";

/** crates/database/src/reads.rs OVER_LIMIT_HELP, appended to the read errors. */
const OVER_LIMIT_HELP =
  "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

export function installTransactionLimits(tm: TransactionManager): void {
  const manager = requireManagerInternals(tm);
  // Read by begin() for every top-level transaction, right before it starts the databases'
  // transactions: both the place to hand over Convex's numbers and to announce the manager.
  Object.defineProperty(manager, "_limitsConfig", {
    configurable: true,
    enumerable: true,
    get: () => {
      announceTransactionStart(manager);
      return { ...TRANSACTION_LIMITS };
    },
  });
  const begin = manager.begin.bind(manager);
  manager.begin = async (isNested, transactionLimits) => {
    await begin(isNested, transactionLimits);
    // A top-level begin() created a new tracker; nested transactions share it.
    if (!isNested) useConvexChecks(manager._metricsTracker);
  };
}

function requireManagerInternals(tm: TransactionManager): LimitsTransactionManager {
  const manager = tm as LimitsTransactionManager;
  const missing: string[] = [];
  if (typeof manager.begin !== "function") missing.push("TransactionManager.begin()");
  if (typeof manager.getMetricsTracker !== "function") missing.push("TransactionManager.getMetricsTracker()");
  if (!("_limitsConfig" in manager)) missing.push("TransactionManager._limitsConfig");
  if (!("_metricsTracker" in manager)) missing.push("TransactionManager._metricsTracker");
  if (missing.length > 0) throw new InternalsMismatchError(missing);
  return manager;
}

/** Replace one tracker's checks with Convex's; its layers (nesting, budgets) stay convex-test's. */
function useConvexChecks(tracker: MetricsTracker | null): void {
  if (!tracker) return;
  if (typeof tracker._current !== "function") throw new InternalsMismatchError(["TransactionMetricsTracker._current()"]);
  tracker.trackRead = (size) => countRead(tracker._current(), size);
  tracker.trackWrite = (size) => countWrite(tracker._current(), size);
  tracker.trackIndexRange = () => countIndexRange(tracker._current());
  // Every scheduled function is a `_scheduled_functions` insert, and that is where the database
  // hooks count it (chargeScheduledFunction), whichever code path scheduled it. Counting here
  // as well would count it twice.
  tracker.trackScheduledFunction = () => undefined;
}

function countRead(layer: MetricsLayer | undefined, size: number): void {
  if (!layer) return;
  layer.metrics.documentsRead += 1;
  layer.metrics.bytesRead += size;
  if (!layer.enforce) return;
  const { documentsRead, bytesRead } = layer.limits;
  if (layer.metrics.documentsRead > documentsRead) {
    throw limitError(`Too many documents read in a single function execution (limit: ${documentsRead}). ${OVER_LIMIT_HELP}`);
  }
  if (layer.metrics.bytesRead > bytesRead) {
    throw limitError(`Too many bytes read in a single function execution (limit: ${bytesRead} bytes). ${OVER_LIMIT_HELP}`);
  }
}

function countWrite(layer: MetricsLayer | undefined, size: number): void {
  if (!layer) return;
  layer.metrics.documentsWritten += 1;
  layer.metrics.bytesWritten += size;
  if (!layer.enforce) return;
  const { documentsWritten, bytesWritten } = layer.limits;
  if (layer.metrics.documentsWritten > documentsWritten) {
    throw limitError(`Too many writes in a single function execution (limit: ${documentsWritten})`);
  }
  if (layer.metrics.bytesWritten > bytesWritten) {
    throw limitError(`Too many bytes written in a single function execution (limit: ${formatBytes(bytesWritten)})`);
  }
}

function countIndexRange(layer: MetricsLayer | undefined): void {
  if (!layer) return;
  layer.metrics.databaseQueries += 1;
  if (!layer.enforce) return;
  const { databaseQueries } = layer.limits;
  if (layer.metrics.databaseQueries > databaseQueries) {
    throw limitError(`Too many reads in a single function execution (limit: ${databaseQueries}). ${OVER_LIMIT_HELP}`);
  }
}

/** Count one scheduled function; Convex checks before counting, so a refused one is not counted. */
export function chargeScheduledFunction(tracker: MetricsTracker, argsSize: number): void {
  const layer = tracker._current();
  if (!layer) return;
  const { functionsScheduled, scheduledFunctionArgsBytes } = layer.limits;
  if (layer.enforce && layer.metrics.functionsScheduled >= functionsScheduled) {
    throw limitError(`Too many functions scheduled by this mutation (limit: ${functionsScheduled})`);
  }
  if (layer.enforce && layer.metrics.scheduledFunctionArgsBytes + argsSize > scheduledFunctionArgsBytes) {
    throw limitError(
      `Too large total size of the arguments of scheduled functions from this mutation (limit: ${scheduledFunctionArgsBytes} bytes)`,
    );
  }
  layer.metrics.functionsScheduled += 1;
  layer.metrics.scheduledFunctionArgsBytes += argsSize;
}
