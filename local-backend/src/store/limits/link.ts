// How a database finds the transaction manager whose metrics tracker its reads and scheduled
// functions count against. A `DatabaseFake` holds no reference to the manager, and one process
// may run several backends, so the link is made per database, at the start of a transaction:
// convex-test's `TransactionManager.begin()` reads the manager's `_limitsConfig` to create the
// transaction's tracker and then, in the same synchronous run, calls `startTransaction()` on
// every component's database. The manager announces itself in the first step (the limits turn
// `_limitsConfig` into a getter) and each database takes the announcement in the second. The
// announcement is withdrawn at the next microtask, so it never outlives that synchronous run.
import type { LimitsTransactionManager } from "./types.js";

let announced: LimitsTransactionManager | null = null;

export function announceTransactionStart(tm: LimitsTransactionManager): void {
  announced = tm;
  queueMicrotask(() => {
    if (announced === tm) announced = null;
  });
}

/** The manager starting a transaction right now, if called from inside its `begin()`. */
export function transactionManagerStartingNow(): LimitsTransactionManager | null {
  return announced;
}
