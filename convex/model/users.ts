import type { WithoutSystemFields } from "convex/server";
import type { Doc } from "../_generated/dataModel";
import { DEFAULT_USER_SETTINGS } from "../schema";

/** Google profile values Convex Auth hands over at sign-in. */
export type GoogleProfile = { name?: string; email?: string; image?: string };

/**
 * A new user as first sign-in creates it: an empty profile, `profileCompleted: false`, the
 * default settings and zeroed counters. Only Google's name, e-mail and picture are known.
 */
export function newUserDocument(profile: GoogleProfile, now: number): WithoutSystemFields<Doc<"users">> {
  return {
    ...(profile.name !== undefined ? { name: profile.name } : {}),
    ...(profile.email !== undefined ? { email: profile.email } : {}),
    ...(profile.image !== undefined ? { image: profile.image } : {}),
    profileCompleted: false,
    settings: DEFAULT_USER_SETTINGS,
    updatedAt: now,
    projectsCount: 0,
    zeroCodeCount: 0,
    totalLikes: 0,
    totalViews: 0,
    commentsCount: 0,
    followersCount: 0,
    followingCount: 0,
  };
}
