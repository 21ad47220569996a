// Profiles: the signed-in user's own view, setup and edit, the photo, settings and the public
// profile page. Rules live in model/profileRules.ts (shared with the forms), privacy in
// model/profiles.ts, image checks in model/images.ts.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery } from "./_generated/server";
import { vUserSettings } from "./schema";
import { SIGN_IN_REQUIRED_MESSAGE } from "./model/auth";
import { memberAction, memberMutation, publicQuery, userMutation } from "./model/functions";
import { userError } from "./model/errors";
import { IMAGE_MESSAGES, inspectImageBlob } from "./model/images";
import { claimPhotoFile, photoUploadStanding, sweepPhotoUploadsBatch } from "./model/photoFiles";
import { deleteUnusedFiles } from "./model/screenshotFiles";
import { checkHandleInput, normalizeProfileInput, PROFILE_MESSAGES, validateEdit, validateSetup } from "./model/profileRules";
import { changePhoto, ensureHandleAvailable, isHandleTaken, profileFieldsPatch, throwIfInvalid } from "./model/profileUpdates";
import { findUserByHandleOrId, publicProfileView, viewerView, vPublicProfile, vViewer } from "./model/profiles";

const profileTextArgs = {
  handle: v.string(),
  displayName: v.string(),
  bio: v.string(),
  location: v.string(),
  websiteUrl: v.string(),
  githubUrl: v.string(),
  twitterUrl: v.string(),
};

/** The signed-in user's own profile and settings; null when signed out. */
export const viewer = publicQuery({
  args: {},
  returns: v.union(vViewer, v.null()),
  handler: async (ctx) => {
    const user = ctx.viewerId ? await ctx.db.get("users", ctx.viewerId) : null;
    return user ? await viewerView(ctx, user) : null;
  },
});

/**
 * The user-id check of the setup and edit forms (500 ms after typing stops). Normalizes what was
 * typed, applies the rules, then looks for another user with it (the caller's own handle counts
 * as available). A mutation, so it can be rate limited; saving checks again anyway.
 */
export const checkHandle = userMutation({
  rateLimit: "handleCheck",
  args: { handle: v.string() },
  returns: v.object({ available: v.boolean(), handle: v.string(), message: v.union(v.string(), v.null()) }),
  handler: async (ctx, args) => {
    const viewer = ctx.viewer;
    const { handle, message } = checkHandleInput(args.handle);
    if (message) return { available: false, handle, message };
    if (await isHandleTaken(ctx, handle, viewer._id)) {
      return { available: false, handle, message: PROFILE_MESSAGES.handleTaken };
    }
    return { available: true, handle, message: null };
  },
});

export const generatePhotoUploadUrl = memberMutation({
  rateLimit: "photoUploadUrl",
  args: {},
  returns: v.string(),
  handler: async (ctx) => {
    return await ctx.storage.generateUploadUrl();
  },
});

/**
 * Checks an uploaded photo's real bytes right after the upload, so the form can show the message
 * at once: a refused file is deleted, an accepted one is registered to the caller, and only then
 * can setup and edit take it (model/photoFiles.ts). Checking the same file again is fine.
 */
export const checkPhotoUpload = memberAction({
  rateLimit: "uploadCheck",
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }): Promise<null> => {
    const facts = await ctx.runQuery(internal.users.photoUploadFacts, { userId: ctx.authUserId, storageId });
    if (facts.userId === null) throw userError("UNAUTHENTICATED", SIGN_IN_REQUIRED_MESSAGE);
    // Never touch a file that is someone else's (or any screenshot); just refuse it.
    if (facts.standing === "foreign") throw userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed);
    if (facts.standing === "mine") return null;
    const blob = await ctx.storage.get(storageId);
    if (!blob) throw userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed);
    const refusal = await inspectImageBlob(blob);
    if (refusal) {
      await ctx.runMutation(internal.users.deleteRefusedPhoto, { storageId });
      throw userError("INVALID_IMAGE", refusal);
    }
    const claimed = await ctx.runMutation(internal.users.claimPhoto, { userId: facts.userId, storageId });
    if (!claimed) throw userError("UNAUTHENTICATED", SIGN_IN_REQUIRED_MESSAGE);
    return null;
  },
});

