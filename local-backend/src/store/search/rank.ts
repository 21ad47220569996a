// Which documents a compiled search returns, in which order: Convex's
// `TantivySearchIndexSchema::search` (crates/search/src/lib.rs) over one in-memory table.
//
// - Term choice: each query term matches itself as a whole term (boost 1); the last one also
//   matches longer terms that start with it (boost 0.5). At most 64 distinct terms take part,
//   exact terms and `.eq` filter terms first, then prefix expansions in byte order
//   (MAX_UNIQUE_QUERY_TERMS, TokenMatchAggregator). Duplicate query terms count once.
// - Statistics (N, document frequencies, average length) cover every document of the table,
//   whatever the `.eq` filters, including this transaction's own writes.
// - Score: sum of BM25 over the chosen terms the document contains. Order: score, then newest
//   `_creationTime` first. Only the best 1024 (MAX_CANDIDATE_REVISIONS) are kept.
import type { StoredDocument } from "../../convex-test-adapter/internals.js";
import { addScore, averageFieldnorm, Bm25Weight, fieldnormId } from "./bm25.js";
import { type CompiledSearch, distinctFilterCount } from "./compile.js";
import { compareTerms } from "./tokenizer.js";

export const MAX_CANDIDATE_REVISIONS = 1024;
export const MAX_UNIQUE_QUERY_TERMS = 64;
const EXACT_BOOST = 1;
const PREFIX_BOOST = 0.5;

/** A result's position: Convex's search index key (-score, -creation time, id). */
export interface SearchKey {
  score: number;
  creationTime: number;
  id: string;
}

export interface Candidate {
  doc: StoredDocument;
  key: SearchKey;
}

export interface MatchingDoc {
  doc: StoredDocument;
  length: number;
  /** At least for the terms asked for. */
  termFrequencies: ReadonlyMap<string, number>;
}

/** What a search ranks over: the table's statistics and its documents by term. */
export interface SearchCorpus {
  numDocuments: number;
  totalTokens: number;
  /** For every term the query could match (its terms, and terms starting with its prefix) that some document has. */
  docFrequencies: Map<string, number>;
  /** Documents passing the `.eq` filters that contain at least one of `terms`. */
  matching(terms: ReadonlySet<string>): Iterable<MatchingDoc>;
}

/** Ascending key order = relevance order: higher score, then newer, then id. */
export function compareKeys(a: SearchKey, b: SearchKey): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.creationTime !== b.creationTime) return b.creationTime - a.creationTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The query's whole terms, and the prefix its last term also matches as. */
export function relevantTerms(search: CompiledSearch): { exact: string[]; prefix: string | undefined } {
  return { exact: search.terms.map((t) => t.text), prefix: search.terms.find((t) => t.prefix)?.text };
}

/** The terms that take part, with their boost (exact 1, prefix expansion 0.5). */
export function chooseTerms(search: CompiledSearch, docFrequencies: ReadonlyMap<string, number>): Map<string, number> {
  const chosen = new Map<string, number>();
  for (const term of search.terms) {
    if (docFrequencies.has(term.text)) chosen.set(term.text, EXACT_BOOST);
  }
  const prefix = search.terms.find((t) => t.prefix)?.text;
  if (prefix === undefined) return chosen;
  const freeSlots = MAX_UNIQUE_QUERY_TERMS - chosen.size - distinctFilterCount(search.eqFilters);
  const expansions = [...docFrequencies.keys()]
    .filter((term) => term !== prefix && term.startsWith(prefix) && !chosen.has(term))
    .sort(compareTerms)
    .slice(0, Math.max(0, freeSlots));
  for (const term of expansions) chosen.set(term, PREFIX_BOOST);
  return chosen;
}

function termWeights(chosen: Map<string, number>, stats: SearchCorpus): Array<[string, Bm25Weight]> {
  const average = averageFieldnorm(stats.totalTokens, stats.numDocuments);
  return [...chosen]
    .sort(([a], [b]) => compareTerms(a, b))
    .map(([term, boost]) => [term, new Bm25Weight(stats.docFrequencies.get(term)!, stats.numDocuments, average, boost)]);
}

function scoreOf(match: MatchingDoc, weights: Array<[string, Bm25Weight]>): number | null {
  const lengthByte = fieldnormId(match.length);
  let score: number | null = null;
  for (const [term, weight] of weights) {
    const tf = match.termFrequencies.get(term);
    if (tf !== undefined) score = addScore(score ?? 0, weight.score(lengthByte, tf));
  }
  return score;
}

/** The search results Convex would load for this query, best first, at most 1024. */
export function rankSearch(search: CompiledSearch, corpus: SearchCorpus): Candidate[] {
  // Identical `.eq` conditions share one index term, and Convex then sees a condition unmatched.
  if (distinctFilterCount(search.eqFilters) < search.eqFilters.length) return [];
  const chosen = chooseTerms(search, corpus.docFrequencies);
  const weights = termWeights(chosen, corpus);
  const candidates: Candidate[] = [];
  for (const match of corpus.matching(new Set(chosen.keys()))) {
    const score = scoreOf(match, weights);
    if (score === null) continue;
    const { doc } = match;
    candidates.push({ doc, key: { score, creationTime: doc._creationTime, id: doc._id } });
  }
  return candidates.sort((a, b) => compareKeys(a.key, b.key)).slice(0, MAX_CANDIDATE_REVISIONS);
}
