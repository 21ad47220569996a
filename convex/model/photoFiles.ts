// The registry of profile photo files (table `photoFiles`), the photo's counterpart of
// screenshotFiles.ts. The setup and edit forms upload a picked photo before the profile is saved:
//
// 1. upload: the browser posts the file to an upload URL (users.generatePhotoUploadUrl, rate
//    limited per user);
// 2. check (action users.checkPhotoUpload): the real bytes are read; a refused file is deleted,
//    an accepted one is registered to the caller (`claimPhotoFile`, inUse false);
// 3. save (users.completeSetup / updateProfile): the profile takes only a file registered to the
//    caller (`takeOwnPhotoFile`), which is then marked in use; the photo it replaces, or that is
//    removed, is deleted with its row (`releasePhotoFile`);
// 4. uploads never used are swept after a day (`sweepPhotoUploadsBatch`, from convex/crons.ts);
//    deleting an account deletes the files registered to it, and only those.
//
// So nobody can take another user's upload (checked or not) as their photo, one file is the photo
// of one user at most, and deleting one account never deletes another user's file.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { userError } from "./errors";
import { checkStoredImage, deleteStoredFile, IMAGE_MESSAGES, isFileInUse } from "./images";
import { PENDING_UPLOAD_TTL_MS } from "./screenshotFiles";

/** How long a checked photo upload may wait for the form to be saved before it is swept. */
export const PHOTO_UPLOAD_TTL_MS = PENDING_UPLOAD_TTL_MS;

function photoUploadFailed() {
  return userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed, { photo: IMAGE_MESSAGES.uploadFailed });
}

export async function photoFileRow(ctx: QueryCtx, storageId: Id<"_storage">) {
  return await ctx.db
    .query("photoFiles")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/**
 * What a just-uploaded file is to the caller: "new" (nobody's yet), "mine" (registered to the
 * caller: checked and waiting, or their photo) or "foreign" (someone else's upload or photo, or
 * any screenshot).
 */
export async function photoUploadStanding(
  ctx: QueryCtx,
  storageId: Id<"_storage">,
  userId: Id<"users">,
): Promise<"new" | "mine" | "foreign"> {
  const row = await photoFileRow(ctx, storageId);
  if (row) return row.userId === userId ? "mine" : "foreign";
  return (await isFileInUse(ctx, storageId)) ? "foreign" : "new";
}

/** Registers a checked upload to the caller (again-safe: the check may repeat). */
export async function claimPhotoFile(ctx: MutationCtx, userId: Id<"users">, storageId: Id<"_storage">) {
  const standing = await photoUploadStanding(ctx, storageId, userId);
  if (standing === "foreign") throw userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed);
  if (standing === "new") await ctx.db.insert("photoFiles", { storageId, userId, inUse: false });
}

/**
 * Makes a file the caller's photo: it must be registered to them (uploaded and checked by them)
 * and still acceptable as stored. Throws '画像のアップロードに失敗しました' (or the size / type
 * message) next to the photo field otherwise.
 */
export async function takeOwnPhotoFile(ctx: MutationCtx, storageId: Id<"_storage">, userId: Id<"users">) {
  const row = await photoFileRow(ctx, storageId);
  if (!row || row.userId !== userId) throw photoUploadFailed();
  await checkStoredImage(ctx, storageId, userId);
  if (!row.inUse) await ctx.db.patch("photoFiles", row._id, { inUse: true });
}

/**
 * Deletes a photo the user no longer uses (replaced, removed, or their account deleted), with its
 * row. A file not registered to this user is never deleted (a photo saved before the registry
 * existed is only taken off the profile).
 */
export async function releasePhotoFile(ctx: MutationCtx, userId: Id<"users">, storageId: Id<"_storage">) {
  const row = await photoFileRow(ctx, storageId);
  if (!row || row.userId !== userId) return;
  await ctx.db.delete("photoFiles", row._id);
  await deleteStoredFile(ctx, storageId);
}

/** Deletes up to `limit` checked uploads left unused for longer than the TTL. Returns how many. */
export async function sweepPhotoUploadsBatch(ctx: MutationCtx, now: number, limit: number) {
  const stale = await ctx.db
    .query("photoFiles")
    .withIndex("by_inUse", (q) => q.eq("inUse", false).lt("_creationTime", now - PHOTO_UPLOAD_TTL_MS))
    .take(limit);
  for (const row of stale) {
    const holder = await ctx.db
      .query("users")
      .withIndex("by_photoStorageId", (q) => q.eq("photoStorageId", row.storageId))
      .first();
    // Defensive: a file someone has as their photo is never swept, whatever the row says.
    if (holder?._id === row.userId) await ctx.db.patch("photoFiles", row._id, { inUse: true });
    else if (holder) await ctx.db.delete("photoFiles", row._id);
    else await releasePhotoFile(ctx, row.userId, row.storageId);
  }
  return stale.length;
}
