// Mutes and blocks (personal controls). A mute hides someone's works and comments from me in every
// list; a block does that too and stops them commenting on my works, following me and voting in
// my challenges. Neither is ever shown to the other person.
//
// Lists stay full and bounded: when the viewer mutes anyone, a paginated list reads MUTE_EXTRA_ROWS
// (20) more rows and drops the muted authors' ones. A page of 20 therefore stays full while at
// most 20 of the 40 rows it reads are by muted users, however many users are muted (one prolific
// muted author counts once per row, so the number of mutes alone cannot promise more); past that
// a page comes up short, never wrong: the cursor continues right after the last row read, and
// every row kept is returned (cutting the page would skip rows). Nobody else pays anything: a
// visitor reads nothing more, a viewer without mutes one empty index range.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { findFollow, removeFollow } from "./follows";

export const vMuteKind = v.union(v.literal("mute"), v.literal("block"));
export type MuteKind = Infer<typeof vMuteKind>;

/** Extra rows a list reads, when the viewer mutes anyone, to stand in for muted authors' rows. */
export const MUTE_EXTRA_ROWS = 20;
/** Mutes held in memory from one bounded read; with more, authors are looked up one by one. */
export const MUTE_SET_SIZE = 20;

export const MUTE_MESSAGES = {
  self: "自分をミュート・ブロックすることはできません",
  userNotFound: "ユーザーが見つかりませんでした",
  blockedComment: "この作品にはコメントできません",
  blockedFollow: "このユーザーをフォローできません",
  blockedVote: "このチャレンジには投票できません",
} as const;

export async function findMute(ctx: QueryCtx, userId: Id<"users">, mutedUserId: Id<"users">) {
  return await ctx.db
    .query("userMutes")
    .withIndex("by_userId_and_mutedUserId", (q) => q.eq("userId", userId).eq("mutedUserId", mutedUserId))
    .unique();
}

/** Whether `blockerId` blocks `userId` (a plain mute does not count). One indexed read. */
export async function blocks(ctx: QueryCtx, blockerId: Id<"users"> | undefined, userId: Id<"users">): Promise<boolean> {
  if (blockerId === undefined || blockerId === userId) return false;
  return (await findMute(ctx, blockerId, userId))?.kind === "block";
}

/**
 * Sets what `user` does about `target`: mute, block, or neither (null). Blocking also ends the
 * target's follow of the user, with both follow counters lowered.
 */
export async function setMute(ctx: MutationCtx, user: Doc<"users">, target: Doc<"users">, kind: MuteKind | null) {
  const existing = await findMute(ctx, user._id, target._id);
  if (kind === null) {
    if (existing) await ctx.db.delete("userMutes", existing._id);
  } else if (!existing) {
    await ctx.db.insert("userMutes", { userId: user._id, mutedUserId: target._id, kind });
  } else if (existing.kind !== kind) {
    await ctx.db.patch("userMutes", existing._id, { kind });
  }
  if (kind === "block") {
    const theirFollow = await findFollow(ctx, target._id, user._id);
    if (theirFollow) await removeFollow(ctx, theirFollow);
  }
}

/** Drops the rows whose author the viewer mutes, keeping the order. */
export type MuteFilter = {
  /** How many more rows a list reads to keep its pages full (0 with no mutes). */
  extra: number;
  visible<T>(rows: T[], authorOf: (row: T) => Id<"users"> | undefined): Promise<T[]>;
};

const NO_MUTES: MuteFilter = { extra: 0, visible: (rows) => Promise.resolve(rows) };

/**
 * The viewer's mute filter. Signed out: no read. Signed in: one index read of at most
 * MUTE_SET_SIZE + 1 rows; up to MUTE_SET_SIZE mutes that read is the whole set, and with more,
 * each distinct author on the page is looked up once by index (at most one row read each), so
 * the cost follows the page, not the number of mutes.
 */
export async function muteFilter(ctx: QueryCtx, viewerId: Id<"users"> | null): Promise<MuteFilter> {
  if (viewerId === null) return NO_MUTES;
  const rows = await ctx.db
    .query("userMutes")
    .withIndex("by_userId", (q) => q.eq("userId", viewerId))
    .take(MUTE_SET_SIZE + 1);
  if (rows.length === 0) return NO_MUTES;
  const extra = MUTE_EXTRA_ROWS;
  const complete = rows.length <= MUTE_SET_SIZE;
  const muted = new Map<Id<"users">, boolean>(rows.map((row) => [row.mutedUserId, true]));
  return {
    extra,
    visible: async (list, authorOf) => {
      if (!complete) {
        // More mutes than fit in memory: look each distinct unknown author up once.
        const unknown = new Set<Id<"users">>();
        for (const row of list) {
          const authorId = authorOf(row);
          if (authorId !== undefined && authorId !== viewerId && !muted.has(authorId)) unknown.add(authorId);
        }
        await Promise.all([...unknown].map(async (authorId) => muted.set(authorId, (await findMute(ctx, viewerId, authorId)) !== null)));
      }
      return list.filter((row) => {
        const authorId = authorOf(row);
        return authorId === undefined || muted.get(authorId) !== true;
      });
    },
  };
}
