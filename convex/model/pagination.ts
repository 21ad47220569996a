// Page sizes are the server's to decide (DECISIONS.md "Fairness and abuse"): a client may ask
// for fewer items than a page, never for more, and nonsense is refused with a clear error.
import type { PaginationOptions } from "convex/server";
import { userError } from "./errors";

export function clampPage(opts: PaginationOptions, pageSize: number): PaginationOptions {
  if (!Number.isFinite(opts.numItems) || opts.numItems < 1) {
    throw userError("INVALID_INPUT", "ページの件数が正しくありません");
  }
  return { ...opts, numItems: Math.min(Math.floor(opts.numItems), pageSize) };
}
