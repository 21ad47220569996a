// What a query read, as Convex tracks it to re-run only the subscriptions a commit can change:
// the key ranges of the indexes it scanned (as far as it actually scanned), the documents it
// fetched by id, and whole tables for reads that depend on every row (text search, counts).
// A commit touches a read set when a document it wrote has its old or new version inside one of
// those ranges, or is one of those ids.
//
// Checking is cheap however many ranges a query read: ranges that fix the first indexed field
// to one value (`.eq("workId", id)` and the like, most of them) are looked up by that value; only
// the others are compared one by one.
import type { StoredDocument } from "./internals.js";
import { fieldValue, type IndexKey, inRange, keyOf, type KeyRange, valueName } from "./indexes/keys.js";

/** One document written by a commit: `table` is a `tableKey` (component path and table). */
export interface DocWrite {
  componentPath: string;
  table: string;
  id: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
}

interface TableRanges {
  /** Ranges with one value of their first field, by field path and then by that value's name. */
  byFirstValue: Map<string, Map<string, KeyRange[]>>;
  other: KeyRange[];
}

/** Keys of a written document per index fields, computed once per commit for all read sets. */
const writeKeys = new WeakMap<DocWrite, Map<string, [IndexKey | null, IndexKey | null]>>();

function keysOf(write: DocWrite, fields: readonly string[]): [IndexKey | null, IndexKey | null] {
  let byFields = writeKeys.get(write);
  if (!byFields) {
    byFields = new Map();
    writeKeys.set(write, byFields);
  }
  const name = fields.join("\u0000");
  let keys = byFields.get(name);
  if (!keys) {
    keys = [write.before && keyOf(write.before, fields), write.after && keyOf(write.after, fields)];
    byFields.set(name, keys);
  }
  return keys;
}

function touches(write: DocWrite, range: KeyRange): boolean {
  const [before, after] = keysOf(write, range.fields);
  return (before !== null && inRange(before, range)) || (after !== null && inRange(after, range));
}

/** The name of the one value a range fixes its first field to, if it does. */
function firstValueName(range: KeyRange): string | null {
  if (range.low.prefix.length === 0 || range.high.prefix.length === 0) return null;
  const low = valueName(range.low.prefix[0]);
  return low !== null && low === valueName(range.high.prefix[0]) ? low : null;
}

export class ReadSet {
  private readonly tables = new Set<string>();
  private readonly ids = new Set<string>();
  private readonly idTables = new Set<string>();
  private readonly ranges = new Map<string, KeyRange[]>();
  /** Built on the first check, once the query has finished reading. */
  private lookup: Map<string, TableRanges> | null = null;

  addTable(table: string): void {
    this.tables.add(table);
  }

  addId(table: string, id: string): void {
    this.ids.add(id);
    this.idTables.add(table);
  }

  /** A range that may still grow while its query reads on (it is kept by reference). */
  addRange(table: string, range: KeyRange): void {
    this.lookup = null;
    const list = this.ranges.get(table);
    if (list) list.push(range);
    else this.ranges.set(table, [range]);
  }

  /** Tables read in any way (to index read sets by table). */
  tablesTouched(): Set<string> {
    return new Set([...this.tables, ...this.idTables, ...this.ranges.keys()]);
  }

  touchedBy(writes: readonly DocWrite[]): boolean {
    for (const write of writes) if (this.touchedByOne(write)) return true;
    return false;
  }

  private touchedByOne(write: DocWrite): boolean {
    if (this.tables.has(write.table) || this.ids.has(write.id)) return true;
    if (!this.ranges.has(write.table)) return false;
    const table = this.rangesOf(write.table);
    for (const range of table.other) if (touches(write, range)) return true;
    for (const [field, byValue] of table.byFirstValue) {
      for (const doc of [write.before, write.after]) {
        if (!doc) continue;
        const name = valueName(fieldValue(doc, field));
        const candidates = name === null ? null : byValue.get(name);
        if (candidates?.some((range) => touches(write, range))) return true;
      }
    }
    return false;
  }

  private rangesOf(table: string): TableRanges {
    this.lookup ??= new Map();
    let indexed = this.lookup.get(table);
    if (indexed) return indexed;
    indexed = { byFirstValue: new Map(), other: [] };
    for (const range of this.ranges.get(table) ?? []) {
      const name = firstValueName(range);
      if (name === null) {
        indexed.other.push(range);
        continue;
      }
      const field = range.fields[0];
      let byValue = indexed.byFirstValue.get(field);
      if (!byValue) {
        byValue = new Map();
        indexed.byFirstValue.set(field, byValue);
      }
      const list = byValue.get(name);
      if (list) list.push(range);
      else byValue.set(name, [range]);
    }
    this.lookup.set(table, indexed);
    return indexed;
  }
}
