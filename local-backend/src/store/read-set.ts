// What a query read, as Convex tracks it to re-run only the subscriptions a commit can change:
// the key ranges of the indexes it scanned (as far as it actually scanned), the documents it
// fetched by id, its text searches (terms and filters, search/reads.ts), and whole tables for
// reads that depend on every row (counts).
// A commit touches a read set when a document it wrote has its old or new version inside one of
// those ranges, or is one of those ids.
//
// Checking is cheap however many ranges a query read: ranges that fix the first indexed field
// to one value (`.eq("workId", id)` and the like, most of them) are looked up by that value; only
// the others are compared one by one. And however many queries are watched: a `ReadSetIndex`
// holds the read sets of every cached result or subscription by table, id and first value, so a
// commit checks only the few read sets that can contain what it wrote.
import type { StoredDocument } from "../convex-test-adapter/internals.js";
import { fieldValue, type IndexKey, inRange, keyOf, type KeyRange, valueName } from "./indexes/keys.js";
import { type SearchRead, searchMatches } from "./search/reads.js";

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

/** The first field of a range and the name of the one value it fixes that field to, if it does. */
function firstValueOf(range: KeyRange): { field: string; name: string } | null {
  // A key part may be `undefined` itself (a missing field), so it is the lengths that tell.
  const [field] = range.fields;
  if (field === undefined || range.low.prefix.length === 0 || range.high.prefix.length === 0) return null;
  const name = valueName(range.low.prefix[0]);
  return name !== null && name === valueName(range.high.prefix[0]) ? { field, name } : null;
}

/** A document of one component's table (ids are unique only within a component). */
const idKey = (table: string, id: string) => `${table}\u0000${id}`;

export class ReadSet {
  private readonly tables = new Set<string>();
  /** `idKey`s of the documents fetched by id. */
  private readonly ids = new Set<string>();
  private readonly ranges = new Map<string, KeyRange[]>();
  private readonly searches = new Map<string, SearchRead[]>();
  /** Built on the first check, once the query has finished reading. */
  private lookup: Map<string, TableRanges> | null = null;

  addTable(table: string): void {
    this.tables.add(table);
  }

  addId(table: string, id: string): void {
    this.ids.add(idKey(table, id));
  }

  addSearch(table: string, read: SearchRead): void {
    this.lookup = null;
    const list = this.searches.get(table);
    if (list) list.push(read);
    else this.searches.set(table, [read]);
  }

  /** A range that may still grow while its query reads on (it is kept by reference). */
  addRange(table: string, range: KeyRange): void {
    this.lookup = null;
    const list = this.ranges.get(table);
    if (list) list.push(range);
    else this.ranges.set(table, [range]);
  }

  touchedBy(writes: readonly DocWrite[]): boolean {
    for (const write of writes) if (this.touchedByWrite(write)) return true;
    return false;
  }

