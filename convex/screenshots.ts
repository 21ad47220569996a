// Screenshot and share-card uploads for the posting wizard (model/screenshotFiles.ts explains
// the life of a file): an upload URL, the byte-level checks that register an upload, discarding
// an upload the author took back, and the daily sweep of uploads never posted.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery } from "./_generated/server";
import { THUMBNAIL_CONTENT_TYPES } from "./constants";
import { memberAction, memberMutation, userMutation } from "./model/functions";
import { userError } from "./model/errors";
import { IMAGE_MESSAGES, inspectImageBlob, isAcceptableShareCard } from "./model/images";
import {
  claimFiles,
  deleteUnusedFiles,
  discardPendingFiles,
  shareCardFailed,
  sweepPendingBatch,
  THUMBNAIL_MAX_BYTES,
  uploadFailed,
  uploadStanding,
} from "./model/screenshotFiles";
import { sweepUnusedUploadsBatch } from "./model/storageSweep";
import { WORK_MESSAGES } from "./model/workRules";

/** Files one sweep run deletes before it schedules the next. */
const SWEEP_BATCH = 100;

/**
 * Where to upload one screenshot: its original and its thumbnail. One call per image, so the
 * rate limit counts images, not files.
 */
export const generateUploadUrls = memberMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "screenshotUpload",
  args: {},
  returns: v.object({ original: v.string(), thumbnail: v.string() }),
  handler: async (ctx) => {
    const [original, thumbnail] = await Promise.all([ctx.storage.generateUploadUrl(), ctx.storage.generateUploadUrl()]);
    return { original, thumbnail };
  },
});

/** Where to upload the share card drawn after a post or an edit. */
export const generateShareCardUploadUrl = memberMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "shareCardUploadUrl",
  args: {},
  returns: v.string(),
  handler: async (ctx) => {
    return await ctx.storage.generateUploadUrl();
  },
});

/**
 * Checks an uploaded screenshot and its thumbnail right after the upload: the original must
 * really be PNG, JPEG or GIF (read from the bytes) of at most 5 MB, the thumbnail one of those or
 * WebP of at most 1 MB. Refused files are deleted and the message is thrown; accepted ones become the caller's
 * pending upload, which projects.create / update then accept. Checking the same pair again is
 * fine (a retry after a dropped connection).
 */
export const checkUpload = memberAction({
  rateLimit: "uploadCheck",
  signInMessage: WORK_MESSAGES.signInRequired,
  args: { storageId: v.id("_storage"), thumbnailStorageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId, thumbnailStorageId }): Promise<null> => {
    const storageIds = [storageId, thumbnailStorageId];
    if (storageId === thumbnailStorageId) throw uploadFailed();
    const facts = await ctx.runQuery(internal.screenshots.uploadFacts, { userId: ctx.authUserId, storageIds, kind: "screenshot" });
    if (facts.userId === null) throw userError("UNAUTHENTICATED", WORK_MESSAGES.signInRequired);
    // Never touch a file that is not a fresh upload: refuse it and leave it be.
    if (facts.standings.includes("foreign")) throw uploadFailed();
    if (facts.standings.every((standing) => standing === "mine")) return null;

    const [original, thumbnail] = await Promise.all(storageIds.map((id) => ctx.storage.get(id)));
    // The person picked the original; a bad thumbnail is the browser's doing, so it gets the
    // general upload message rather than a size or type the person cannot act on.
    const refusal =
      !original || !thumbnail
        ? IMAGE_MESSAGES.uploadFailed
        : ((await inspectImageBlob(original)) ??
          ((await inspectImageBlob(thumbnail, THUMBNAIL_MAX_BYTES, THUMBNAIL_CONTENT_TYPES)) && IMAGE_MESSAGES.uploadFailed));
    if (refusal) {
      await ctx.runMutation(internal.screenshots.deleteUnclaimed, { storageIds });
      throw userError("INVALID_IMAGE", refusal, { screenshots: refusal });
    }
    const claimed = await ctx.runMutation(internal.screenshots.claim, { userId: facts.userId, storageIds, kind: "screenshot" });
    if (!claimed) throw userError("UNAUTHENTICATED", WORK_MESSAGES.signInRequired);
    return null;
  },
});

