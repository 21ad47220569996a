// Saved works (ストック, docs/decisions.md "Privacy"): a private list per user, like Qiita's stock,
// apart from the public いいね. Nobody but the saver ever reads a `saves` row: there is no public
// counter, and no list others see joins this table.
//
// - Saving and unsaving (saves.toggle), and merging what a visitor saved in this browser's local
//   storage once they sign in (saves.mergeLocal).
// - /saved lists the rows newest saved first, 20 at a time; a hidden or deleted work is skipped
//   when read (its row stays, so a restored work comes back), as are works by muted users.
// - When the author edits a saved work, savers are told (an `update` notification) through a
//   scheduled fan-out over the work's rows in batches, at most once a day per work per saver.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { LIMITS } from "../constants";
import { recordDaily } from "./analytics";
import { notify } from "./notifications";

/** Works one /saved page shows. */
export const SAVES_PAGE_SIZE = 20;
/** Local bookmarks one merge (or one visitor's /saved) takes at most (shared with the browser). */
export const SAVES_MERGE_MAX = LIMITS.savesMergeMax;
/** Savers one run of the update fan-out handles (a user read and perhaps two writes each). */
export const UPDATE_FANOUT_BATCH = 200;
/** A saver hears of updates to one work at most once in this long (as a like notifies at most once a day). */
export const UPDATE_RENOTIFY_MS = 24 * 60 * 60 * 1000;

export const SAVE_MESSAGES = {
  signInRequired: "ストックするにはログインが必要です",
  notFound: "作品が見つかりません",
  tooMany: `一度に取り込めるのは${SAVES_MERGE_MAX}件までです`,
} as const;

export async function findSave(ctx: QueryCtx, userId: Id<"users">, projectId: Id<"projects">) {
  return await ctx.db
    .query("saves")
    .withIndex("by_userId_and_projectId", (q) => q.eq("userId", userId).eq("projectId", projectId))
    .unique();
}

/** A work that can be saved (or listed) now: it exists and is not hidden. */
export async function savableWork(ctx: QueryCtx, projectId: Id<"projects">): Promise<Doc<"projects"> | null> {
  const work = await ctx.db.get("projects", projectId);
  return work && work.hidden !== true ? work : null;
}

/**
 * Adds the local bookmarks that name a savable work and are not saved yet, oldest first (the
 * local list is kept in the order it was bookmarked), so the newest local one lists first.
 * Returns how many rows were added.
 */
export async function mergeSaves(ctx: MutationCtx, userId: Id<"users">, rawIds: readonly string[]): Promise<number> {
  const seen = new Set<Id<"projects">>();
  let added = 0;
  for (const raw of rawIds) {
    const projectId = ctx.db.normalizeId("projects", raw);
    if (projectId === null || seen.has(projectId)) continue;
    seen.add(projectId);
    const work = await savableWork(ctx, projectId);
    if (!work) continue;
    if (await findSave(ctx, userId, projectId)) continue;
    await ctx.db.insert("saves", { userId, projectId });
    await recordDaily(ctx, { work, figure: "saves" });
    added++;
  }
  return added;
}

/** Called by projects.update: starts telling the work's savers it changed. */
export async function scheduleUpdateNotifications(ctx: MutationCtx, projectId: Id<"projects">) {
  await ctx.scheduler.runAfter(0, internal.saves.notifyUpdate, { projectId, cursor: null, startedAt: Date.now() });
}

/**
 * One batch of the update fan-out: up to UPDATE_FANOUT_BATCH savers of the work. Each saver who
 * is not the author, keeps update notifications on (unset = on) and was not told about this work
 * in the last day gets one `update` notification. Returns the cursor to continue from, or null.
 */
export async function notifyUpdateBatch(
  ctx: MutationCtx,
  projectId: Id<"projects">,
  cursor: string | null,
  now: number,
): Promise<string | null> {
  const work = await ctx.db.get("projects", projectId);
  // Deleted or hidden since the edit: nobody is told.
  if (!work || work.hidden === true) return null;
  const batch = await ctx.db
    .query("saves")
    .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
    .paginate({ numItems: UPDATE_FANOUT_BATCH, cursor });
  for (const save of batch.page) {
    if (save.userId === work.userId) continue;
    if (save.notifiedAt !== undefined && save.notifiedAt > now - UPDATE_RENOTIFY_MS) continue;
    const id = await notify(ctx, {
      userId: save.userId,
      type: "update",
      title: "ストックした作品が更新されました",
      message: `「${work.title}」が更新されました`,
      projectId,
      fromUserId: work.userId,
    });
    if (id !== null) await ctx.db.patch("saves", save._id, { notifiedAt: now });
  }
  return batch.isDone ? null : batch.continueCursor;
}