  touchedByWrite(write: DocWrite): boolean {
    if (this.tables.has(write.table) || this.ids.has(idKey(write.table, write.id))) return true;
    const searches = this.searches.get(write.table);
    if (searches?.some((read) => [write.before, write.after].some((doc) => doc !== null && searchMatches(read, doc)))) return true;
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

  /** Where a `ReadSetIndex` files this read set (once the query has finished reading). */
  indexEntries(): IndexEntries {
    const firstValues: IndexEntries["firstValues"] = [];
    const otherTables: string[] = [];
    for (const table of this.ranges.keys()) {
      const { byFirstValue, other } = this.rangesOf(table);
      if (other.length > 0) otherTables.push(table);
      for (const [field, byValue] of byFirstValue) for (const name of byValue.keys()) firstValues.push([table, field, name]);
    }
    for (const table of this.searches.keys()) if (!otherTables.includes(table)) otherTables.push(table);
    return { tables: [...this.tables], ids: [...this.ids], firstValues, otherTables };
  }

  private rangesOf(table: string): TableRanges {
    this.lookup ??= new Map();
    let indexed = this.lookup.get(table);
    if (indexed) return indexed;
    indexed = { byFirstValue: new Map(), other: [] };
    for (const range of this.ranges.get(table) ?? []) {
      const first = firstValueOf(range);
      if (first === null) {
        indexed.other.push(range);
        continue;
      }
      const { field, name } = first;
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

interface IndexEntries {
  /** Tables read whole. */
  tables: string[];
  /** `idKey`s. */
  ids: string[];
  /** [table, first field, value name] of each range that fixes its first field. */
  firstValues: Array<[string, string, string]>;
  /** Tables with searches, or ranges that do not fix their first field (checked on every write there). */
  otherTables: string[];
}

/** Get or create the value of a map entry. */
function entry<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/** Remove `item` from the set at `key`, and the set once empty. */
function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, item: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(item);
  if (set.size === 0) map.delete(key);
}

const newSet = <V>() => new Set<V>();

/**
 * Finished read sets of many queries, each with its owners (cache keys, subscriptions), indexed
 * so that a commit finds the owners it touches at a cost that depends on what it wrote, not on
 * how many queries are watched.
 */
export class ReadSetIndex<Owner> {
  private readonly owners = new Map<ReadSet, { owners: Set<Owner>; entries: IndexEntries }>();
  private readonly wholeTables = new Map<string, Set<ReadSet>>();
  private readonly byId = new Map<string, Set<ReadSet>>();
  /** Table, then first field, then that field's value name. */
  private readonly byFirstValue = new Map<string, Map<string, Map<string, Set<ReadSet>>>>();
  private readonly others = new Map<string, Set<ReadSet>>();

  add(reads: ReadSet, owner: Owner): void {
    const known = this.owners.get(reads);
    if (known) {
      known.owners.add(owner);
      return;
    }
    const entries = reads.indexEntries();
    this.owners.set(reads, { owners: new Set([owner]), entries });
    for (const table of entries.tables) entry(this.wholeTables, table, newSet).add(reads);
    for (const id of entries.ids) entry(this.byId, id, newSet).add(reads);
    for (const table of entries.otherTables) entry(this.others, table, newSet).add(reads);
    for (const [table, field, name] of entries.firstValues) {
      const byField = entry(this.byFirstValue, table, () => new Map<string, Map<string, Set<ReadSet>>>());
      entry(
        entry(byField, field, () => new Map<string, Set<ReadSet>>()),
        name,
        newSet,
      ).add(reads);
    }
  }

  delete(reads: ReadSet, owner: Owner): void {
    const known = this.owners.get(reads);
    if (!known?.owners.delete(owner) || known.owners.size > 0) return;
    this.owners.delete(reads);
    const { entries } = known;
    for (const table of entries.tables) removeFrom(this.wholeTables, table, reads);
    for (const id of entries.ids) removeFrom(this.byId, id, reads);
    for (const table of entries.otherTables) removeFrom(this.others, table, reads);
    for (const [table, field, name] of entries.firstValues) {
      const byField = this.byFirstValue.get(table);
      const byValue = byField?.get(field);
      if (!byField || !byValue) continue;
      removeFrom(byValue, name, reads);
      if (byValue.size === 0) byField.delete(field);
      if (byField.size === 0) this.byFirstValue.delete(table);
    }
  }

  clear(): void {
    for (const map of [this.owners, this.wholeTables, this.byId, this.byFirstValue, this.others]) map.clear();
  }

  /** The owners of every read set the writes touch. */
  touchedBy(writes: readonly DocWrite[]): Set<Owner> {
    const touched = new Set<ReadSet>();
    const check = (reads: ReadSet, write: DocWrite) => {
      if (!touched.has(reads) && reads.touchedByWrite(write)) touched.add(reads);
    };
    for (const write of writes) {
      for (const reads of this.wholeTables.get(write.table) ?? []) touched.add(reads);
      for (const reads of this.byId.get(idKey(write.table, write.id)) ?? []) touched.add(reads);
      for (const reads of this.others.get(write.table) ?? []) check(reads, write);
      for (const [field, byValue] of this.byFirstValue.get(write.table) ?? []) {
        const before = write.before && valueName(fieldValue(write.before, field));
        const after = write.after && valueName(fieldValue(write.after, field));
        for (const name of before === after ? [before] : [before, after]) {
          if (name === null) continue;
          for (const reads of byValue.get(name) ?? []) check(reads, write);
        }
      }
    }
    const owners = new Set<Owner>();
    for (const reads of touched) for (const owner of this.owners.get(reads)!.owners) owners.add(owner);
    return owners;
  }
}
