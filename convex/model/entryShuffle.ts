// The entries of a challenge whose counts are hidden, in an order shuffled per viewer and stable
// for them, paged without reading more than a page (docs/architecture.md "Shuffled entries").
//
// Every entry stores `shuffleKey`, a number in [0, 1) hashed from its id when it is made. Each
// viewer (signed-out visitors share one) gets, per challenge, a start point in [0, 1) and a
// direction from a hash of their id and the challenge's. Their order is the index read from the
// start point to the end, then from the other end back round to the start point: two index
// ranges, so every entry comes once and a page reads a page. The cursor says which range and
// the last key (and creation time, for equal keys) read.
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { BAD_CURSOR_MESSAGE } from "./pagination";
import { userError } from "./errors";

/** A 53-bit hash of a string (cyrb53), as a number in [0, 1). */
export function unitHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)) / 2 ** 53;
}

/** The key an entry keeps for life: the same id always gives the same key. */
export function shuffleKeyOf(submissionId: Id<"challengeSubmissions">): number {
  return unitHash(`entry:${submissionId}`);
}

type Viewer = { start: number; descending: boolean };

/** Where a viewer's order starts and which way it runs, for one challenge. */
export function viewerShuffle(challengeId: Id<"challenges">, viewerId: Id<"users"> | null): Viewer {
  const seed = `${viewerId ?? "visitor"}:${challengeId}`;
  return { start: unitHash(`start:${seed}`), descending: unitHash(`direction:${seed}`) < 0.5 };
}

type Cursor = { range: 0 | 1; key: number; at: number } | { range: 0 | 1; key: null; at: null };

function readCursor(cursor: string | null): Cursor {
  if (cursor === null) return { range: 0, key: null, at: null };
  try {
    const parsed = JSON.parse(cursor) as unknown;
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [range, key, at] = parsed as unknown[];
      if ((range === 0 || range === 1) && typeof key === "number" && typeof at === "number") return { range, key, at };
      if ((range === 0 || range === 1) && key === null && at === null) return { range, key: null, at: null };
    }
  } catch {
    // falls through to the refusal
  }
  throw userError("INVALID_CURSOR", BAD_CURSOR_MESSAGE);
}

const writeCursor = (cursor: Cursor) => JSON.stringify([cursor.range, cursor.key, cursor.at]);

/** Room for entries that share a key with the last one read (in practice there are none). */
const TIE_ROOM = 8;

/**
 * One page of a challenge's visible entries in the viewer's shuffled order: at most `numItems`
 * entries, read from at most two index ranges.
 */
export async function shuffledPage(
  ctx: QueryCtx,
  challengeId: Id<"challenges">,
  viewer: Viewer,
  numItems: number,
  cursor: string | null,
): Promise<{ page: Doc<"challengeSubmissions">[]; isDone: boolean; continueCursor: string }> {
  let at = readCursor(cursor);
  const page: Doc<"challengeSubmissions">[] = [];
  for (;;) {
    const want = numItems - page.length;
    const rows = await readRange(ctx, challengeId, viewer, at, want + TIE_ROOM);
    const unseen = rows.filter((row) => !alreadyRead(row, at, viewer.descending));
    const taken = unseen.slice(0, want);
    page.push(...taken);
    // Fewer rows than asked for, all of them taken: this range is over.
    const rangeDone = rows.length < want + TIE_ROOM && taken.length === unseen.length;
    const last = taken.at(-1);
    if (last) at = { range: at.range, key: last.shuffleKey ?? 0, at: last._creationTime };
    if (!rangeDone) return { page, isDone: false, continueCursor: writeCursor(at) };
    if (at.range === 1) return { page, isDone: true, continueCursor: writeCursor(at) };
    at = { range: 1, key: null, at: null };
    if (page.length >= numItems) return { page, isDone: false, continueCursor: writeCursor(at) };
  }
}

/** Whether a row at the resume key was on an earlier page (equal keys run in creation order). */
function alreadyRead(row: Doc<"challengeSubmissions">, at: Cursor, descending: boolean) {
  if (at.key === null || row.shuffleKey !== at.key) return false;
  return descending ? row._creationTime >= at.at : row._creationTime <= at.at;
}

/**
 * Ascending viewers read [start, 1) then [0, start); descending ones (start, 0] then [1, start],
 * both reversed. A cursor moves the near edge of its range to the last key read.
 */
function readRange(ctx: QueryCtx, challengeId: Id<"challenges">, viewer: Viewer, at: Cursor, take: number) {
  const { start, descending } = viewer;
  const resume = at.key;
  return ctx.db
    .query("challengeSubmissions")
    .withIndex("by_challengeId_and_hidden_and_shuffleKey", (q) => {
      const base = q.eq("challengeId", challengeId).eq("hidden", undefined);
      if (!descending) {
        if (at.range === 0) return base.gte("shuffleKey", resume ?? start).lt("shuffleKey", 1);
        return resume === null ? base.gte("shuffleKey", 0).lt("shuffleKey", start) : base.gte("shuffleKey", resume).lt("shuffleKey", start);
      }
      if (at.range === 0)
        return resume === null ? base.gte("shuffleKey", 0).lt("shuffleKey", start) : base.gte("shuffleKey", 0).lte("shuffleKey", resume);
      return base.gte("shuffleKey", start).lte("shuffleKey", resume ?? 1);
    })
    .order(descending ? "desc" : "asc")
    .take(take);
}
