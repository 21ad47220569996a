// Convex's documented limits (document size, nesting, arrays, field names, transaction
// read/write budgets), enforced with the errors Convex gives.
import type { DatabaseFake, TransactionManager } from "../internals.js";

/** Check every document written to one database (app or component) against Convex's limits. */
export function installDocumentLimits(_db: DatabaseFake): void {
  // Filled in by the limits work.
}

/** Enforce Convex's per-transaction read/write/scheduling budgets. */
export function installTransactionLimits(_tm: TransactionManager): void {
  // Filled in by the limits work.
}
