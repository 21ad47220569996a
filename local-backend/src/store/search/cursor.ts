// Pagination cursors for search queries. As on Convex, a cursor is a position in relevance order
// (score, creation time, id) tied to one query: a cursor from another query is refused with
// Convex's InvalidCursor error, which `usePaginatedQuery` answers by starting over.
import { createHash } from "node:crypto";
import { ConvexError } from "convex/values";
import type { SerializedQuery } from "./convex-test.js";
import type { SearchKey } from "./rank.js";

/** convex-test's (and the engine's) spelling of "past the last result". */
export const END_CURSOR = "_end_cursor";

export type CursorPosition = { kind: "end" } | { kind: "after"; key: SearchKey };

interface EncodedCursor {
  search: string;
  key: [number, number, string];
}

/** Convex's query fingerprint: the same query (text, filters, operators) gives the same cursors. */
export function queryFingerprint(query: SerializedQuery): string {
  return createHash("sha256").update(JSON.stringify(query)).digest("base64url").slice(0, 16);
}

export function invalidCursorError(): ConvexError<{ isConvexSystemError: boolean; paginationError: string }> {
  const error = new ConvexError({ isConvexSystemError: true, paginationError: "InvalidCursor" });
  error.message = "InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query.";
  return error;
}

export function encodeCursor(position: CursorPosition, fingerprint: string): string {
  if (position.kind === "end") return END_CURSOR;
  const { score, creationTime, id } = position.key;
  const encoded: EncodedCursor = { search: fingerprint, key: [score, creationTime, id] };
  return JSON.stringify(encoded);
}

function isEncodedCursor(value: unknown): value is EncodedCursor {
  if (typeof value !== "object" || value === null) return false;
  const { search, key } = value as Partial<EncodedCursor>;
  return (
    typeof search === "string" &&
    Array.isArray(key) &&
    key.length === 3 &&
    typeof key[0] === "number" &&
    typeof key[1] === "number" &&
    typeof key[2] === "string"
  );
}

export function decodeCursor(cursor: string, fingerprint: string): CursorPosition {
  if (cursor === END_CURSOR) return { kind: "end" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(cursor);
  } catch {
    throw invalidCursorError();
  }
  if (!isEncodedCursor(parsed) || parsed.search !== fingerprint) throw invalidCursorError();
  const [score, creationTime, id] = parsed.key;
  return { kind: "after", key: { score, creationTime, id } };
}
