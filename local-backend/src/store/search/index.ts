// Full-text search as Convex ranks it. Installed on the database of the app and of every
// component, so `withSearchIndex` queries return what a Convex deployment would return.
//
// Mirrors Convex's search (get-convex/convex-backend crates/search, Tantivy fork
// get-convex/tantivy@2bb95afa):
// - Tokenizer "convex_en": split on every char that is not alphanumeric, drop tokens of 32 UTF-8
//   bytes or more, lower-case (tokenizer.ts).
// - At most 16 query terms, the rest silently dropped; the last kept term also matches as a prefix
//   (boost 0.5), the others as whole terms (boost 1); at most 64 distinct matching terms
//   (compile.ts, rank.ts).
// - BM25 with k1 = 1.2, b = 0.75, Tantivy's idf and one-byte field lengths, in f32; statistics
//   over the whole table (not only the `.eq` matches), this transaction's writes included
//   (bm25.ts, rank.ts).
// - Relevance order, ties broken newest `_creationTime` first; at most 1024 results, and pulling
//   one more fails with Convex's "Search query scanned too many documents" (stream.ts).
// - Pagination by position in relevance order, with cursors tied to the query (cursor.ts).
//
// A search reads an inverted index of the table's search field (text-index.ts, kept in step with
// every commit) with the transaction's own writes laid over it: it costs what its terms match,
// not the size of the table.
//
// How it hooks into convex-test (see convex-test.ts): on the one `DatabaseFake` passed in, it
// replaces `_resolveQuerySource`, `_evaluateQuery` (used by `1.0/queryStream`) and `paginate`
// (used by `1.0/queryPage`) for sources of type "Search", delegating every other query to the
// originals. It reads the declared search indexes from `_schema`. The `.filter()` operators and
// the limit are still compiled by convex-test's own `_resolveQuerySource`, run over no documents.
// It also wraps `vectorSearch` to refuse query vectors of the wrong length, as Convex does
// (vector.ts).
import type { DatabaseFake, StoredDocument } from "../../convex-test-adapter/internals.js";
import { pendingVersions } from "../indexes/scan.js";
import { IndexStore } from "../indexes/store.js";
import { compileSearch, meetsEqFilters } from "./compile.js";
import {
  declaredSearchIndexes,
  isSearchQuery,
  lookupSearchIndex,
  requireSearchInternals,
  type ResolvedSource,
  type SearchableDatabase,
  type SearchQuery,
} from "./convex-test.js";
import { queryFingerprint } from "./cursor.js";
import { type Candidate, rankSearch, relevantTerms } from "./rank.js";
import { paginateResults, streamResults } from "./stream.js";
import { corpusOf, TextIndex } from "./text-index.js";
import { checkedVectorSearch } from "./vector.js";

export { SEARCH_INTERNALS_REPLACED, SEARCH_INTERNALS_USED } from "./convex-test.js";

interface SearchRun {
  /** Ranked, at most 1024. */
  candidates: Candidate[];
  /** The query's `.filter()` operators. */
  filterFn: (doc: StoredDocument) => boolean;
  limit: number | null;
}

type ResolveQuerySource = SearchableDatabase["_resolveQuerySource"];

function withoutSearchText(query: SearchQuery): SearchQuery {
  const filters = query.source.filters.filter((f) => f.type === "Eq");
  return { ...query, source: { ...query.source, filters } };
}

/** The text index of a table's search field, built now if it is new. */
function textIndexOf(store: IndexStore, table: string, searchField: string): TextIndex {
  return store.derivedIndex(table, `text ${searchField}`, (docs) => new TextIndex(searchField, docs));
}

/**
 * Build the text index of every search index the schema declares (at start, before anything is
 * served), so that no search has to build one while others wait.
 */
export function buildTextIndexes(db: DatabaseFake, store: IndexStore): void {
  for (const [table, { searchField }] of declaredSearchIndexes(db)) textIndexOf(store, table, searchField);
}

function runSearch(db: SearchableDatabase, store: IndexStore, resolveOriginal: ResolveQuerySource, query: SearchQuery): SearchRun {
  const [tableName = "", indexName = ""] = query.source.indexName.split(".");
  const compiled = compileSearch(query.source, lookupSearchIndex(db, tableName, indexName));
  // convex-test's own reading of the `.filter()` operators and the limit (over no documents).
  const { filterFn, limit } = store.withoutDocuments(() => resolveOriginal(withoutSearchText(query)));
  if (!compiled) return { candidates: [], filterFn, limit };
  const index = textIndexOf(store, compiled.tableName, compiled.searchField);
  const pending = db._writes.length > 0 ? pendingVersions(db, compiled.tableName) : new Map<string, StoredDocument | null>();
  const corpus = corpusOf(
    index,
    store.documentsOf(compiled.tableName),
    pending,
    (doc) => meetsEqFilters(compiled.eqFilters, doc),
    relevantTerms(compiled),
  );
  return { candidates: rankSearch(compiled, corpus), filterFn, limit };
}

/**
 * Replace convex-test's search evaluation on one database. `store` is its ordered indexes, when
 * they are installed (the backend); plain convex-test (the app's unit tests) gets a store here.
 */
export function installSearch(db: DatabaseFake, store: IndexStore = new IndexStore(db)): void {
  const fake = requireSearchInternals(db);
  const original = {
    resolve: fake._resolveQuerySource.bind(fake),
    evaluate: fake._evaluateQuery.bind(fake),
    paginate: fake.paginate.bind(fake),
    vectorSearch: fake.vectorSearch.bind(fake),
  };
  const search = (query: SearchQuery) => runSearch(fake, store, original.resolve, query);

  fake._resolveQuerySource = (query): ResolvedSource => {
    if (!isSearchQuery(query)) return original.resolve(query);
    const { candidates, filterFn, limit } = search(query);
    return { sortedDocs: candidates.map((c) => c.doc), filterFn, limit, fieldPathsToSortBy: [], order: "asc" };
  };

  fake._evaluateQuery = (query) => {
    if (!isSearchQuery(query)) return original.evaluate(query);
    const { candidates, filterFn, limit } = search(query);
    return streamResults(candidates, filterFn, limit);
  };

  fake.paginate = (args) => {
    if (!isSearchQuery(args.query)) return original.paginate(args);
    const { candidates, filterFn } = search(args.query);
    return paginateResults(candidates, filterFn, {
      cursor: args.cursor ?? null,
      endCursor: args.endCursor ?? null,
      pageSize: args.pageSize,
      fingerprint: queryFingerprint(args.query),
    });
  };

  fake.vectorSearch = checkedVectorSearch(fake, original.vectorSearch);
}
