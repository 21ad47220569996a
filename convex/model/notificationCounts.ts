// Each user's unread count, stored in its own `notificationCounts` row and moved in the same
// transaction as every notification write: the bell says the real number (not "9+") without
// reading the notifications, and the lists never read this row, so a count change re-runs only
// the count query.
//
// What it counts: unread rows, a group being one row (model/notificationGroups.ts). The bell's
// number is then what the list shows unread and what one click on an item clears.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

async function countRow(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("notificationCounts")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

export async function readUnreadCount(ctx: QueryCtx, userId: Id<"users">): Promise<number> {
  return (await countRow(ctx, userId))?.unread ?? 0;
}

/** Moves a user's unread count (never below 0). */
export async function bumpUnread(ctx: MutationCtx, userId: Id<"users">, delta: number): Promise<void> {
  if (delta === 0) return;
  const row = await countRow(ctx, userId);
  if (row) await ctx.db.patch("notificationCounts", row._id, { unread: Math.max(0, row.unread + delta) });
  // Nothing to lower (a deleted account's purge, or rows from before the count existed).
  else if (delta > 0) await ctx.db.insert("notificationCounts", { userId, unread: delta });
}

/**
 * Whether a row is in its recipient's count: unread, shown, and written with latestAt (rows from
 * before the count existed join it when notifications:backfillGroups stamps them).
 */
export function isCounted(row: Doc<"notifications">): boolean {
  return !row.read && row.hidden !== true && row.latestAt !== undefined;
}

/** Account deletion: the count goes with the user. */
export async function deleteUnreadCount(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const row = await countRow(ctx, userId);
  if (row) await ctx.db.delete("notificationCounts", row._id);
}
