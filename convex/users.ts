// Profiles: the signed-in user's own view, setup and edit, the photo, settings and the public
// profile page. Rules live in model/profileRules.ts (shared with the forms), privacy in
// model/profiles.ts, image checks in model/images.ts.
import { getAuthUserId } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { action, internalAction, internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { vUserSettings } from "./schema";
import { getViewer, getViewerId, requireViewer, SIGN_IN_REQUIRED_MESSAGE } from "./model/auth";
import { userError } from "./model/errors";
import { deleteStoredFile, IMAGE_MESSAGES, inspectImageBlob, isScreenshotFile } from "./model/images";
import { checkHandleInput, normalizeProfileInput, PROFILE_MESSAGES, validateEdit, validateSetup } from "./model/profileRules";
import {
  changePhoto,
  ensureHandleAvailable,
  isHandleTaken,
  profileFieldsPatch,
  throwIfInvalid,
} from "./model/profileUpdates";
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
export const viewer = query({
  args: {},
  returns: v.union(vViewer, v.null()),
  handler: async (ctx) => {
    const user = await getViewer(ctx);
    return user ? await viewerView(ctx, user) : null;
  },
});

/**
 * The live user-id check of the setup and edit forms. Normalizes what was typed, applies the
 * rules, then looks for another user with it (the caller's own handle counts as available).
 */
export const isHandleAvailable = query({
  args: { handle: v.string() },
  returns: v.object({ available: v.boolean(), handle: v.string(), message: v.union(v.string(), v.null()) }),
  handler: async (ctx, args) => {
    const { handle, message } = checkHandleInput(args.handle);
    if (message) return { available: false, handle, message };
    if (await isHandleTaken(ctx, handle, await getViewerId(ctx))) {
      return { available: false, handle, message: PROFILE_MESSAGES.handleTaken };
    }
    return { available: true, handle, message: null };
  },
});

export const generatePhotoUploadUrl = mutation({
  args: {},
  returns: v.string(),
  handler: async (ctx) => {
    await requireViewer(ctx);
    return await ctx.storage.generateUploadUrl();
  },
});

/**
 * Checks an uploaded photo's real bytes right after the upload, so the form can show the message
 * at once; a refused file is deleted. (Setup and edit check again; this is the step that can
 * read the bytes and delete, see model/images.ts.)
 */
export const checkPhotoUpload = action({
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }): Promise<null> => {
    const rawUserId = await getAuthUserId(ctx);
    if (rawUserId === null) throw userError("UNAUTHENTICATED", SIGN_IN_REQUIRED_MESSAGE);
    const facts = await ctx.runQuery(internal.users.photoUploadFacts, { userId: rawUserId, storageId });
    if (!facts.userExists) throw userError("UNAUTHENTICATED", SIGN_IN_REQUIRED_MESSAGE);
    // Never delete a file that someone else uses; just refuse it.
    if (facts.usedByAnotherUser) throw userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed);
    if (facts.usedByCaller) return null;
    const blob = await ctx.storage.get(storageId);
    if (!blob) throw userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed);
    const refusal = await inspectImageBlob(blob);
    if (refusal) {
      await ctx.storage.delete(storageId);
      throw userError("INVALID_IMAGE", refusal);
    }
    return null;
  },
});

/** Finishes the 2-step setup (both steps submit together) and marks the profile complete. */
export const completeSetup = mutation({
  args: { ...profileTextArgs, photoStorageId: v.optional(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { photoStorageId, ...text }) => {
    const user = await requireViewer(ctx);
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
export const updateProfile = mutation({
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
    const user = await requireViewer(ctx);
    const input = normalizeProfileInput(text);
    throwIfInvalid(validateEdit(text, user.handle ?? null));
    if (input.handle !== user.handle) await ensureHandleAvailable(ctx, input.handle, user._id);
    const photoPatch = await changePhoto(ctx, user, photo);
    await ctx.db.patch("users", user._id, { ...profileFieldsPatch(input), ...photoPatch, updatedAt: Date.now() });
    return null;
  },
});

/** Saves the whole settings object (notifications, comment e-mail, privacy). */
export const updateSettings = mutation({
  args: { settings: vUserSettings },
  returns: v.null(),
  handler: async (ctx, { settings }) => {
    const user = await requireViewer(ctx);
    await ctx.db.patch("users", user._id, { settings, updatedAt: Date.now() });
    return null;
  },
});

/** A profile page by handle or users id; what others see follows the owner's privacy settings. */
export const getProfile = query({
  args: { id: v.string() },
  returns: v.union(vPublicProfile, v.null()),
  handler: async (ctx, { id }) => {
    const user = await findUserByHandleOrId(ctx, id);
    return user ? await publicProfileView(ctx, user, await getViewerId(ctx)) : null;
  },
});

// ---------------------------------------------------------------------------------------------
// Internal: the byte-level photo checks, which need an action to read the file.

export const photoUploadFacts = internalQuery({
  args: { userId: v.string(), storageId: v.id("_storage") },
  returns: v.object({ userExists: v.boolean(), usedByCaller: v.boolean(), usedByAnotherUser: v.boolean() }),
  handler: async (ctx, { userId: rawUserId, storageId }) => {
    const userId = ctx.db.normalizeId("users", rawUserId);
    const user = userId ? await ctx.db.get("users", userId) : null;
    const holders = await ctx.db
      .query("users")
      .withIndex("by_photoStorageId", (q) => q.eq("photoStorageId", storageId))
      .take(2);
    return {
      userExists: user !== null,
      usedByCaller: holders.some((holder) => holder._id === userId),
      // A screenshot (posted or waiting in the wizard) never becomes a profile photo.
      usedByAnotherUser: holders.some((holder) => holder._id !== userId) || (await isScreenshotFile(ctx, storageId)),
    };
  },
});

/**
 * Scheduled after a photo is saved: reads the real bytes and, when the file is not a PNG, JPEG
 * or GIF (or is over 5 MB), takes it off the profile and deletes it.
 */
export const verifyPhotoBytes = internalAction({
  args: { userId: v.id("users"), storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, args): Promise<null> => {
    const blob = await ctx.storage.get(args.storageId);
    if (!blob) return null;
    if (await inspectImageBlob(blob)) await ctx.runMutation(internal.users.discardRefusedPhoto, args);
    return null;
  },
});

export const discardRefusedPhoto = internalMutation({
  args: { userId: v.id("users"), storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { userId, storageId }) => {
    const user = await ctx.db.get("users", userId);
    if (user?.photoStorageId === storageId) {
      await ctx.db.patch("users", userId, { photoStorageId: undefined, updatedAt: Date.now() });
    }
    const stillUsed = await ctx.db
      .query("users")
      .withIndex("by_photoStorageId", (q) => q.eq("photoStorageId", storageId))
      .first();
    if (!stillUsed) await deleteStoredFile(ctx, storageId);
    return null;
  },
});
