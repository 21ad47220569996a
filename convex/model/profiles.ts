// What a user document looks like to its owner and to everyone else. Privacy is enforced here
// (docs/decisions.md "Privacy"): a private profile shows only avatar and name to others, the
// works tab follows showProjects, and the e-mail address leaves only with showEmail on.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { vBadgeColor, vBadgeId, vRole, vUserSettings } from "../schema";
import { badgeDefinition } from "./badgeDefinitions";
import { findFollow } from "./follows";
import { displayNameOf, photoUrlOf } from "./users";
import { readUserStats } from "./userStats";

/** The signed-in user's own full view (users.viewer, the export's profile). */
export const vViewer = v.object({
  _id: v.id("users"),
  handle: v.union(v.string(), v.null()),
  displayName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  /** Whether the photo is an uploaded file (which "remove" deletes) rather than Google's. */
  hasUploadedPhoto: v.boolean(),
  email: v.union(v.string(), v.null()),
  bio: v.string(),
  location: v.string(),
  websiteUrl: v.string(),
  githubUrl: v.string(),
  twitterUrl: v.string(),
  profileCompleted: v.boolean(),
  settings: vUserSettings,
  joinedAt: v.number(),
  role: v.union(vRole, v.null()),
  /**
   * As stored: the client compares `until` with the clock (queries cannot read it), and the
   * server refuses writes only while it has not passed. `until` null: until lifted.
   */
  suspension: v.union(v.object({ until: v.union(v.number(), v.null()), reason: v.string() }), v.null()),
});
export type ViewerView = Infer<typeof vViewer>;

export async function viewerView(ctx: QueryCtx, user: Doc<"users">): Promise<ViewerView> {
  return {
    _id: user._id,
    handle: user.handle ?? null,
    displayName: displayNameOf(user),
    photoUrl: await photoUrlOf(ctx, user),
    hasUploadedPhoto: user.photoStorageId !== undefined,
    email: user.email ?? null,
    bio: user.bio ?? "",
    location: user.location ?? "",
    websiteUrl: user.websiteUrl ?? "",
    githubUrl: user.githubUrl ?? "",
    twitterUrl: user.twitterUrl ?? "",
    profileCompleted: user.profileCompleted,
    settings: user.settings,
    joinedAt: user._creationTime,
    role: user.role ?? null,
    suspension: user.suspension ? { until: user.suspension.until ?? null, reason: user.suspension.reason } : null,
  };
}

/** What a given caller may see of a user. Reused by the works and liked-works tabs. */
export function profileAccess(user: Doc<"users">, viewerId: Id<"users"> | null) {
  const isOwner = viewerId === user._id;
  const isPrivate = user.settings.privacy.profileVisibility === "private";
  const canSeeDetails = isOwner || !isPrivate;
  return {
    isOwner,
    isPrivate,
    canSeeDetails,
    /** The works tab: hidden from others when the profile is private or showProjects is off. */
    canSeeProjects: isOwner || (canSeeDetails && user.settings.privacy.showProjects),
    canSeeEmail: isOwner || (canSeeDetails && user.settings.privacy.showEmail),
  };
}

export const vProfileBadge = v.object({
  badgeId: vBadgeId,
  name: v.string(),
  description: v.string(),
  icon: v.string(),
  color: vBadgeColor,
  awardedAt: v.number(),
});

export const vProfileStats = v.object({
  projectsCount: v.number(),
  zeroCodeCount: v.number(),
  totalLikes: v.number(),
  totalViews: v.number(),
});

/**
 * users.getProfile. The first six fields always; the optional ones only when the caller may see
 * details (owner, or a public profile). `email` only for the owner or with showEmail on.
 */
export const vPublicProfile = v.object({
  _id: v.id("users"),
  handle: v.union(v.string(), v.null()),
  displayName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  isPrivate: v.boolean(),
  isOwner: v.boolean(),
  /** Set while the account is suspended (everyone is told; the reason is the owner's to see). */
  suspended: v.union(v.object({ until: v.union(v.number(), v.null()) }), v.null()),
  /** Whether the signed-in caller follows this user; absent for visitors and the owner. */
  viewerFollows: v.optional(v.boolean()),
  bio: v.optional(v.string()),
  location: v.optional(v.string()),
  websiteUrl: v.optional(v.string()),
  githubUrl: v.optional(v.string()),
  twitterUrl: v.optional(v.string()),
  joinedAt: v.optional(v.number()),
  stats: v.optional(vProfileStats),
  followersCount: v.optional(v.number()),
  followingCount: v.optional(v.number()),
  badges: v.optional(v.array(vProfileBadge)),
  /** Whether this caller is shown the works tab (always true for the owner). */
  showProjects: v.optional(v.boolean()),
  email: v.optional(v.string()),
});
export type PublicProfile = Infer<typeof vPublicProfile>;

/** A user by their handle (any case) or by their users id; null when there is none. */
export async function findUserByHandleOrId(ctx: QueryCtx, id: string): Promise<Doc<"users"> | null> {
  const userId = ctx.db.normalizeId("users", id);
  if (userId) return await ctx.db.get("users", userId);
  const handle = id.trim().toLowerCase();
  if (handle === "") return null;
  return await ctx.db
    .query("users")
    .withIndex("by_handle", (q) => q.eq("handle", handle))
    .first();
}

/** At most one row per badge id, so this read is bounded. */
async function badgesOf(ctx: QueryCtx, userId: Id<"users">) {
  const rows = await ctx.db
    .query("userBadges")
    .withIndex("by_userId_and_badgeId", (q) => q.eq("userId", userId))
    .take(50);
  return rows.map((row) => ({ ...badgeDefinition(row.badgeId), awardedAt: row._creationTime }));
}

export async function publicProfileView(ctx: QueryCtx, user: Doc<"users">, viewerId: Id<"users"> | null): Promise<PublicProfile> {
  const access = profileAccess(user, viewerId);
  const always = {
    _id: user._id,
    // A private profile shows others its avatar and display name only: not even the handle.
    handle: access.canSeeDetails ? (user.handle ?? null) : null,
    displayName: displayNameOf(user),
    photoUrl: await photoUrlOf(ctx, user),
    isPrivate: access.isPrivate,
    isOwner: access.isOwner,
    suspended: user.suspension ? { until: user.suspension.until ?? null } : null,
    ...(viewerId && !access.isOwner ? { viewerFollows: (await findFollow(ctx, viewerId, user._id)) !== null } : {}),
  };
  if (!access.canSeeDetails) return always;
  const stats = await readUserStats(ctx, user._id);
  return {
    ...always,
    bio: user.bio ?? "",
    location: user.location ?? "",
    websiteUrl: user.websiteUrl ?? "",
    githubUrl: user.githubUrl ?? "",
    twitterUrl: user.twitterUrl ?? "",
    joinedAt: user._creationTime,
    stats: {
      projectsCount: stats.projectsCount,
      zeroCodeCount: stats.zeroCodeCount,
      totalLikes: stats.totalLikes,
      totalViews: stats.totalViews,
    },
    followersCount: stats.followersCount,
    followingCount: stats.followingCount,
    badges: await badgesOf(ctx, user._id),
    showProjects: access.canSeeProjects,
    ...(access.canSeeEmail && user.email ? { email: user.email } : {}),
  };
}
