// An inverted index of one text field of one table, as Convex keeps a search index: for each
// term the documents containing it, each document's term counts and length, and the table's
// totals that BM25 needs. Built at start (or on a new index's first search), then kept in step
// with every commit (src/store/indexes/store.ts), so a search costs what its terms match, not the size
// of the table.
// A transaction's own pending writes are laid over it when it searches (`corpusOf`).
import { createRequire } from "node:module";
import type BTreeClass from "sorted-btree";
import type { StoredDocument } from "../../convex-test-adapter/internals.js";
import { fieldValue } from "../indexes/keys.js";
import type { DerivedIndex } from "../indexes/store.js";
import type { MatchingDoc, SearchCorpus } from "./rank.js";
import { compareTerms, tokenize } from "./tokenizer.js";

const BTree = (createRequire(import.meta.url)("sorted-btree") as { default: typeof BTreeClass }).default;

/** A document's distinct terms with their counts, and its length in tokens. */
export interface DocTerms {
  length: number;
  counts: Map<string, number>;
}

/** The terms of a document's search field (none unless it is a string). */
export function analyze(doc: StoredDocument, searchField: string): DocTerms {
  const value = fieldValue(doc, searchField);
  const tokens = typeof value === "string" ? tokenize(value) : [];
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return { length: tokens.length, counts };
}

export class TextIndex implements DerivedIndex {
  numDocuments = 0;
  totalTokens = 0;
  private readonly docs = new Map<string, DocTerms>();
  private readonly postings = new Map<string, Set<string>>();
  /** Every term present, in Tantivy's term order (for prefix expansion). */
  private readonly terms = new BTree<string, true>(undefined, compareTerms);

  constructor(
    readonly searchField: string,
    documents: ReadonlyMap<string, StoredDocument>,
  ) {
    for (const [id, doc] of documents) this.add(id, doc);
  }

  update(id: string, before: StoredDocument | undefined, after: StoredDocument | undefined): void {
    // Most writes (a like patching a counter) leave the text alone: nothing to re-tokenize.
    if (before && after && fieldValue(before, this.searchField) === fieldValue(after, this.searchField)) return;
    if (before) this.remove(id);
    if (after) this.add(id, after);
  }

  termsOf(id: string): DocTerms | undefined {
    return this.docs.get(id);
  }

  docFrequency(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  idsWith(term: string): ReadonlySet<string> {
    return this.postings.get(term) ?? EMPTY;
  }

  /** Terms present that start with `prefix`, in term order. */
  termsWithPrefix(prefix: string): string[] {
    const found: string[] = [];
    for (const [term] of this.terms.entries(prefix)) {
      if (!term.startsWith(prefix)) break;
      found.push(term);
    }
    return found;
  }

  private add(id: string, doc: StoredDocument): void {
    const terms = analyze(doc, this.searchField);
    this.docs.set(id, terms);
    this.numDocuments += 1;
    this.totalTokens += terms.length;
    for (const term of terms.counts.keys()) {
      let ids = this.postings.get(term);
      if (!ids) {
        ids = new Set();
        this.postings.set(term, ids);
        this.terms.set(term, true);
      }
      ids.add(id);
    }
  }

  private remove(id: string): void {
    const terms = this.docs.get(id);
    if (!terms) return;
    this.docs.delete(id);
    this.numDocuments -= 1;
    this.totalTokens -= terms.length;
    for (const term of terms.counts.keys()) {
      const ids = this.postings.get(term);
      if (!ids) continue;
      ids.delete(id);
      if (ids.size === 0) {
        this.postings.delete(term);
        this.terms.delete(term);
      }
    }
  }
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * What a transaction searches: the committed index with its own pending writes laid over it
 * (`pending`: the newest version of each document it wrote, null if deleted).
 */
export function corpusOf(
  index: TextIndex,
  committed: ReadonlyMap<string, StoredDocument>,
  pending: ReadonlyMap<string, StoredDocument | null>,
  passesFilters: (doc: StoredDocument) => boolean,
  relevant: { exact: readonly string[]; prefix: string | undefined },
): SearchCorpus {
  // Pending versions replace committed ones: take the committed ones' terms out of the totals.
  const pendingTerms = new Map<string, DocTerms>();
  let numDocuments = index.numDocuments;
  let totalTokens = index.totalTokens;
  const dfChange = new Map<string, number>();
  const change = (terms: DocTerms, by: number) => {
    for (const term of terms.counts.keys()) dfChange.set(term, (dfChange.get(term) ?? 0) + by);
  };
  for (const [id, doc] of pending) {
    const old = index.termsOf(id);
    if (old) {
      numDocuments -= 1;
      totalTokens -= old.length;
      change(old, -1);
    }
    if (doc) {
      const terms = analyze(doc, index.searchField);
      pendingTerms.set(id, terms);
      numDocuments += 1;
      totalTokens += terms.length;
      change(terms, +1);
    }
  }

  const docFrequencies = new Map<string, number>();
  const count = (term: string) => {
    const df = index.docFrequency(term) + (dfChange.get(term) ?? 0);
    if (df > 0) docFrequencies.set(term, df);
  };
  for (const term of relevant.exact) count(term);
  if (relevant.prefix !== undefined) {
    const prefix = relevant.prefix;
    for (const term of index.termsWithPrefix(prefix)) count(term);
    for (const term of dfChange.keys()) if (term.startsWith(prefix) && !docFrequencies.has(term)) count(term);
  }

  function* matching(terms: ReadonlySet<string>): Iterable<MatchingDoc> {
    const seen = new Set<string>();
    for (const term of terms) {
      for (const id of index.idsWith(term)) {
        if (seen.has(id) || pending.has(id)) continue;
        seen.add(id);
        const doc = committed.get(id);
        if (!doc || !passesFilters(doc)) continue;
        const { length, counts } = index.termsOf(id)!;
        yield { doc, length, termFrequencies: counts };
      }
    }
    for (const [id, terms_] of pendingTerms) {
      const doc = pending.get(id);
      if (!doc || ![...terms].some((term) => terms_.counts.has(term)) || !passesFilters(doc)) continue;
      yield { doc, length: terms_.length, termFrequencies: terms_.counts };
    }
  }

  return { numDocuments, totalTokens, docFrequencies, matching };
}
