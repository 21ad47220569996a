// Writing the profile: validation errors, handle uniqueness and the photo, for users.completeSetup
// and users.updateProfile.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { userError, invalidInput } from "./errors";
import { releasePhotoFile, takeOwnPhotoFile } from "./photoFiles";
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
 * Applies a photo change: a new upload must be the caller's own checked upload (its bytes were
 * read by users.checkPhotoUpload, see model/photoFiles.ts); the uploaded file it replaces, or that
 * is removed, is deleted. Returns the patch for the user document.
 */
export async function changePhoto(ctx: MutationCtx, user: Doc<"users">, change: PhotoChange) {
  if (change.kind === "keep") return {};
  if (change.kind === "upload" && change.storageId === user.photoStorageId) return {};
  if (change.kind === "upload") await takeOwnPhotoFile(ctx, change.storageId, user._id);
  if (user.photoStorageId) await releasePhotoFile(ctx, user._id, user.photoStorageId);
  if (change.kind === "remove") return { photoStorageId: undefined };
  return { photoStorageId: change.storageId };
}
