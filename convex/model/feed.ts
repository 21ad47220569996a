// The following feed (docs/decisions.md "Following feed"): works by the creators I follow, newest
// first.
//
// Why fan-out on write. Read-time merging ("fan-out on read") would open one index range per
// followed creator and merge them: a user following 500 creators reads 500 ranges (and at least
// 500 documents) for every page, and every page re-runs live whenever any of them posts. Instead
// each follower gets a `feedItems` row per work, written once when the work is posted, so a page
// of the feed is ONE index range (by_userId_and_hidden_and_projectCreationTime) of 20 rows plus
// the works and authors on it, however many people I follow. The cost moves to the writes, and
// every write is bounded:
// - posting a work fans out to the author's followers in scheduled batches of FAN_OUT_BATCH
//   (like challenge_created), each its own transaction, with the `new_work` notification;
// - following someone copies their latest BACKFILL_WORKS works in (in the follow's transaction);
// - unfollowing removes that creator's rows in scheduled batches (by_userId_and_authorId_...);
// - hiding a work marks its rows `hidden` (restoring unmarks them), in scheduled batches, so the
//   feed's range skips them; deleting a work deletes them with its other rows
//   (projectDeletion.ts). Until a batch has run, the page drops the work when it reads it.
// Muted authors are dropped on read (model/mutes.ts muteFilter), so unmuting brings them back.
import type { PaginationOptions } from "convex/server";
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { findFollow } from "./follows";
import { blocks, findMute, muteFilter } from "./mutes";
import { notify } from "./notifications";
import { isSuspended } from "./suspension";
import { displayNameOf, photoUrlOf } from "./users";
import { toWorkCard } from "./workCards";

/** Works a feed page shows (the client asks for this many; the server clamps to it). */
export const FEED_PAGE_SIZE = 20;
/** Followers one fan-out run reaches (each: a follow row, a feed row, maybe a notification). */
export const FAN_OUT_BATCH = 200;
/** A creator's latest works copied into my feed when I follow them. */
export const BACKFILL_WORKS = 20;
/** Feed rows one cleanup run (unfollow, hide, restore) touches. */
export const FEED_CLEANUP_BATCH = 200;
/** The first `max` characters of a bio, with an ellipsis when cut. */
function snippet(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? chars.slice(0, max).join("") + "…" : chars.join("");
}

/** Popular creators suggested on the empty feed, and how many candidates are read to find them. */
export const SUGGESTION_COUNT = 8;
export const SUGGESTION_SCAN = 40;
export const BIO_SNIPPET = 60;

export const NEW_WORK_TITLE = "フォロー中のクリエイターが新しい作品を投稿しました";
export const newWorkMessage = (name: string, title: string) => `${name}さんが「${title}」を投稿しました`;

/** Puts one work into one follower's feed, unless it is there already. True when inserted. */
async function addFeedItem(ctx: MutationCtx, userId: Id<"users">, work: Doc<"projects">): Promise<boolean> {
  const existing = await ctx.db
    .query("feedItems")
    .withIndex("by_userId_and_authorId_and_projectId", (q) => q.eq("userId", userId).eq("authorId", work.userId).eq("projectId", work._id))
    .first();
  if (existing) return false;
  await ctx.db.insert("feedItems", {
    userId,
    projectId: work._id,
    authorId: work.userId,
    projectCreationTime: work._creationTime,
    ...(work.hidden === true ? { hidden: true as const } : {}),
  });
  return true;
}

/** Starts the fan-out of a newly posted work to its author's followers (projects.create). */
export async function startWorkFanOut(ctx: MutationCtx, projectId: Id<"projects">) {
  await ctx.scheduler.runAfter(0, internal.feed.fanOutWork, { projectId, cursor: null });
}

/**
 * One fan-out batch: up to FAN_OUT_BATCH followers of the work's author each get a feed row and,
 * when their newProjects setting is on (notify honours it) and they do not mute the author, a
 * new_work notification. A hidden work gets (hidden) rows but no notification. Returns the cursor
 * of the next batch, or null when every follower was reached.
 */
export async function fanOutWorkBatch(ctx: MutationCtx, projectId: Id<"projects">, cursor: string | null) {
  const work = await ctx.db.get("projects", projectId);
  if (!work) return null;
  const author = await ctx.db.get("users", work.userId);
  if (!author) return null;
  const batch = await ctx.db
    .query("follows")
    .withIndex("by_followeeId", (q) => q.eq("followeeId", work.userId))
    .paginate({ numItems: FAN_OUT_BATCH, cursor });
  for (const row of batch.page) {
    const inserted = await addFeedItem(ctx, row.followerId, work);
    // Only the run that put the work in the feed notifies, so a retried batch notifies nobody twice.
    if (!inserted || work.hidden === true) continue;
    await notify(ctx, {
      userId: row.followerId,
      type: "new_work",
      title: NEW_WORK_TITLE,
      message: newWorkMessage(displayNameOf(author), work.title),
      projectId: work._id,
      fromUserId: work.userId,
    });
  }
  return batch.isDone ? null : batch.continueCursor;
}

/** Following someone: their latest BACKFILL_WORKS visible works join my feed (bounded). */
export async function backfillFeed(ctx: MutationCtx, followerId: Id<"users">, authorId: Id<"users">) {
  const works = await ctx.db
    .query("projects")
    .withIndex("by_userId_and_hidden", (q) => q.eq("userId", authorId).eq("hidden", undefined))
    .order("desc")
    .take(BACKFILL_WORKS);
  for (const work of works) await addFeedItem(ctx, followerId, work);
}