/**
 * Checks a share card the browser drew and uploaded after saving a work (through
 * generateShareCardUploadUrl): WebP, JPEG or PNG by its bytes, at most SHARE_CARD.maxBytes, exactly
 * 1200×630 by its header. A refused card is deleted and `shareCardFailed` thrown (the work stays
 * without one); an accepted one becomes the caller's pending card, which projects.setShareCard
 * then puts on the work. Checking it again is fine.
 */
export const checkShareCard = memberAction({
  rateLimit: "uploadCheck",
  signInMessage: WORK_MESSAGES.signInRequired,
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }): Promise<null> => {
    const storageIds = [storageId];
    const facts = await ctx.runQuery(internal.screenshots.uploadFacts, { userId: ctx.authUserId, storageIds, kind: "shareCard" });
    if (facts.userId === null) throw userError("UNAUTHENTICATED", WORK_MESSAGES.signInRequired);
    if (facts.standings[0] === "foreign") throw shareCardFailed();
    if (facts.standings[0] === "mine") return null;
    const card = await ctx.storage.get(storageId);
    if (!card || !(await isAcceptableShareCard(card))) {
      await ctx.runMutation(internal.screenshots.deleteUnclaimed, { storageIds });
      throw shareCardFailed();
    }
    const claimed = await ctx.runMutation(internal.screenshots.claim, { userId: facts.userId, storageIds, kind: "shareCard" });
    if (!claimed) throw userError("UNAUTHENTICATED", WORK_MESSAGES.signInRequired);
    return null;
  },
});

/** Deletes the caller's own uploads that are not part of a work (a picked image taken back). */
export const discardUploads = userMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "uploadDiscard",
  args: { storageIds: v.array(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { storageIds }) => {
    const viewer = ctx.viewer;
    await discardPendingFiles(ctx, viewer._id, storageIds.slice(0, 20));
    return null;
  },
});

// ---------------------------------------------------------------------------------------------
// Internal

const vStanding = v.union(v.literal("new"), v.literal("mine"), v.literal("foreign"));
const vFileKind = v.union(v.literal("screenshot"), v.literal("shareCard"));

export const uploadFacts = internalQuery({
  args: { userId: v.string(), storageIds: v.array(v.id("_storage")), kind: vFileKind },
  returns: v.object({ userId: v.union(v.id("users"), v.null()), standings: v.array(vStanding) }),
  handler: async (ctx, { userId: rawUserId, storageIds, kind }) => {
    const userId = ctx.db.normalizeId("users", rawUserId);
    const user = userId ? await ctx.db.get("users", userId) : null;
    if (!user) return { userId: null, standings: [] };
    const standings = await Promise.all(storageIds.map((storageId) => uploadStanding(ctx, storageId, user._id, kind)));
    return { userId: user._id, standings };
  },
});

/** Registers checked files for the user; false (and the files deleted) when the user is gone. */
export const claim = internalMutation({
  args: { userId: v.id("users"), storageIds: v.array(v.id("_storage")), kind: vFileKind },
  returns: v.boolean(),
  handler: async (ctx, { userId, storageIds, kind }) => {
    // The account was deleted while the bytes were being read: nobody is left to post them.
    if (!(await ctx.db.get("users", userId))) {
      await deleteUnusedFiles(ctx, storageIds);
      return false;
    }
    await claimFiles(ctx, userId, storageIds, kind);
    return true;
  },
});

/** Deletes refused files, unless (between the check and now) they became someone's. */
export const deleteUnclaimed = internalMutation({
  args: { storageIds: v.array(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { storageIds }) => {
    await deleteUnusedFiles(ctx, storageIds);
    return null;
  },
});

/** Uploads never checked nor used (model/storageSweep.ts); reschedules itself while more wait. */
export const sweepUnusedUploads = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx): Promise<null> => {
    if (await sweepUnusedUploadsBatch(ctx, Date.now(), SWEEP_BATCH)) {
      await ctx.scheduler.runAfter(0, internal.screenshots.sweepUnusedUploads, {});
    }
    return null;
  },
});

/**
 * Deletes uploads (screenshots and share cards) left in the wizard for over a day; reschedules
 * itself while more are left.
 */
export const sweepPending = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx): Promise<null> => {
    const swept = await sweepPendingBatch(ctx, Date.now(), SWEEP_BATCH);
    if (swept === SWEEP_BATCH) await ctx.scheduler.runAfter(0, internal.screenshots.sweepPending, {});
    return null;
  },
});
