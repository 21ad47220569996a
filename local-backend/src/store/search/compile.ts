// Turns a `withSearchIndex` source into query terms, with the checks and error messages of
// Convex (crates/database/src/transaction.rs `text_search`, crates/common/src/query.rs
// `Search::is_empty`, crates/search/src/lib.rs `TantivySearchIndexSchema::compile`).
import { compareValues, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { fieldValue } from "../indexes/keys.js";
import type { StoredDocument } from "../../convex-test-adapter/internals.js";
import type { IndexLookup, SearchSource } from "./convex-test.js";
import { tokenize } from "./tokenizer.js";

/** At most this many terms of the search text are used; the rest are silently dropped. */
export const MAX_QUERY_TERMS = 16;
/** At most this many `.eq` filters per search query. */
export const MAX_FILTER_CONDITIONS = 8;

export interface QueryTerm {
  text: string;
  /** Only the last term (after truncation) matches as a prefix; the others match whole terms. */
  prefix: boolean;
}

export interface EqFilter {
  fieldPath: string;
  value: Value | undefined;
}

export interface CompiledSearch {
  tableName: string;
  searchField: string;
  terms: QueryTerm[];
  eqFilters: EqFilter[];
}

/** Convex's `FieldPath` prints as a quoted, dot-joined path. */
const quoted = (fieldPath: string) => `"${fieldPath}"`;

function eqValue(value: JSONValue): Value | undefined {
  if (typeof value === "object" && value !== null && "$undefined" in value) return undefined;
  return jsonToConvex(value);
}

/** The `.eq` conditions of a search source. */
export function eqFiltersOf(source: SearchSource): EqFilter[] {
  return source.filters.flatMap((f) => (f.type === "Eq" ? [{ fieldPath: f.fieldPath, value: eqValue(f.value) }] : []));
}

/** Whether a document meets every `.eq` condition, as convex-test evaluates them (Convex's comparison). */
export function meetsEqFilters(filters: readonly EqFilter[], doc: StoredDocument): boolean {
  return filters.every((f) => compareValues(fieldValue(doc, f.fieldPath), f.value) === 0);
}

/** The search text, or an error if the source has no search filter (checked before anything else). */
function searchText(source: SearchSource): string {
  const search = source.filters.find((f) => f.type === "Search");
  if (!search) {
    throw new Error(
      `Search query against ${source.indexName} does not contain any search filters. You must include a ` +
        'search filter like `q.search("field", searchText)`.',
    );
  }
  return search.value;
}

function checkFilters(source: SearchSource, lookup: IndexLookup): void {
  const index = lookup.schemaKnown ? lookup.index : undefined;
  let seenSearch = false;
  for (const filter of source.filters) {
    if (filter.type === "Search") {
      if (index && filter.fieldPath !== index.searchField) {
        throw new Error(
          `Search query against ${source.indexName} contains a search filter against ${quoted(filter.fieldPath)}, ` +
            `which doesn't match the indexed \`searchField\` ${quoted(index.searchField)}.`,
        );
      }
      if (seenSearch) {
        throw new Error(
          `Search query against ${source.indexName} contains multiple search filters against ` +
            `${quoted(filter.fieldPath)}. Only one is allowed.`,
        );
      }
      seenSearch = true;
    } else if (index && !index.filterFields.includes(filter.fieldPath)) {
      throw new Error(
        `Search query against ${source.indexName} contains an equality filter on ${quoted(filter.fieldPath)} ` +
          "but that field isn't indexed for filtering in `filterFields`.",
      );
    }
  }
}

/** Tokenize, keep the first 16 terms, and make the last of those a prefix term. */
export function queryTerms(text: string): QueryTerm[] {
  const tokens = tokenize(text).slice(0, MAX_QUERY_TERMS);
  return tokens.map((token, i) => ({ text: token, prefix: i === tokens.length - 1 }));
}

/**
 * Compile a search source, or return null when Convex returns no results without searching
 * (empty search text, or text without any term).
 */
export function compileSearch(source: SearchSource, lookup: IndexLookup): CompiledSearch | null {
  const [tableName = "", indexDescriptor = ""] = source.indexName.split(".");
  if (lookup.schemaKnown && !lookup.index) throw new Error(`Index ${tableName}.${indexDescriptor} not found.`);
  const text = searchText(source);
  if (text === "") return null;
  checkFilters(source, lookup);
  const terms = queryTerms(text);
  const eqFilters = eqFiltersOf(source);
  if (eqFilters.length > MAX_FILTER_CONDITIONS) {
    throw new Error(
      `Search query against ${source.indexName} has too many filter conditions. ` +
        `Max: ${MAX_FILTER_CONDITIONS} Actual: ${eqFilters.length}`,
    );
  }
  if (terms.length === 0) return null;
  const searchField =
    (lookup.schemaKnown ? lookup.index?.searchField : undefined) ?? source.filters.find((f) => f.type === "Search")!.fieldPath;
  return { tableName, searchField, terms, eqFilters };
}

/**
 * Each `.eq` becomes one term that every result must contain. Identical conditions collapse into
 * one term, and Convex then finds fewer filter terms than conditions and returns nothing.
 */
export function distinctFilterCount(filters: EqFilter[]): number {
  const distinct: EqFilter[] = [];
  for (const filter of filters) {
    const same = distinct.some((d) => d.fieldPath === filter.fieldPath && compareValues(d.value, filter.value) === 0);
    if (!same) distinct.push(filter);
  }
  return distinct.length;
}
