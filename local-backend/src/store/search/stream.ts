// Reading search results the way Convex's query pipeline does (crates/database/src/query/
// search_query.rs, limit.rs, filter.rs, and `read_page_from_query` in crates/isolate/src/
// environment/udf/async_syscall.rs): `.filter()` and `.take()`/`.first()` pull results one by one,
// and asking the search for a result after 1024 have been pulled is an error, even when none are
// left. So `.collect()` fails from 1024 matches on, `.take(1024)` does not.
import { getDocumentSize, type Value } from "convex/values";
import type { StoredDocument } from "../../convex-test-adapter/internals.js";
import type { PageResult } from "./convex-test.js";
import { type CursorPosition, decodeCursor, encodeCursor, END_CURSOR } from "./cursor.js";
import { type Candidate, compareKeys, MAX_CANDIDATE_REVISIONS } from "./rank.js";

export const TOO_MANY_RESULTS_MESSAGE =
  `Search query scanned too many documents (fetched ${MAX_CANDIDATE_REVISIONS}). Consider using a smaller limit, ` +
  "paginating the query, or using a filter field to limit the number of documents pulled from the search index.";

/** A page is flagged SplitRecommended past 3/4 of these (rows pulled, bytes, page length). */
const SOFT_MAX_ROWS = (MAX_CANDIDATE_REVISIONS * 3) / 4;
const SOFT_MAX_BYTES = ((1 << 24) * 3) / 4;
const SOFT_MAX_PAGE_LENGTH = (8192 * 3) / 4;

/** Pulls candidates in order, failing like Convex on the pull after the 1024th. */
class CandidateReader {
  pulled = 0;
  last: Candidate | null = null;

  constructor(private readonly candidates: readonly Candidate[]) {}

  /** The next candidate, null when exhausted; throws once 1024 have been pulled. */
  next(): Candidate | null {
    if (this.pulled === MAX_CANDIDATE_REVISIONS) throw new Error(TOO_MANY_RESULTS_MESSAGE);
    const candidate = this.candidates[this.pulled] ?? null;
    if (candidate) {
      this.pulled += 1;
      this.last = candidate;
    }
    return candidate;
  }
}

/**
 * convex-test hands query results out with `results.shift()` (`queryNext`). When Convex would
 * fail on a later pull, the failure is queued after the results, so it surfaces at that call,
 * and a loop that stops reading earlier never sees it.
 */
function resultsFailingAfter(docs: StoredDocument[], failure: Error): StoredDocument[] {
  const FAILURE = Symbol("search failure");
  const queue: Array<StoredDocument | typeof FAILURE> = [...docs, FAILURE];
  const shift = () => {
    const next = Array.prototype.shift.call(queue) as StoredDocument | typeof FAILURE | undefined;
    if (next === FAILURE) throw failure;
    return next;
  };
  Object.defineProperty(queue, "shift", { value: shift });
  return queue as StoredDocument[];
}

/** Results of `.collect()`, `.take(n)`, `.first()` and iteration. */
export function streamResults(
  candidates: readonly Candidate[],
  filterFn: (doc: StoredDocument) => boolean,
  limit: number | null,
): StoredDocument[] {
  const reader = new CandidateReader(candidates);
  const results: StoredDocument[] = [];
  try {
    while (limit === null || results.length < limit) {
      const candidate = reader.next();
      if (!candidate) return results;
      if (filterFn(candidate.doc)) results.push(candidate.doc);
    }
  } catch (error) {
    return resultsFailingAfter(results, error as Error);
  }
  return results;
}

function after(start: CursorPosition | null): (candidate: Candidate) => boolean {
  if (start === null) return () => true;
  if (start.kind === "end") return () => false;
  return (candidate) => compareKeys(candidate.key, start.key) > 0;
}

function upTo(end: CursorPosition | null): (candidate: Candidate) => boolean {
  if (end === null || end.kind === "end") return () => true;
  return (candidate) => compareKeys(candidate.key, end.key) <= 0;
}

export interface SearchPageRequest {
  cursor: string | null;
  endCursor: string | null;
  pageSize: number;
  fingerprint: string;
}

/**
 * One page of a paginated search. Each page runs the search again and keeps the (at most 1024)
 * results between its cursors. Without an end cursor the page stops after `pageSize` results and
 * its cursor is the last result pulled; with one, it reads up to that end cursor.
 */
export function paginateResults(
  candidates: readonly Candidate[],
  filterFn: (doc: StoredDocument) => boolean,
  request: SearchPageRequest,
): PageResult {
  if (request.pageSize === 0) throw new Error("Must request at least 1 document while paginating");
  const start = request.cursor === null ? null : decodeCursor(request.cursor, request.fingerprint);
  const end = request.endCursor ? decodeCursor(request.endCursor, request.fingerprint) : null;
  const reader = new CandidateReader(candidates.filter(after(start)).filter(upTo(end)));
  const page: StoredDocument[] = [];
  let bytesRead = 0;
  let exhausted = false;
  while (end !== null || page.length < request.pageSize) {
    const candidate = reader.next();
    if (!candidate) {
      exhausted = true;
      break;
    }
    bytesRead += getDocumentSize(candidate.doc as Record<string, Value>);
    if (filterFn(candidate.doc)) page.push(candidate.doc);
  }
  const continueCursor =
    end !== null
      ? request.endCursor!
      : exhausted || reader.last === null
        ? END_CURSOR
        : encodeCursor({ kind: "after", key: reader.last.key }, request.fingerprint);
  const splitRecommended = reader.pulled > SOFT_MAX_ROWS || bytesRead > SOFT_MAX_BYTES || page.length > SOFT_MAX_PAGE_LENGTH;
  return {
    page,
    isDone: continueCursor === END_CURSOR,
    continueCursor,
    splitCursor: null,
    pageStatus: splitRecommended ? "SplitRecommended" : null,
  };
}
