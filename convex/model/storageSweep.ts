// Files that were uploaded but never checked nor used. An upload URL does not say which file it
// will become, so nothing can be recorded when it is issued; the one complete record of every
// upload is the `_storage` system table itself. This sweep walks it in creation order from a
// stored watermark, a bounded batch at a time, and deletes each file older than a day that no
// registry knows (screenshotFiles, photoFiles, a user's photo). Files a registry knows have their
// own sweeps (unposted screenshots, unused photos). The watermark starts where the sweep first
// ran, so files from before it existed are never touched.
import type { MutationCtx } from "../_generated/server";
import { deleteStoredFile, isFileInUse } from "./images";
import { PENDING_UPLOAD_TTL_MS } from "./screenshotFiles";

export const UNUSED_UPLOADS_SWEEP = "unusedUploads";

/** Looks at up to `limit` files; returns true when more old-enough files may be waiting. */
export async function sweepUnusedUploadsBatch(ctx: MutationCtx, now: number, limit: number): Promise<boolean> {
  const mark = await ctx.db
    .query("sweepWatermarks")
    .withIndex("by_name", (q) => q.eq("name", UNUSED_UPLOADS_SWEEP))
    .unique();
  if (!mark) {
    await ctx.db.insert("sweepWatermarks", { name: UNUSED_UPLOADS_SWEEP, upTo: now });
    return false;
  }
  const files = await ctx.db.system
    .query("_storage")
    .withIndex("by_creation_time", (q) => q.gt("_creationTime", mark.upTo).lt("_creationTime", now - PENDING_UPLOAD_TTL_MS))
    .take(limit);
  for (const file of files) {
    if (!(await isFileInUse(ctx, file._id))) await deleteStoredFile(ctx, file._id);
  }
  const last = files.at(-1);
  if (last) await ctx.db.patch("sweepWatermarks", mark._id, { upTo: last._creationTime });
  return files.length === limit;
}
