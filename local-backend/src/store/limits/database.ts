// Per-database hooks: every document a function writes is checked against Convex's document
// limits, scheduled functions are checked and counted, and filtered queries charge every
// document they scan (through the charger returned to the indexes). Everything is installed on the one `DatabaseFake` instance given.
import { type DatabaseFake, InternalsMismatchError } from "../../convex-test-adapter/internals.js";
import { checkDocumentBeforeSchema, checkDocumentSize, type SystemFields, type WriteKind } from "./documents.js";
import { transactionManagerStartingNow } from "./link.js";
import { chargeFilteredOut, type FilteredOutCharger } from "./scans.js";
import { checkScheduledFunction, SCHEDULED_FUNCTIONS_TABLE } from "./scheduling.js";
import type { LimitsDatabase, LimitsTransactionManager, MetricsTracker } from "./types.js";

interface PendingWrite {
  kind: WriteKind;
  table: string;
  /** The document patched or replaced; null for an insert. */
  id: string | null;
  /** System fields the caller passed in a replace (convex-test drops them before validating). */
  systemFieldsGiven?: ReadonlySet<string>;
}

const REQUIRED_METHODS = ["insert", "patch", "replace", "get", "_validate", "_generateId", "startTransaction"] as const;
const REQUIRED_NUMBERS = ["_nextDocId", "_lastCreationTime", "_nextQueryId"] as const;

/** Returns what charges a document a query's `.filter()` dropped (the indexes report them). */
export function installDocumentLimits(db: DatabaseFake): FilteredOutCharger {
  const fake = requireDatabaseInternals(db);
  const currentTracker = linkTransactionManager(fake);
  checkWrites(fake, currentTracker);
  return chargeFilteredOut(currentTracker);
}

function requireDatabaseInternals(db: DatabaseFake): LimitsDatabase {
  const fields = db as unknown as Record<string, unknown>;
  const missing = [
    ...REQUIRED_METHODS.filter((name) => typeof fields[name] !== "function").map((name) => `DatabaseFake.${name}()`),
    ...REQUIRED_NUMBERS.filter((name) => typeof fields[name] !== "number").map((name) => `DatabaseFake.${name}`),
  ];
  if (missing.length > 0) throw new InternalsMismatchError(missing);
  return db as LimitsDatabase;
}

/** The tracker of the transaction this database is in (see link.ts for how the manager is found). */
function linkTransactionManager(db: LimitsDatabase): () => MetricsTracker | null {
  let manager: LimitsTransactionManager | null = null;
  const startTransaction = db.startTransaction.bind(db);
  db.startTransaction = () => {
    manager ??= transactionManagerStartingNow();
    startTransaction();
  };
  return () => manager?.getMetricsTracker() ?? null;
}

function isSystemTable(table: string): boolean {
  return table.startsWith("_");
}

/**
 * convex-test's insert, patch and replace all call `_validate` (its schema check) with the
 * fields they are about to store, before staging the write: Convex checks the document right
 * before and after its schema check, so that is where ours go. The wrappers only tell
 * `_validate` which write it is checking.
 */
function checkWrites(db: LimitsDatabase, currentTracker: () => MetricsTracker | null): void {
  let pending: PendingWrite | null = null;
  const during = <T>(write: PendingWrite, run: () => T): T => {
    const outer = pending;
    pending = write;
    try {
      return run();
    } finally {
      pending = outer;
    }
  };

  const insert = db.insert.bind(db);
  const patch = db.patch.bind(db);
  const replace = db.replace.bind(db);
  const validate = db._validate.bind(db);
  db.insert = (table, value) => {
    if (table === SCHEDULED_FUNCTIONS_TABLE) checkScheduledFunction(value, currentTracker());
    return during({ kind: "insert", table, id: null }, () => insert(table, value));
  };
  db.patch = (table, id, value) => during({ kind: "patch", table, id }, () => patch(table, id, value));
  db.replace = (table, id, value) =>
    during({ kind: "replace", table, id, systemFieldsGiven: systemFieldsIn(value) }, () => replace(table, id, value));
  db._validate = (table, doc) => {
    const write = pending;
    if (write === null || isSystemTable(table)) {
      validate(table, doc);
      return;
    }
    const size = checkDocumentBeforeSchema(write.kind, doc, systemFieldsOf(db, write), write.systemFieldsGiven);
    validate(table, doc);
    checkDocumentSize(size);
  };
}

function systemFieldsIn(value: Record<string, unknown> | null): ReadonlySet<string> {
  // A value that is not an object is left to convex-test to refuse.
  if (typeof value !== "object" || value === null) return new Set();
  return new Set(["_id", "_creationTime"].filter((name) => value[name] !== undefined));
}

function systemFieldsOf(db: LimitsDatabase, write: PendingWrite): SystemFields {
  if (write.id === null) return { _id: predictInsertedId(db, write.table), _creationTime: predictCreationTime(db) };
  const current = db.get(undefined, write.id);
  return { _id: write.id, _creationTime: current?._creationTime ?? 0 };
}

/** The id convex-test's insert is about to generate (its length counts towards the size). */
function predictInsertedId(db: LimitsDatabase, table: string): string {
  const next = db._nextDocId;
  try {
    return db._generateId(table);
  } finally {
    db._nextDocId = next;
  }
}

/** The creation time convex-test's insert is about to assign (only shown in error messages). */
function predictCreationTime(db: LimitsDatabase): number {
  const now = Date.now();
  return now <= db._lastCreationTime ? db._lastCreationTime + 0.001 : now;
}