/** Finishes the 2-step setup (both steps submit together) and marks the profile complete. */
export const completeSetup = memberMutation({
  rateLimit: "profileSave",
  args: { ...profileTextArgs, photoStorageId: v.optional(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { photoStorageId, ...text }) => {
    const user = ctx.viewer;
    const input = normalizeProfileInput(text);
    throwIfInvalid(validateSetup(text));
    await ensureHandleAvailable(ctx, input.handle, user._id);
    const photo = await changePhoto(ctx, user, photoStorageId ? { kind: "upload", storageId: photoStorageId } : { kind: "keep" });
    await ctx.db.patch("users", user._id, {
      ...profileFieldsPatch(input),
      ...photo,
      profileCompleted: true,
      updatedAt: Date.now(),
    });
    return null;
  },
});

/**
 * Saves the profile edit. The handle is re-checked only when it changed. Works and comments join
 * their author when read, so the new name and photo show everywhere at once.
 */
export const updateProfile = memberMutation({
  rateLimit: "profileSave",
  args: {
    ...profileTextArgs,
    photo: v.union(
      v.object({ kind: v.literal("keep") }),
      v.object({ kind: v.literal("remove") }),
      v.object({ kind: v.literal("upload"), storageId: v.id("_storage") }),
    ),
  },
  returns: v.null(),
  handler: async (ctx, { photo, ...text }) => {
    const user = ctx.viewer;
    const input = normalizeProfileInput(text);
    throwIfInvalid(validateEdit(text, user.handle ?? null));
    if (input.handle !== user.handle) await ensureHandleAvailable(ctx, input.handle, user._id);
    const photoPatch = await changePhoto(ctx, user, photo);
    await ctx.db.patch("users", user._id, { ...profileFieldsPatch(input), ...photoPatch, updatedAt: Date.now() });
    return null;
  },
});

/** Saves the whole settings object (notifications, comment e-mail, privacy). */
export const updateSettings = userMutation({
  rateLimit: "settingsSave",
  args: { settings: vUserSettings },
  returns: v.null(),
  handler: async (ctx, { settings }) => {
    const user = ctx.viewer;
    await ctx.db.patch("users", user._id, { settings, updatedAt: Date.now() });
    return null;
  },
});

/** A profile page by handle or users id; what others see follows the owner's privacy settings. */
export const getProfile = publicQuery({
  args: { id: v.string() },
  returns: v.union(vPublicProfile, v.null()),
  handler: async (ctx, { id }) => {
    const user = await findUserByHandleOrId(ctx, id);
    return user ? await publicProfileView(ctx, user, ctx.viewerId) : null;
  },
});

// ---------------------------------------------------------------------------------------------
// Internal: the photo upload registry (model/photoFiles.ts); the byte check needs an action.

/** Photo uploads one sweep run deletes before it schedules the next. */
const PHOTO_SWEEP_BATCH = 100;

const vPhotoStanding = v.union(v.literal("new"), v.literal("mine"), v.literal("foreign"));

export const photoUploadFacts = internalQuery({
  args: { userId: v.string(), storageId: v.id("_storage") },
  returns: v.object({ userId: v.union(v.id("users"), v.null()), standing: vPhotoStanding }),
  handler: async (ctx, { userId: rawUserId, storageId }) => {
    const userId = ctx.db.normalizeId("users", rawUserId);
    const user = userId ? await ctx.db.get("users", userId) : null;
    if (!user) return { userId: null, standing: "foreign" as const };
    return { userId: user._id, standing: await photoUploadStanding(ctx, storageId, user._id) };
  },
});

/** Registers a checked photo to the user; false (and the file deleted) when the user is gone. */
export const claimPhoto = internalMutation({
  args: { userId: v.id("users"), storageId: v.id("_storage") },
  returns: v.boolean(),
  handler: async (ctx, { userId, storageId }) => {
    if (!(await ctx.db.get("users", userId))) {
      await deleteUnusedFiles(ctx, [storageId]);
      return false;
    }
    await claimPhotoFile(ctx, userId, storageId);
    return true;
  },
});

/** Deletes a refused photo upload, unless (between the check and now) it became someone's. */
export const deleteRefusedPhoto = internalMutation({
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }) => {
    await deleteUnusedFiles(ctx, [storageId]);
    return null;
  },
});

/** Deletes photo uploads left unused for over a day; reschedules itself while more are left. */
export const sweepPhotoUploads = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx): Promise<null> => {
    const swept = await sweepPhotoUploadsBatch(ctx, Date.now(), PHOTO_SWEEP_BATCH);
    if (swept === PHOTO_SWEEP_BATCH) await ctx.scheduler.runAfter(0, internal.users.sweepPhotoUploads, {});
    return null;
  },
});
