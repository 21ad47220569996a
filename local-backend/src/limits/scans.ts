// Documents scanned. Convex charges every document a query reads from its index range, also
// those a `.filter()` then drops, and it reads lazily: `.filter(…).first()` stops at the first
// match (crates/database/src/query/index_range.rs charges each document as the query pipeline
// pulls it). convex-test evaluates a whole query up front and charges only the documents it
// returns, so a filter over 40,000 documents passes here and fails in production. For queries
// with a filter we therefore pull documents one at a time and charge those the filter drops;
// convex-test still charges the ones returned.
import { getDocumentSize, type Value } from "convex/values";
import type { StoredDocument } from "../internals.js";
import type { LimitsDatabase, MetricsTracker, Query, ResolvedQuery } from "./types.js";

interface LazyScan {
  /** The tracker of the top-level transaction the query runs in. */
  owner: MetricsTracker | null;
  docs: StoredDocument[];
  next: number;
  keep: (doc: StoredDocument) => boolean;
  /** How many more documents `.take(n)`/`.first()` may return, if limited. */
  remaining: number | null;
}

type CurrentTracker = () => MetricsTracker | null;

export function chargeFilteredScans(db: LimitsDatabase, currentTracker: CurrentTracker): void {
  const chargeDropped = (doc: StoredDocument) => currentTracker()?.trackRead(getDocumentSize(doc as Record<string, Value>));
  scanFilteredQueriesLazily(db, currentTracker, chargeDropped);
  chargeDroppedWhilePaginating(db, chargeDropped);
}

function hasFilter(query: Query): boolean {
  return query.operators.some((operator) => "filter" in operator);
}

/** Text search keeps its own evaluation (and ranking); only index and table scans are taken over. */
function isRangeScan(query: Query): boolean {
  return query.source.type === "FullTableScan" || query.source.type === "IndexRange";
}

function scanFilteredQueriesLazily(
  db: LimitsDatabase,
  currentTracker: CurrentTracker,
  chargeDropped: (doc: StoredDocument) => void,
): void {
  const scans = new Map<number, LazyScan>();
  const resolve = db._resolveQuerySource.bind(db);
  const startQuery = db.startQuery.bind(db);
  const queryNext = db.queryNext.bind(db);

  db.startQuery = (query) => {
    if (!hasFilter(query) || !isRangeScan(query)) return startQuery(query);
    const resolved = resolve(query);
    const owner = currentTracker();
    forgetScansOfEndedTransactions(scans, owner);
    // Share convex-test's counter so our ids never collide with its own queries.
    const queryId = db._nextQueryId;
    db._nextQueryId += 1;
    scans.set(queryId, { owner, docs: resolved.sortedDocs, next: 0, keep: resolved.filterFn, remaining: resolved.limit });
    return queryId;
  };

  db.queryNext = (queryId) => {
    const scan = scans.get(queryId);
    if (!scan) return queryNext(queryId);
    const doc = nextKept(scan, chargeDropped);
    if (doc === null) {
      scans.delete(queryId);
      return { value: null, done: true };
    }
    return { value: doc, done: false };
  };
}

/**
 * A query abandoned early (`.first()`) is never finished; it is forgotten once a query starts in
 * another top-level transaction (each has its own tracker, which nested transactions share).
 */
function forgetScansOfEndedTransactions(scans: Map<number, LazyScan>, owner: MetricsTracker | null): void {
  for (const [queryId, scan] of scans) {
    if (scan.owner !== owner) scans.delete(queryId);
  }
}

function nextKept(scan: LazyScan, chargeDropped: (doc: StoredDocument) => void): StoredDocument | null {
  if (scan.remaining !== null && scan.remaining <= 0) return null;
  while (scan.next < scan.docs.length) {
    const doc = scan.docs[scan.next];
    scan.next += 1;
    if (scan.keep(doc)) {
      if (scan.remaining !== null) scan.remaining -= 1;
      return doc;
    }
    chargeDropped(doc);
  }
  return null;
}

/** `.paginate()` walks its range itself; charge what its filter drops while it does. */
function chargeDroppedWhilePaginating(db: LimitsDatabase, chargeDropped: (doc: StoredDocument) => void): void {
  const resolve = db._resolveQuerySource.bind(db);
  const paginate = db.paginate.bind(db);
  let paginating = false;

  db._resolveQuerySource = (query) => {
    const resolved = resolve(query);
    return paginating && hasFilter(query) ? withDroppedCharged(resolved, chargeDropped) : resolved;
  };
  db.paginate = (args) => {
    paginating = true;
    try {
      return paginate(args);
    } finally {
      paginating = false;
    }
  };
}

function withDroppedCharged(resolved: ResolvedQuery, chargeDropped: (doc: StoredDocument) => void): ResolvedQuery {
  const keep = resolved.filterFn;
  return {
    ...resolved,
    filterFn: (doc) => {
      const kept = keep(doc);
      if (!kept) chargeDropped(doc);
      return kept;
    },
  };
}
