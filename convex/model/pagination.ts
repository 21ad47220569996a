// Page sizes are the server's to decide (docs/decisions.md "Text"): a client may ask
// for fewer items than a page, never for more, and nonsense is refused with a clear error.
import type { PaginationOptions } from "convex/server";
import { ConvexError } from "convex/values";
import { userError } from "./errors";

export function clampPage(opts: PaginationOptions, pageSize: number): PaginationOptions {
  if (!Number.isFinite(opts.numItems) || opts.numItems < 1) {
    throw userError("INVALID_INPUT", "ページの件数が正しくありません");
  }
  return { ...opts, numItems: Math.min(Math.floor(opts.numItems), pageSize) };
}

export const BAD_CURSOR_MESSAGE = "ページの位置が正しくありません。最初から読み込み直してください";

/**
 * Reads one page with the size clamped. A cursor the database cannot read (tampered with, or
 * from another query) is refused with a clean error instead of an internal one.
 */
export async function readPage<T>(opts: PaginationOptions, pageSize: number, read: (opts: PaginationOptions) => Promise<T>): Promise<T> {
  const clamped = clampPage(opts, pageSize);
  // A first page with no end cursor reads nothing a client made up: errors there are bugs.
  if (clamped.cursor === null && (clamped.endCursor === undefined || clamped.endCursor === null)) {
    return await read(clamped);
  }
  try {
    return await read(clamped);
  } catch (error) {
    if (error instanceof ConvexError) throw error;
    throw userError("INVALID_CURSOR", BAD_CURSOR_MESSAGE);
  }
}
