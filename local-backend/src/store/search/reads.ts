// What a text search read, as Convex records it in a read set (crates/search `QueryReads`): its
// `.eq` filter conditions, its whole terms, and the prefix its last term also matches as. A
// write touches it only when a version of the written document meets every filter and has a
// term that matches, so a like on a work no search shows re-runs no search. (As on Convex, the
// table's statistics moving does not re-run it: scores are as of the last relevant write.)
import type { StoredDocument } from "../../convex-test-adapter/internals.js";
import { type EqFilter, eqFiltersOf, meetsEqFilters, queryTerms } from "./compile.js";
import type { SearchSource } from "./convex-test.js";
import { analyze } from "./text-index.js";

export interface SearchRead {
  searchField: string;
  exact: ReadonlySet<string>;
  prefix: string | undefined;
  filters: EqFilter[];
}

/** The read of a search source; null if it has no search text (the query fails anyway). */
export function searchReadOf(source: SearchSource): SearchRead | null {
  const search = source.filters.find((f) => f.type === "Search");
  if (!search) return null;
  const terms = queryTerms(search.value);
  return {
    searchField: search.fieldPath,
    exact: new Set(terms.map((t) => t.text)),
    prefix: terms.find((t) => t.prefix)?.text,
    filters: eqFiltersOf(source),
  };
}

/** Distinct terms of a document version's text field, computed once per version. */
const termsCache = new WeakMap<StoredDocument, Map<string, Iterable<string>>>();

function termsOf(doc: StoredDocument, field: string): Iterable<string> {
  let byField = termsCache.get(doc);
  if (!byField) {
    byField = new Map();
    termsCache.set(doc, byField);
  }
  let terms = byField.get(field);
  if (!terms) {
    terms = [...analyze(doc, field).counts.keys()];
    byField.set(field, terms);
  }
  return terms;
}

/** Whether this version of a document could be (or have been) one of the search's results. */
export function searchMatches(read: SearchRead, doc: StoredDocument): boolean {
  if (!meetsEqFilters(read.filters, doc)) return false;
  const { exact, prefix } = read;
  for (const term of termsOf(doc, read.searchField)) {
    if (exact.has(term) || (prefix !== undefined && term.startsWith(prefix))) return true;
  }
  return false;
}
