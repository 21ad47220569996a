// The registry of screenshot files (table `screenshotFiles`). The wizard uploads each picked
// image and its thumbnail at once, so the files exist before the work does:
//
// 1. upload: the browser posts the original and its thumbnail to upload URLs;
// 2. check (action screenshots.checkUpload): the real bytes are read; refused files are deleted,
//    accepted ones are registered as the caller's pending upload (`claimFiles`);
// 3. post (projects.create / update): a work takes only the caller's own pending files (or keeps
//    its own), which then point at the work (`attachScreenshots`);
// 4. files never posted are swept after a day (`sweepPendingBatch`, from convex/crons.ts).
//
// So another work's files, someone's photo or a file that skipped the byte check can never be
// attached, and deleting one work can never delete another's images.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { IMAGE_CONTENT_TYPES, LIMITS, THUMBNAIL_CONTENT_TYPES } from "../constants";
import { userError } from "./errors";
import { deleteStoredFile, IMAGE_MESSAGES, imageRefusal, isFileInUse } from "./images";

export type Screenshot = Doc<"projects">["screenshots"][number];

/** Thumbnails are made in the browser at most 640 px wide; anything near 5 MB is not one. */
export const THUMBNAIL_MAX_BYTES = 1024 * 1024;

/** How long an upload may wait in the wizard before it is swept. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Every file of the screenshots, originals and thumbnails. */
export const filesOf = (shots: readonly Screenshot[]) => shots.flatMap((shot) => [shot.storageId, shot.thumbnailStorageId]);

export function uploadFailed() {
  return userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed, { screenshots: IMAGE_MESSAGES.uploadFailed });
}

async function rowOf(ctx: QueryCtx, storageId: Id<"_storage">) {
  return await ctx.db
    .query("screenshotFiles")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/**
 * What a just-uploaded file is to the caller: "new" (nobody's yet), "mine" (already checked and
 * waiting for this caller) or "foreign" (a posted screenshot, someone else's upload, any photo).
 */
export async function uploadStanding(ctx: QueryCtx, storageId: Id<"_storage">, userId: Id<"users">) {
  const row = await rowOf(ctx, storageId);
  if (row) return row.userId === userId && row.projectId === undefined ? "mine" : "foreign";
  // Anyone's profile photo, the caller's own included: a photo never becomes a screenshot (else
  // deleting the work, or the sweep, would delete the photo).
  return (await isFileInUse(ctx, storageId)) ? "foreign" : "new";
}

/** Registers checked uploads as the caller's pending files (again-safe: the check may repeat). */
export async function claimFiles(ctx: MutationCtx, userId: Id<"users">, storageIds: readonly Id<"_storage">[]) {
  for (const storageId of storageIds) {
    const standing = await uploadStanding(ctx, storageId, userId);
    if (standing === "foreign") throw uploadFailed();
    if (standing === "new") await ctx.db.insert("screenshotFiles", { storageId, userId });
  }
}

/** The stored file's size and declared type are acceptable for an original or a thumbnail. */
async function storedFileAcceptable(ctx: QueryCtx, storageId: Id<"_storage">, maxBytes: number, types: readonly string[]) {
  const file = await ctx.db.system.get("_storage", storageId);
  if (!file) return false;
  return imageRefusal({ size: file.size, maxBytes, types, ...(file.contentType ? { contentType: file.contentType } : {}) }) === null;
}

/**
 * Checks the screenshots a work is to have: each pair is either one the work already has, or
 * files the caller uploaded and the server checked that no work holds yet. No file twice.
 * Throws '画像のアップロードに失敗しました' otherwise.
 */
export async function checkScreenshots(
  ctx: QueryCtx,
  userId: Id<"users">,
  shots: readonly Screenshot[],
  current: readonly Screenshot[] = [],
) {
  const files = filesOf(shots);
  if (new Set(files).size !== files.length) throw uploadFailed();
  const kept = new Set(current.map((shot) => `${shot.storageId}/${shot.thumbnailStorageId}`));
  const added = shots.filter((shot) => !kept.has(`${shot.storageId}/${shot.thumbnailStorageId}`));
  for (const shot of added) {
    for (const [storageId, maxBytes, types] of [
      [shot.storageId, LIMITS.imageMaxBytes, IMAGE_CONTENT_TYPES],
      [shot.thumbnailStorageId, THUMBNAIL_MAX_BYTES, THUMBNAIL_CONTENT_TYPES],
    ] as const) {
      const row = await rowOf(ctx, storageId);
      if (!row || row.userId !== userId || row.projectId !== undefined) throw uploadFailed();
      if (!(await storedFileAcceptable(ctx, storageId, maxBytes, types))) throw uploadFailed();
    }
  }
}

/**
 * Points the files at their work. Files without a row (the demo seed stores its images itself)
 * get one, so every posted screenshot is known to the registry.
 */
export async function attachScreenshots(
  ctx: MutationCtx,
  userId: Id<"users">,
  projectId: Id<"projects">,
  shots: readonly Screenshot[],
) {
  for (const storageId of filesOf(shots)) {
    const row = await rowOf(ctx, storageId);
    // Images an edit keeps already point here: no write.
    if (row && row.projectId !== projectId) await ctx.db.patch("screenshotFiles", row._id, { projectId });
    else if (!row) await ctx.db.insert("screenshotFiles", { storageId, userId, projectId });
  }
}

/** Deletes files and their rows (screenshots taken off a work, or a deleted work's). */
export async function releaseFiles(ctx: MutationCtx, storageIds: readonly Id<"_storage">[]) {
  for (const storageId of storageIds) {
    const row = await rowOf(ctx, storageId);
    if (row) await ctx.db.delete("screenshotFiles", row._id);
    await deleteStoredFile(ctx, storageId);
  }
}

/** Deletes files nobody uses (refused uploads), leaving any that became a photo or screenshot. */
export async function deleteUnusedFiles(ctx: MutationCtx, storageIds: readonly Id<"_storage">[]) {
  for (const storageId of storageIds) {
    if (!(await isFileInUse(ctx, storageId))) await deleteStoredFile(ctx, storageId);
  }
}

/** Deletes the caller's own pending uploads among `storageIds`; anything else is left alone. */
export async function discardPendingFiles(ctx: MutationCtx, userId: Id<"users">, storageIds: readonly Id<"_storage">[]) {
  for (const storageId of storageIds) {
    if ((await uploadStanding(ctx, storageId, userId)) === "mine") await releaseFiles(ctx, [storageId]);
  }
}

/** Deletes up to `limit` uploads that waited longer than the TTL. Returns how many. */
export async function sweepPendingBatch(ctx: MutationCtx, now: number, limit: number) {
  const stale = await ctx.db
    .query("screenshotFiles")
    .withIndex("by_projectId", (q) => q.eq("projectId", undefined).lt("_creationTime", now - PENDING_UPLOAD_TTL_MS))
    .take(limit);
  await releaseFiles(
    ctx,
    stale.map((row) => row.storageId),
  );
  return stale.length;
}
