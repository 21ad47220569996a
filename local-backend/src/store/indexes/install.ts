// Index range and table scans served from ordered indexes instead of convex-test's walk over
// every document. Installed first on each database, under search and the limits, it replaces:
// - `_iterateDocs` (one table's documents, not every document of every table),
// - `startQuery` / `queryNext` (`1.0/queryStream`): lazy, one seek per row, `.take(n)`,
//   `.first()` and `.filter()` reading only what they consume,
// - `paginate` (`1.0/queryPage`): seeks to the cursor instead of skipping to it.
// convex-test's own `_evaluateQuery` / `_resolveQuerySource` are then only reached for text
// search, and read documents through `_iterateDocs`.
// What a query means (index validation and its error messages, `.filter()` expressions, order,
// limit) is still decided by convex-test's own `_resolveQuerySource`, called with no documents.
// Cursors are convex-test's own format, so pages are interchangeable with its `paginate`.
import { convexToJson, getDocumentSize, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { DatabaseFake, StoredDocument } from "../../convex-test-adapter/internals.js";
import type { PageResult, PaginateArgs, ResolvedSource, SerializedQuery } from "../search/convex-test.js";
import { type Bound, compareKeys, type IndexKey, type KeyRange, UNBOUNDED_HIGH, UNBOUNDED_LOW } from "./keys.js";
import { pendingVersions, RangeScan, type ScanSpec } from "./scan.js";
import { BY_CREATION_TIME_FIELDS, IndexStore } from "./store.js";

export interface IndexHooks {
  /** A query started reading a key range of a table; `range` grows while it reads. */
  onRangeRead(table: string, range: KeyRange): void;
  /** A document a `.filter()` dropped (Convex charges it as read). */
  onFilteredOut(doc: StoredDocument): void;
}

interface RangeSourceJson {
  type: "IndexRange" | "FullTableScan";
  tableName?: string;
  indexName?: string;
  order?: "asc" | "desc" | null;
  range?: Array<{ type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte"; fieldPath: string; value: JSONValue }>;
}

interface IndexedDatabase extends DatabaseFake {
  _nextQueryId: number;
  _iterateDocs(table: string, callback: (doc: StoredDocument) => void): void;
  _resolveQuerySource(query: SerializedQuery): ResolvedSource;
  startQuery(query: SerializedQuery): number;
  queryNext(queryId: number): { value: StoredDocument | null; done: boolean };
  paginate(args: PaginateArgs): PageResult;
}

interface Prepared {
  spec: ScanSpec;
  filterFn: (doc: StoredDocument) => boolean;
  limit: number | null;
}

interface OpenQuery {
  scan: RangeScan;
  filterFn: (doc: StoredDocument) => boolean;
  remaining: number | null;
}

const MAX_OPEN_QUERIES = 1000;

function isRangeQuery(query: SerializedQuery): query is SerializedQuery & { source: RangeSourceJson } {
  return query.source.type === "IndexRange" || query.source.type === "FullTableScan";
}

function queryValue(json: JSONValue): Value | undefined {
  if (typeof json === "object" && json !== null && "$undefined" in json) return undefined;
  return jsonToConvex(json);
}

/** Bounds of a validated index range expression: `.eq`s, then at most one lower and one upper bound. */
function boundsOf(source: RangeSourceJson): { low: Bound; high: Bound } {
  const eqs: Array<Value | undefined> = [];
  let low: Bound | null = null;
  let high: Bound | null = null;
  for (const expr of source.range ?? []) {
    const value = queryValue(expr.value);
    if (expr.type === "Eq") eqs.push(value);
    else if (expr.type === "Gt" || expr.type === "Gte") low = { prefix: [...eqs, value], inclusive: expr.type === "Gte" };
    else high = { prefix: [...eqs, value], inclusive: expr.type === "Lte" };
  }
  return {
    low: low ?? (eqs.length ? { prefix: eqs, inclusive: true } : UNBOUNDED_LOW),
    high: high ?? (eqs.length ? { prefix: eqs, inclusive: true } : UNBOUNDED_HIGH),
  };
}

function encodeCursor(key: IndexKey): string {
  return JSON.stringify(key.map((k) => (k === undefined ? null : JSON.stringify(convexToJson(k as Value)))));
}

function decodeCursor(cursor: string): IndexKey {
  return (JSON.parse(cursor) as Array<string | null>).map((k) => (k === null ? undefined : jsonToConvex(JSON.parse(k) as JSONValue)));
}

export function installIndexes(db: DatabaseFake, hooks: IndexHooks): IndexStore {
  const fake = db as IndexedDatabase;
  const store = new IndexStore(db);
  const originalResolve = fake._resolveQuerySource.bind(fake);
  const originalIterate = fake._iterateDocs.bind(fake);
  const open = new Map<number, OpenQuery>();

  fake._iterateDocs = (table, callback) => {
    if (store.iteratingNothing) return;
    if (typeof table !== "string") return originalIterate(table, callback);
    const docs = store.documentsOf(table);
    const pending = fake._writes.length > 0 ? pendingVersions(fake, table) : null;
    for (const [id, doc] of docs) if (!pending?.has(id)) callback(doc);
    for (const doc of pending?.values() ?? []) if (doc) callback(doc);
  };

  /** convex-test's reading of the query (validation, filter, limit, order) over no documents. */
  const prepare = (query: SerializedQuery & { source: RangeSourceJson }): Prepared => {
    const resolved: ResolvedSource = store.withoutDocuments(() => originalResolve(query));
    const source = query.source;
    const [table = "", indexName = ""] =
      source.type === "FullTableScan" ? [source.tableName ?? "", "by_creation_time"] : (source.indexName ?? "").split(".");
    const fields = store.fieldsOf(table, indexName) ?? BY_CREATION_TIME_FIELDS;
    const bounds = source.type === "FullTableScan" ? { low: UNBOUNDED_LOW, high: UNBOUNDED_HIGH } : boundsOf(source);
    return {
      spec: { table, indexName, fields, ...bounds, order: resolved.order },
      filterFn: resolved.filterFn,
      limit: resolved.limit,
    };
  };

  const startScan = (spec: ScanSpec, startAfter: IndexKey | null = null): RangeScan => {
    const scan = new RangeScan(store, fake, spec, startAfter);
    hooks.onRangeRead(spec.table, scan.read);
    return scan;
  };

  const take = (q: OpenQuery): StoredDocument | null => {
    if (q.remaining !== null && q.remaining <= 0) return null;
    for (let row = q.scan.next(); row; row = q.scan.next()) {
      if (q.filterFn(row.doc)) {
        if (q.remaining !== null) q.remaining -= 1;
        return row.doc;
      }
      hooks.onFilteredOut(row.doc);
    }
    return null;
  };

  const startQuery = fake.startQuery.bind(fake);
  fake.startQuery = (query) => {
    if (!isRangeQuery(query)) return startQuery(query);
    const { spec, filterFn, limit } = prepare(query);
    // A stream abandoned before its end (a `for await` loop left early) is never finished.
    if (open.size >= MAX_OPEN_QUERIES) open.delete(open.keys().next().value!);
    const queryId = fake._nextQueryId;
    fake._nextQueryId += 1;
    open.set(queryId, { scan: startScan(spec), filterFn, remaining: limit });
    return queryId;
  };

  const queryNext = fake.queryNext.bind(fake);
  fake.queryNext = (queryId) => {
    const q = open.get(queryId);
    if (!q) return queryNext(queryId);
    const doc = take(q);
    if (doc === null) {
      open.delete(queryId);
      return { value: null, done: true };
    }
    return { value: doc, done: false };
  };

  const paginate = fake.paginate.bind(fake);
  fake.paginate = (args) => {
    if (!isRangeQuery(args.query)) return paginate(args);
    return paginateRange(prepare(args.query), args, startScan, hooks);
  };

  return store;
}

/** convex-test's `paginate`, walking the index from the cursor instead of from the start. */
function paginateRange(
  prepared: Prepared,
  args: PaginateArgs,
  startScan: (spec: ScanSpec, startAfter: IndexKey | null) => RangeScan,
  hooks: IndexHooks,
): PageResult {
  const { spec, filterFn } = prepared;
  const { cursor, endCursor, pageSize, maximumRowsRead, maximumBytesRead } = args;
  if (cursor === "_end_cursor") {
    return { page: [], isDone: true, continueCursor: "_end_cursor", splitCursor: null, pageStatus: null };
  }
  const scan = startScan(spec, cursor ? decodeCursor(cursor) : null);
  const hasEndBoundary = !!endCursor && endCursor !== "_end_cursor";
  const endKey = hasEndBoundary ? decodeCursor(endCursor) : null;
  const direction = spec.order === "asc" ? 1 : -1;
  const page: StoredDocument[] = [];
  const readCursors: string[] = [];
  let continueCursor = "_end_cursor";
  let pageStatus: PageResult["pageStatus"] = null;
  let rowsRead = 0;
  let bytesRead = 0;
  const keep = (doc: StoredDocument) => {
    if (filterFn(doc)) page.push(doc);
    else hooks.onFilteredOut(doc);
  };
  for (let row = scan.next(); row; row = scan.next()) {
    if (endKey) {
      const cmp = compareKeys(row.key, endKey) * direction;
      if (cmp >= 0) {
        if (cmp === 0) {
          rowsRead += 1;
          bytesRead += getDocumentSize(row.doc as Record<string, Value>);
          const at = encodeCursor(row.key);
          readCursors.push(at);
          keep(row.doc);
          continueCursor = at;
        }
        break;
      }
    }
    rowsRead += 1;
    bytesRead += getDocumentSize(row.doc as Record<string, Value>);
    const at = encodeCursor(row.key);
    readCursors.push(at);
    const hitLimit = (!!maximumRowsRead && rowsRead >= maximumRowsRead) || (!!maximumBytesRead && bytesRead >= maximumBytesRead);
    keep(row.doc);
    if (hitLimit) {
      pageStatus = "SplitRequired";
      continueCursor = at;
      break;
    }
    if (!endCursor && page.length >= pageSize) {
      if (scan.peek() !== null) continueCursor = at;
      break;
    }
  }
  let splitCursor: string | null = null;
  if (pageStatus === "SplitRequired" && readCursors.length >= 2) {
    splitCursor = readCursors[Math.floor((readCursors.length - 1) / 2)] ?? null;
  } else if (pageStatus === null && rowsRead > pageSize + 1 && readCursors.length >= 2) {
    pageStatus = "SplitRecommended";
    splitCursor = readCursors[Math.floor((readCursors.length - 1) / 2)] ?? null;
  }
  return { page, isDone: continueCursor === "_end_cursor", continueCursor, splitCursor, pageStatus };
}
