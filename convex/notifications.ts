// The signed-in user's notifications (SPEC.md "Header" bell, sections 4 and 7): the newest 50,
// the unread count (the bell shows 9+ above 9, so it never reads more than 10), and marking them
// read. Only one's own; a visitor gets nothing.
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import { internalMutation, type MutationCtx, type QueryCtx } from "./_generated/server";
import { LIMITS } from "./constants";
import { publicQuery, userMutation } from "./model/functions";
import { badgeDefinition } from "./model/badgeDefinitions";
import { userError } from "./model/errors";
import { publicAuthor } from "./model/users";
import { vPublicAuthor } from "./model/workCards";
import { vBadgeColor, vBadgeId, vNotificationType } from "./schema";

/** How many notifications one markAllRead transaction marks; the rest go to the next batch. */
const MARK_ALL_BATCH = 250;

const vNotificationItem = v.object({
  _id: v.id("notifications"),
  type: vNotificationType,
  title: v.string(),
  message: v.string(),
  read: v.boolean(),
  createdAt: v.number(),
  commentPreview: v.union(v.string(), v.null()),
  /** Who caused it, as they are now (null for system notifications and deleted users). */
  from: v.union(vPublicAuthor, v.null()),
  badge: v.union(v.object({ badgeId: vBadgeId, name: v.string(), icon: v.string(), color: vBadgeColor }), v.null()),
  projectId: v.union(v.id("projects"), v.null()),
  challengeId: v.union(v.id("challenges"), v.null()),
});

async function toItem(ctx: QueryCtx, row: Doc<"notifications">) {
  const badge = row.badgeId ? badgeDefinition(row.badgeId) : null;
  return {
    _id: row._id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: row._creationTime,
    commentPreview: row.commentPreview ?? null,
    from: row.fromUserId ? await publicAuthor(ctx, row.fromUserId) : null,
    badge: badge ? { badgeId: badge.badgeId, name: badge.name, icon: badge.icon, color: badge.color } : null,
    projectId: row.projectId ?? null,
    challengeId: row.challengeId ?? null,
  };
}

/** The caller's newest notifications (at most 50; the bell asks for 10). */
export const list = publicQuery({
  args: { limit: v.optional(v.number()) },
  returns: v.array(vNotificationItem),
  handler: async (ctx, { limit }) => {
    const userId = ctx.viewerId;
    if (!userId) return [];
    const wanted = limit !== undefined && Number.isFinite(limit) ? Math.floor(limit) : LIMITS.notificationsQueryLimit;
    const take = Math.min(Math.max(1, wanted), LIMITS.notificationsQueryLimit);
    const rows = await ctx.db
      .query("notifications")
      .withIndex("by_userId_and_hidden", (q) => q.eq("userId", userId).eq("hidden", undefined))
      .order("desc")
      .take(take);
    return await Promise.all(rows.map((row) => toItem(ctx, row)));
  },
});

/** Unread notifications, counted up to 10: the bell only ever shows 1–9 or 9+. */
export const unreadCount = publicQuery({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const userId = ctx.viewerId;
    if (!userId) return 0;
    const unread = await ctx.db
      .query("notifications")
      .withIndex("by_userId_and_read", (q) => q.eq("userId", userId).eq("read", false))
      .take(LIMITS.unreadBadgeCap + 1);
    return unread.length;
  },
});

/** Marks one of the caller's notifications read; anyone else's is refused, nothing changes. */
export const markRead = userMutation({
  args: { id: v.id("notifications") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewer;
    const row = await ctx.db.get("notifications", id);
    if (!row || row.userId !== viewer._id) throw userError("NOT_FOUND", "通知が見つかりません");
    if (!row.read) await ctx.db.patch("notifications", id, { read: true });
    return null;
  },
});

/** Marks up to one batch read; true when none are left unread. */
async function markBatchRead(ctx: MutationCtx, userId: Id<"users">): Promise<boolean> {
  const unread = await ctx.db
    .query("notifications")
    .withIndex("by_userId_and_read", (q) => q.eq("userId", userId).eq("read", false))
    .take(MARK_ALL_BATCH + 1);
  for (const row of unread.slice(0, MARK_ALL_BATCH)) await ctx.db.patch("notifications", row._id, { read: true });
  return unread.length <= MARK_ALL_BATCH;
}

/**
 * すべて既読にする: the first batch at once (so the bell clears for anyone with a normal number
 * of notifications), the rest in scheduled batches of bounded size.
 */
export const markAllRead = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (!(await markBatchRead(ctx, viewer._id))) {
      await ctx.scheduler.runAfter(0, internal.notifications.markAllReadBatch, { userId: viewer._id });
    }
    return null;
  },
});

export const markAllReadBatch = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    if (!(await markBatchRead(ctx, userId))) {
      await ctx.scheduler.runAfter(0, internal.notifications.markAllReadBatch, { userId });
    }
    return null;
  },
});
