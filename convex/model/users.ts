import type { WithoutSystemFields } from "convex/server";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { DEFAULT_USER_SETTINGS } from "../schema";

/** Google profile values Convex Auth hands over at sign-in. */
export type GoogleProfile = { name?: string; email?: string; image?: string };

/**
 * A new user as first sign-in creates it: an empty profile, `profileCompleted: false`, the
 * default settings (counters start at zero in userStats). Only Google's name, e-mail and picture are known.
 */
export function newUserDocument(profile: GoogleProfile, now: number): WithoutSystemFields<Doc<"users">> {
  return {
    ...(profile.name !== undefined ? { name: profile.name } : {}),
    ...(profile.email !== undefined ? { email: profile.email } : {}),
    ...(profile.image !== undefined ? { image: profile.image } : {}),
    profileCompleted: false,
    settings: DEFAULT_USER_SETTINGS,
    updatedAt: now,
  };
}

/** What anyone may see of a work's or comment's author: always their current profile. */
export type PublicAuthor = {
  _id: Id<"users"> | null;
  handle: string | null;
  displayName: string;
  photoUrl: string | null;
};

export const DELETED_USER_NAME = "退会したユーザー";

export async function photoUrlOf(ctx: QueryCtx, user: Doc<"users">): Promise<string | null> {
  if (user.photoStorageId) return await ctx.storage.getUrl(user.photoStorageId);
  return user.image ?? null;
}

export function displayNameOf(user: Doc<"users">): string {
  return user.displayName || user.name || "ゲスト";
}

export async function publicAuthor(ctx: QueryCtx, userId: Id<"users"> | undefined): Promise<PublicAuthor> {
  const user = userId ? await ctx.db.get("users", userId) : null;
  if (!user) return { _id: null, handle: null, displayName: DELETED_USER_NAME, photoUrl: null };
  return await publicAuthorOf(ctx, user);
}

/** publicAuthor for a user document already read. */
export async function publicAuthorOf(ctx: QueryCtx, user: Doc<"users">): Promise<PublicAuthor> {
  return { _id: user._id, handle: user.handle ?? null, displayName: displayNameOf(user), photoUrl: await photoUrlOf(ctx, user) };
}
