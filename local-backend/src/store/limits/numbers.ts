// Convex's limits, with the place in the Convex backend source (get-convex/convex-backend) each
// number comes from. The docs page https://docs.convex.dev/production/state/limits lists the same
// numbers; where the two differ, the backend source wins, since it is what production enforces.

const MiB = 1 << 20;

/** A stored document, system fields included (crates/common/src/document.rs MAX_USER_SIZE). */
export const MAX_DOCUMENT_SIZE = MiB;
/** Objects and arrays inside a stored document (crates/common/src/document.rs MAX_DOCUMENT_NESTING). */
export const MAX_DOCUMENT_NESTING = 16;
/** Any value: arguments, return values, documents (crates/value/src/size.rs MAX_SIZE). */
export const MAX_VALUE_SIZE = 32 * MiB;
/** Any value (crates/value/src/size.rs MAX_NESTING). */
export const MAX_VALUE_NESTING = 64;
/** Any array (crates/value/src/array.rs MAX_ARRAY_LEN). */
export const MAX_ARRAY_LENGTH = 8192;
/** Any object, a document's `_id` and `_creationTime` included (crates/value/src/object.rs MAX_OBJECT_FIELDS). */
export const MAX_OBJECT_FIELDS = 1024;
/** Function arguments (crates/common/src/knobs.rs FUNCTION_MAX_ARGS_SIZE). */
export const MAX_FUNCTION_ARGS_SIZE = 16 * MiB;
/** Function return values (crates/common/src/knobs.rs FUNCTION_MAX_RESULT_SIZE). */
export const MAX_FUNCTION_RESULT_SIZE = 16 * MiB;

/**
 * Per-transaction budgets (crates/common/src/knobs.rs, gathered in
 * crates/database/src/execution_size.rs TransactionLimits). Keys are convex-test's names.
 */
export const TRANSACTION_LIMITS = {
  /** TRANSACTION_MAX_READ_SIZE_BYTES */
  bytesRead: 16 * MiB,
  /** TRANSACTION_MAX_READ_SIZE_ROWS: documents scanned, filtered-out ones included */
  documentsRead: 32_000,
  /** TRANSACTION_MAX_READ_SET_INTERVALS: index ranges (each db.get and db.query) */
  databaseQueries: 4096,
  /** TRANSACTION_MAX_NUM_USER_WRITES */
  documentsWritten: 16_000,
  /** TRANSACTION_MAX_USER_WRITE_SIZE_BYTES */
  bytesWritten: 16 * MiB,
  /** TRANSACTION_MAX_NUM_SCHEDULED */
  functionsScheduled: 1000,
  /** TRANSACTION_MAX_SCHEDULED_TOTAL_ARGUMENT_SIZE_BYTES */
  scheduledFunctionArgsBytes: 16 * MiB,
} as const;

export type TransactionMetric = keyof typeof TRANSACTION_LIMITS;
