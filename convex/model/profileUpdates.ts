// Writing the profile: validation errors, handle uniqueness and the photo, for users.completeSetup
// and users.updateProfile.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { userError, invalidInput } from "./errors";
import { checkStoredImage, deleteStoredFile } from "./images";
import { firstProfileError, isReservedHandle, PROFILE_MESSAGES, type ProfileFieldErrors, type ProfileInput } from "./profileRules";

export function throwIfInvalid(errors: ProfileFieldErrors) {
  const first = firstProfileError(errors);
  if (first) throw invalidInput(errors, first);
}

/**
 * Whether a (normalized) handle belongs to someone other than `exceptUserId`, or is reserved
 * for a route. Read inside the writing mutation, Convex's serializable transactions make the
 * check and the write one step: of two users racing for a handle, the second fails.
 */
export async function isHandleTaken(ctx: QueryCtx, handle: string, exceptUserId: Id<"users"> | null) {
  if (isReservedHandle(handle)) return true;
  const holders = await ctx.db
    .query("users")
    .withIndex("by_handle", (q) => q.eq("handle", handle))
    .take(2);
  return holders.some((holder) => holder._id !== exceptUserId);
}

export async function ensureHandleAvailable(ctx: QueryCtx, handle: string, userId: Id<"users">) {
  if (await isHandleTaken(ctx, handle, userId)) {
    throw userError("HANDLE_TAKEN", PROFILE_MESSAGES.handleTaken, { handle: PROFILE_MESSAGES.handleTaken });
  }
}

/** The stored form of the (normalized) text fields: empty optional fields are unset. */
export function profileFieldsPatch(input: ProfileInput) {
  const optional = (value: string) => (value === "" ? undefined : value);
  return {
    handle: input.handle,
    displayName: input.displayName,
    bio: optional(input.bio),
    location: optional(input.location),
    websiteUrl: optional(input.websiteUrl),
    githubUrl: optional(input.githubUrl),
    twitterUrl: optional(input.twitterUrl),
  };
}

export type PhotoChange = { kind: "keep" } | { kind: "remove" } | { kind: "upload"; storageId: Id<"_storage"> };

/**
 * Applies a photo change: checks a new upload, deletes the uploaded file it replaces or that is
 * removed, and schedules the byte-level check of the new file (model/images.ts explains why
 * that runs in an action). Returns the patch for the user document.
 */
export async function changePhoto(ctx: MutationCtx, user: Doc<"users">, change: PhotoChange) {
  if (change.kind === "keep") return {};
  if (change.kind === "upload" && change.storageId === user.photoStorageId) return {};
  if (change.kind === "upload") await checkStoredImage(ctx, change.storageId, user._id);
  if (user.photoStorageId) await deleteStoredFile(ctx, user.photoStorageId);
  if (change.kind === "remove") return { photoStorageId: undefined };
  await ctx.scheduler.runAfter(0, internal.users.verifyPhotoBytes, {
    userId: user._id,
    storageId: change.storageId,
  });
  return { photoStorageId: change.storageId };
}
