// The text index must rank exactly as one pass over the whole table does (the engine's earlier
// path, kept here as the reference): random tables changed by random commits after the
// index was built, random pending writes of the searching transaction, random queries with
// prefixes and `.eq` filters.
import { compareValues, type Value } from "convex/values";
import { describe, expect, it } from "vitest";
import type { StoredDocument } from "../src/convex-test-adapter/internals";
import { type CompiledSearch, queryTerms } from "../src/store/search/compile";
import { type MatchingDoc, rankSearch, relevantTerms, type SearchCorpus } from "../src/store/search/rank";
import { analyze, corpusOf, TextIndex } from "../src/store/search/text-index";
import { type Random, random } from "./random";

/** The reference: one pass over every visible document of the table (the engine's old path). */
function scanCorpus(
  search: CompiledSearch,
  visible: ReadonlyMap<string, StoredDocument>,
  passesFilters: (doc: StoredDocument) => boolean,
): SearchCorpus {
  const { exact, prefix } = relevantTerms(search);
  const relevant = (term: string) => exact.includes(term) || (prefix !== undefined && term.startsWith(prefix));
  let totalTokens = 0;
  const docFrequencies = new Map<string, number>();
  const matching: MatchingDoc[] = [];
  for (const doc of visible.values()) {
    const { length, counts } = analyze(doc, search.searchField);
    totalTokens += length;
    const termFrequencies = new Map([...counts].filter(([term]) => relevant(term)));
    for (const term of termFrequencies.keys()) docFrequencies.set(term, (docFrequencies.get(term) ?? 0) + 1);
    if (termFrequencies.size > 0 && passesFilters(doc)) matching.push({ doc, length, termFrequencies });
  }
  return {
    numDocuments: visible.size,
    totalTokens,
    docFrequencies,
    matching: (terms) => matching.filter((m) => [...terms].some((t) => m.termFrequencies.has(t))),
  };
}

const WORDS = ["art", "artist", "arts", "music", "musical", "game", "gallery", "画像", "画像生成", "生成", "ai", "a", "zebra", "Art"];
const TOPICS = ["x", "y", undefined];

function body(r: Random): unknown {
  if (r.next() < 0.05) return 42; // not text: counted, no terms
  const n = Math.floor(r.next() * 8);
  return Array.from({ length: n }, () => r.pick(WORDS)).join(r.pick([" ", ", ", "-"]));
}

function doc(r: Random, id: string, creationTime: number): StoredDocument {
  const fields: Record<string, unknown> = { _id: id, _creationTime: creationTime, body: body(r) };
  const topic = r.pick(TOPICS);
  if (topic !== undefined) fields.topic = topic;
  return fields as StoredDocument;
}

function search(r: Random): CompiledSearch {
  const text = Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => {
    const word = r.pick(WORDS);
    return r.next() < 0.3 ? word.slice(0, 1 + Math.floor(r.next() * word.length)) : word;
  }).join(" ");
  const topic = r.pick(TOPICS);
  return {
    tableName: "notes",
    searchField: "body",
    terms: queryTerms(text),
    eqFilters: topic === undefined ? [] : [{ fieldPath: "topic", value: topic }],
  };
}

const passes = (s: CompiledSearch) => (d: StoredDocument) =>
  s.eqFilters.every((f) => compareValues((d as Record<string, unknown>)[f.fieldPath] as Value, f.value as Value) === 0);

describe("TextIndex", () => {
  it("ranks as a scan of every document, after commits and with pending writes", () => {
    const r = random(11);
    for (let trial = 0; trial < 200; trial++) {
      let clock = 1;
      const committed = new Map<string, StoredDocument>();
      for (let i = 0; i < 30; i++) committed.set(`${i};notes`, doc(r, `${i};notes`, clock++));
      const index = new TextIndex("body", committed);
      // Commits after the index was built: inserts, replacements, deletes.
      for (let i = 0; i < 15; i++) {
        const id = `${Math.floor(r.next() * 40)};notes`;
        const before = committed.get(id);
        const after = r.next() < 0.25 ? undefined : doc(r, id, before?._creationTime ?? clock++);
        if (after) committed.set(id, after);
        else committed.delete(id);
        index.update(id, before, after);
      }
      // The searching transaction's own writes.
      const pending = new Map<string, StoredDocument | null>();
      for (let i = 0; i < Math.floor(r.next() * 5); i++) {
        const id = `${Math.floor(r.next() * 45)};notes`;
        pending.set(id, r.next() < 0.3 ? null : doc(r, id, committed.get(id)?._creationTime ?? clock++));
      }
      const visible = new Map(committed);
      for (const [id, d] of pending) {
        if (d) visible.set(id, d);
        else visible.delete(id);
      }
      for (let q = 0; q < 5; q++) {
        const s = search(r);
        const expected = rankSearch(s, scanCorpus(s, visible, passes(s)));
        const actual = rankSearch(s, corpusOf(index, committed, pending, passes(s), relevantTerms(s)));
        const summary = (c: typeof actual) => c.map((x) => `${x.doc._id}@${x.key.score}`);
        expect(summary(actual), `trial ${trial}, query ${JSON.stringify(s.terms)} ${JSON.stringify(s.eqFilters)}`).toEqual(
          summary(expected),
        );
      }
    }
  });

  it("keeps its totals and terms exact through updates", () => {
    const index = new TextIndex("body", new Map());
    const a = { _id: "1;notes", _creationTime: 1, body: "art art music" } as unknown as StoredDocument;
    const b = { _id: "2;notes", _creationTime: 2, body: "artist" } as unknown as StoredDocument;
    index.update("1;notes", undefined, a);
    index.update("2;notes", undefined, b);
    expect([index.numDocuments, index.totalTokens, index.docFrequency("art")]).toEqual([2, 4, 1]);
    expect(index.termsWithPrefix("art")).toEqual(["art", "artist"]);
    index.update("1;notes", a, { ...a, body: "music" });
    expect([index.numDocuments, index.totalTokens, index.docFrequency("art")]).toEqual([2, 2, 0]);
    expect(index.termsWithPrefix("art")).toEqual(["artist"]);
    index.update("2;notes", b, undefined);
    expect([index.numDocuments, index.totalTokens, index.termsWithPrefix("a")]).toEqual([1, 1, []]);
  });
});
