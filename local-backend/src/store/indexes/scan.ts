// A lazy walk over one index range, in index order, of what the running transaction sees: the
// committed tree merged with the transaction's own pending writes. Each step is one tree seek
// (O(log n)); nothing outside the rows read is touched. The scan keeps `read` up to date: the
// key range it has examined so far, which is what a later write must touch to change the result
// (Convex's read set).
import { type DatabaseFake, type StoredDocument, tableNameFromId } from "../../convex-test-adapter/internals.js";
import {
  aboveLow,
  belowHigh,
  type Bound,
  compareKeys,
  type IndexKey,
  inRange,
  keyOf,
  type KeyRange,
  seekKeyOfHigh,
  seekKeyOfLow,
} from "./keys.js";
import type { IndexStore } from "./store.js";

export type Order = "asc" | "desc";

export interface ScanSpec {
  table: string;
  indexName: string;
  fields: readonly string[];
  low: Bound;
  high: Bound;
  order: Order;
}

export interface ScanRow {
  key: IndexKey;
  doc: StoredDocument;
}

/** The newest version of every document of `table` the transaction wrote (null: deleted). */
export function pendingVersions(db: DatabaseFake, table: string): Map<string, StoredDocument | null> {
  const latest = new Map<string, StoredDocument | null>();
  for (let level = db._writes.length - 1; level >= 0; level--) {
    for (const [id, doc] of Object.entries(db._writes[level] ?? {})) {
      if (!latest.has(id) && tableNameFromId(id) === table) latest.set(id, doc);
    }
  }
  return latest;
}

export class RangeScan {
  /** The key range examined so far (shared with the read set, which sees it grow). */
  readonly read: KeyRange;
  private readonly tree;
  private readonly pending: ScanRow[];
  private readonly overwritten: ReadonlySet<string>;
  private pendingAt = 0;
  /** Where the committed walk stands: the last key taken from the tree, or the seek key. */
  private position: IndexKey;
  private committedHead: ScanRow | null | undefined = undefined;
  private peeked: ScanRow | null | undefined = undefined;

  constructor(
    store: IndexStore,
    db: DatabaseFake,
    private readonly spec: ScanSpec,
    /** Start strictly after this key (a pagination cursor), in scan order. */
    startAfter: IndexKey | null = null,
  ) {
    const asc = spec.order === "asc";
    this.tree = store.tree(spec.table, spec.indexName, spec.fields);
    let low = spec.low;
    let high = spec.high;
    if (startAfter) {
      if (asc) low = { prefix: startAfter, inclusive: false };
      else high = { prefix: startAfter, inclusive: false };
    }
    this.position = asc ? seekKeyOfLow(low) : seekKeyOfHigh(high);
    // Nothing examined yet: an empty range at the starting edge.
    this.read = asc
      ? { fields: spec.fields, low, high: { prefix: low.prefix, inclusive: false } }
      : { fields: spec.fields, low: { prefix: high.prefix, inclusive: false }, high };
    const versions = db._writes.length > 0 ? pendingVersions(db, spec.table) : new Map<string, StoredDocument | null>();
    this.overwritten = new Set(versions.keys());
    const bounds = { low, high };
    this.pending = [];
    for (const doc of versions.values()) {
      if (!doc) continue;
      const key = keyOf(doc, spec.fields);
      if (inRange(key, bounds)) this.pending.push({ key, doc });
    }
    this.pending.sort((a, b) => (asc ? compareKeys(a.key, b.key) : compareKeys(b.key, a.key)));
  }

  /** The next row without taking it (it counts as read). */
  peek(): ScanRow | null {
    if (this.peeked === undefined) this.peeked = this.advance();
    return this.peeked;
  }

  next(): ScanRow | null {
    const row = this.peek();
    this.peeked = undefined;
    return row;
  }

  private advance(): ScanRow | null {
    const committed = this.committed();
    const pending = this.pending[this.pendingAt] ?? null;
    let row: ScanRow | null;
    if (!committed || (pending && this.before(pending.key, committed.key))) {
      row = pending;
      if (pending) this.pendingAt += 1;
    } else {
      row = committed;
      this.committedHead = undefined;
    }
    this.extendRead(row);
    return row;
  }

  private before(a: IndexKey, b: IndexKey): boolean {
    const c = compareKeys(a, b);
    return this.spec.order === "asc" ? c < 0 : c > 0;
  }

  /** The next committed row in range that the transaction has not overwritten. */
  private committed(): ScanRow | null {
    if (this.committedHead !== undefined) return this.committedHead;
    const asc = this.spec.order === "asc";
    for (;;) {
      const pair = asc ? this.tree.nextHigherPair(this.position) : this.tree.nextLowerPair(this.position);
      if (!pair || !(asc ? belowHigh(pair[0], this.spec.high) : aboveLow(pair[0], this.spec.low))) {
        this.committedHead = null;
        return null;
      }
      this.position = pair[0];
      if (this.overwritten.has(pair[1]._id)) continue;
      this.committedHead = { key: pair[0], doc: pair[1] };
      return this.committedHead;
    }
  }

  /** Grow the examined range to this row, or to the end of the range when the scan is done. */
  private extendRead(row: ScanRow | null): void {
    const asc = this.spec.order === "asc";
    const edge: Bound = row ? { prefix: row.key, inclusive: true } : asc ? this.spec.high : this.spec.low;
    if (asc) this.read.high = edge;
    else this.read.low = edge;
  }
}