/** Unfollowing someone: their rows leave my feed in scheduled batches (removeFollow). */
export async function startFeedRemoval(ctx: MutationCtx, userId: Id<"users">, authorId: Id<"users">) {
  await ctx.scheduler.runAfter(0, internal.feed.removeAuthorItems, { userId, authorId });
}

/**
 * Deletes up to FEED_CLEANUP_BATCH of one creator's rows from one feed. Stops when the follow
 * exists again (followed back before the cleanup ran: the rows belong there). True when done.
 */
export async function removeAuthorItemsBatch(ctx: MutationCtx, userId: Id<"users">, authorId: Id<"users">) {
  if (await findFollow(ctx, userId, authorId)) return true;
  const rows = await ctx.db
    .query("feedItems")
    .withIndex("by_userId_and_authorId_and_projectId", (q) => q.eq("userId", userId).eq("authorId", authorId))
    .take(FEED_CLEANUP_BATCH);
  for (const row of rows) await ctx.db.delete("feedItems", row._id);
  return rows.length < FEED_CLEANUP_BATCH;
}

/** Hiding or restoring a work marks its feed rows in scheduled batches (moderationTargets.ts). */
export async function startFeedHiddenMark(ctx: MutationCtx, projectId: Id<"projects">, hidden: boolean) {
  await ctx.scheduler.runAfter(0, internal.feed.markWorkHidden, { projectId, hidden });
}

/**
 * Marks (or unmarks) up to FEED_CLEANUP_BATCH of a work's rows. Stops when the work is gone or
 * its state changed since (the later hide or restore started its own run). True when done.
 */
export async function markWorkHiddenBatch(ctx: MutationCtx, projectId: Id<"projects">, hidden: boolean) {
  const work = await ctx.db.get("projects", projectId);
  if (!work || (work.hidden === true) !== hidden) return true;
  const rows = await ctx.db
    .query("feedItems")
    .withIndex("by_projectId_and_hidden", (q) => q.eq("projectId", projectId).eq("hidden", hidden ? undefined : true))
    .take(FEED_CLEANUP_BATCH);
  for (const row of rows) await ctx.db.patch("feedItems", row._id, { hidden: hidden ? true : undefined });
  return rows.length < FEED_CLEANUP_BATCH;
}

/** Deleting a work: its feed rows (projectDeletion.ts purge batches). */
export function feedItemsOfWork(ctx: MutationCtx, projectId: Id<"projects">, limit: number) {
  return ctx.db
    .query("feedItems")
    .withIndex("by_projectId_and_hidden", (q) => q.eq("projectId", projectId))
    .take(limit);
}

/**
 * One page of a user's feed, newest work first: one index range of the rows not hidden (plus
 * muteFilter's extra rows when the viewer mutes anyone), then each row's work and author. A row
 * whose work went (or was hidden) before its batch ran is dropped.
 */
export async function feedPage(ctx: QueryCtx, viewerId: Id<"users">, paginationOpts: PaginationOptions) {
  const mutes = await muteFilter(ctx, viewerId);
  const result = await ctx.db
    .query("feedItems")
    .withIndex("by_userId_and_hidden_and_projectCreationTime", (q) => q.eq("userId", viewerId).eq("hidden", undefined))
    .order("desc")
    .paginate({ ...paginationOpts, numItems: paginationOpts.numItems + mutes.extra });
  const rows = await mutes.visible(result.page, (row) => row.authorId);
  const works = await Promise.all(rows.map((row) => ctx.db.get("projects", row.projectId)));
  const shown = works.filter((work): work is Doc<"projects"> => work !== null && work.hidden !== true);
  return { ...result, page: await Promise.all(shown.map((work) => toWorkCard(ctx, work))) };
}

export const vSuggestedCreator = v.object({
  _id: v.id("users"),
  handle: v.union(v.string(), v.null()),
  displayName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  bio: v.string(),
  followersCount: v.number(),
  projectsCount: v.number(),
});

/**
 * Popular creators to follow: the most liked (userStats by_totalLikes), reading at most
 * SUGGESTION_SCAN candidates and keeping SUGGESTION_COUNT. Skipped: the viewer, creators with no
 * works, deleted, suspended and private-profile users, those the viewer already follows or mutes,
 * and those who block the viewer (following them is refused).
 */
export async function popularCreators(ctx: QueryCtx, viewerId: Id<"users"> | null) {
  const candidates = await ctx.db.query("userStats").withIndex("by_totalLikes").order("desc").take(SUGGESTION_SCAN);
  const now = Date.now();
  const picked = [];
  for (const stats of candidates) {
    if (picked.length >= SUGGESTION_COUNT) break;
    if (stats.userId === viewerId || stats.projectsCount === 0) continue;
    const user = await ctx.db.get("users", stats.userId);
    if (!user || isSuspended(user, now) || user.settings.privacy.profileVisibility === "private") continue;
    if (viewerId !== null) {
      if (await findFollow(ctx, viewerId, user._id)) continue;
      if (await findMute(ctx, viewerId, user._id)) continue;
      if (await blocks(ctx, user._id, viewerId)) continue;
    }
    picked.push({
      _id: user._id,
      handle: user.handle ?? null,
      displayName: displayNameOf(user),
      photoUrl: await photoUrlOf(ctx, user),
      bio: snippet(user.bio ?? "", BIO_SNIPPET),
      followersCount: stats.followersCount,
      projectsCount: stats.projectsCount,
    });
  }
  return picked;
}
