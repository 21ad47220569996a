// The convex-test 0.0.60 internals the search hook reads or replaces on one `DatabaseFake`
// (node_modules/convex-test/dist/index.js). They are checked when the hook is installed, so an
// upgrade that moves them fails at startup with the usual message instead of searching wrongly.
import type { JSONValue } from "convex/values";
import { type DatabaseFake, InternalsMismatchError, type StoredDocument } from "../../convex-test-adapter/internals.js";
import type { VectorSearch } from "./vector.js";

export type SearchFilterJson = { type: "Search"; fieldPath: string; value: string } | { type: "Eq"; fieldPath: string; value: JSONValue };

export interface SearchSource {
  type: "Search";
  /** `table.index` */
  indexName: string;
  filters: SearchFilterJson[];
}

export type QueryOperator = { filter: unknown } | { limit: number };

/** A query as the Convex client serializes it for `1.0/queryStream` and `1.0/queryPage`. */
export interface SerializedQuery {
  source: { type: string };
  operators: QueryOperator[];
}

export interface SearchQuery extends SerializedQuery {
  source: SearchSource;
}

/** What `DatabaseFake._resolveQuerySource` returns. */
export interface ResolvedSource {
  sortedDocs: StoredDocument[];
  filterFn: (doc: StoredDocument) => boolean;
  limit: number | null;
  fieldPathsToSortBy: string[];
  order: "asc" | "desc";
}

export interface PaginateArgs {
  query: SerializedQuery;
  cursor: string | null;
  endCursor?: string | null;
  pageSize: number;
  maximumRowsRead?: number | null;
  maximumBytesRead?: number | null;
}

export interface PageResult {
  page: StoredDocument[];
  isDone: boolean;
  continueCursor: string;
  splitCursor: string | null;
  pageStatus: "SplitRecommended" | "SplitRequired" | null;
}

/** The exported schema convex-test keeps (`defineSchema(...).export()` per table). */
export interface SchemaSearchIndex {
  indexDescriptor: string;
  searchField: string;
  filterFields: string[];
}
interface FakeSchema {
  tables: Map<string, { searchIndexes?: SchemaSearchIndex[] }>;
}

/** `DatabaseFake` with the members search uses. */
export interface SearchableDatabase extends DatabaseFake {
  _iterateDocs(tableName: string, callback: (doc: StoredDocument) => void): void;
  _resolveQuerySource(query: SerializedQuery): ResolvedSource;
  _evaluateQuery(query: SerializedQuery): StoredDocument[];
  paginate(args: PaginateArgs): PageResult;
  vectorSearch: VectorSearch;
}

/** The convex-test members `installSearch` reads, and those it replaces (for `internals.ts`). */
export const SEARCH_INTERNALS_USED = ["_iterateDocs", "_schema"] as const;
export const SEARCH_INTERNALS_REPLACED = ["_resolveQuerySource", "_evaluateQuery", "paginate", "vectorSearch"] as const;

export function requireSearchInternals(db: DatabaseFake): SearchableDatabase {
  const members = db as unknown as Record<string, unknown>;
  const missing: string[] = [];
  for (const name of ["_iterateDocs", ...SEARCH_INTERNALS_REPLACED]) {
    if (typeof members[name] !== "function") missing.push(`DatabaseFake.${name}()`);
  }
  if (!("_schema" in members)) missing.push("DatabaseFake._schema");
  if (missing.length > 0) throw new InternalsMismatchError(missing);
  return db as SearchableDatabase;
}

export function isSearchQuery(query: SerializedQuery): query is SearchQuery {
  return query.source.type === "Search";
}

export type IndexLookup = { schemaKnown: false } | { schemaKnown: true; index: SchemaSearchIndex | undefined };

/** Every search index the schema declares, with its table. */
export function declaredSearchIndexes(db: DatabaseFake): Array<[string, SchemaSearchIndex]> {
  const schema = db._schema as FakeSchema | null;
  return [...(schema?.tables ?? [])].flatMap(([table, definition]) =>
    (definition.searchIndexes ?? []).map((index): [string, SchemaSearchIndex] => [table, index]),
  );
}

/** The search index as declared in the schema (convex-test without a schema knows no indexes). */
export function lookupSearchIndex(db: DatabaseFake, tableName: string, indexName: string): IndexLookup {
  const schema = db._schema as FakeSchema | null;
  if (!schema) return { schemaKnown: false };
  const index = schema.tables.get(tableName)?.searchIndexes?.find((i) => i.indexDescriptor === indexName);
  return { schemaKnown: true, index };
}
