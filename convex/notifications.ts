// The signed-in user's notifications (docs/product.md "App shell" bell, "Notifications"): the
// newest for the bell, the page's filter tabs paginated, the stored unread count, and marking them
// read. Only one's own; a visitor gets nothing. Notifications of one kind about one target arrive
// grouped (model/notificationGroups.ts), so every read here is one index range.
import { paginationOptsValidator, paginationResultValidator, type PaginationOptions } from "convex/server";
import { v } from "convex/values";
import { migrations } from "./migrations";
import type { Doc, Id } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import { internalMutation, type MutationCtx, type QueryCtx } from "./_generated/server";
import { LIMITS, type NotificationTab } from "./constants";
import { publicQuery, userMutation } from "./model/functions";
import { badgeDefinition } from "./model/badgeDefinitions";
import { userError } from "./model/errors";
import { bumpUnread, isCounted, readUnreadCount } from "./model/notificationCounts";
import { groupOf, markNotificationRead, notificationText, tabOf } from "./model/notificationGroups";
import { readPage } from "./model/pagination";
import { publicAuthor } from "./model/users";
import { vPublicAuthor } from "./model/workCards";
import { vBadgeColor, vBadgeId, vNotificationTab, vNotificationType } from "./schema";

/** How many notifications one markAllRead transaction marks; the rest go to the next batch. */
const MARK_ALL_BATCH = 250;

const vNotificationItem = v.object({
  _id: v.id("notifications"),
  type: vNotificationType,
  title: v.string(),
  message: v.string(),
  read: v.boolean(),
  /** When the latest event of it happened. */
  createdAt: v.number(),
  /** How many people (new challenges: how many challenges) it stands for. */
  count: v.number(),
  commentPreview: v.union(v.string(), v.null()),
  /** Who caused it (a group's latest), as they are now (null for system notifications and deleted users). */
  from: v.union(vPublicAuthor, v.null()),
  badge: v.union(v.object({ badgeId: vBadgeId, name: v.string(), icon: v.string(), color: vBadgeColor }), v.null()),
  projectId: v.union(v.id("projects"), v.null()),
  challengeId: v.union(v.id("challenges"), v.null()),
});

async function toItem(ctx: QueryCtx, row: Doc<"notifications">) {
  const badge = row.badgeId ? badgeDefinition(row.badgeId) : null;
  const from = row.fromUserId ? await publicAuthor(ctx, row.fromUserId) : null;
  return {
    _id: row._id,
    type: row.type,
    ...notificationText(row, from?.displayName ?? null),
    read: row.read,
    createdAt: row.latestAt ?? row._creationTime,
    count: row.groupCount ?? 1,
    commentPreview: row.commentPreview ?? null,
    from,
    badge: badge ? { badgeId: badge.badgeId, name: badge.name, icon: badge.icon, color: badge.color } : null,
    projectId: row.projectId ?? null,
    challengeId: row.challengeId ?? null,
  };
}

/** The shown notifications of one user (one tab, or all), latest event first. */
function shown(ctx: QueryCtx, userId: Id<"users">, tab: NotificationTab | undefined) {
  const notifications = ctx.db.query("notifications");
  return (
    tab === undefined
      ? notifications.withIndex("by_userId_and_hidden_and_latestAt", (q) => q.eq("userId", userId).eq("hidden", undefined))
      : notifications.withIndex("by_userId_and_hidden_and_tab_and_latestAt", (q) =>
          q.eq("userId", userId).eq("hidden", undefined).eq("tab", tab),
        )
  ).order("desc");
}

/** The caller's latest notifications (at most 50; the bell asks for 10), optionally one tab's. */
export const list = publicQuery({
  args: { limit: v.optional(v.number()), tab: v.optional(vNotificationTab) },
  returns: v.array(vNotificationItem),
  handler: async (ctx, { limit, tab }) => {
    const userId = ctx.viewerId;
    if (!userId) return [];
    const wanted = limit !== undefined && Number.isFinite(limit) ? Math.floor(limit) : LIMITS.notificationsQueryLimit;
    const take = Math.min(Math.max(1, wanted), LIMITS.notificationsQueryLimit);
    const rows = await shown(ctx, userId, tab).take(take);
    return await Promise.all(rows.map((row) => toItem(ctx, row)));
  },
});

/** The notifications page: one tab (or all), latest first, 50 a page at most (usePaginatedQuery). */
export const listPage = publicQuery({
  args: { paginationOpts: paginationOptsValidator, tab: v.optional(vNotificationTab) },
  returns: paginationResultValidator(vNotificationItem),
  handler: async (ctx, { paginationOpts, tab }) => {
    const userId = ctx.viewerId;
    return await readPage(paginationOpts, LIMITS.notificationsQueryLimit, async (opts: PaginationOptions) => {
      if (!userId) return { page: [], isDone: true, continueCursor: "" };
      const result = await shown(ctx, userId, tab).paginate(opts);
      return { ...result, page: await Promise.all(result.page.map((row) => toItem(ctx, row))) };
    });
  },
});

/** How many of the caller's notifications are unread (a group is one), from the stored count. */
export const unreadCount = publicQuery({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const userId = ctx.viewerId;
    if (!userId) return 0;
    return await readUnreadCount(ctx, userId);
  },
});

/** Marks one of the caller's notifications (a whole group) read; anyone else's is refused. */
export const markRead = userMutation({
  rateLimit: "markRead",
  args: { id: v.id("notifications") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewer;
    const row = await ctx.db.get("notifications", id);
    if (!row || row.userId !== viewer._id) throw userError("NOT_FOUND", "通知が見つかりません");
    await markNotificationRead(ctx, row);
    return null;
  },
});

/** Marks up to one batch read; true when none are left unread. */
async function markBatchRead(ctx: MutationCtx, userId: Id<"users">): Promise<boolean> {
  const unread = await ctx.db
    .query("notifications")
    .withIndex("by_userId_and_read", (q) => q.eq("userId", userId).eq("read", false))
    .take(MARK_ALL_BATCH + 1);
  let counted = 0;
  for (const row of unread.slice(0, MARK_ALL_BATCH)) {
    if (isCounted(row)) counted++;
    await ctx.db.patch("notifications", row._id, { read: true });
  }
  await bumpUnread(ctx, userId, -counted);
  return unread.length <= MARK_ALL_BATCH;
}

/**
 * すべて既読にする: the first batch at once (so the bell clears for anyone with a normal number
 * of notifications), the rest in scheduled batches of bounded size.
 */
export const markAllRead = userMutation({
  rateLimit: "markRead",
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

/**
 * Brings notifications written before grouping into it: each gets its time, tab and group key
 * (its work's title for the group's wording), and an unread one joins its recipient's stored
 * count. A migration (convex/migrations.ts); rows that have latestAt are skipped, so a rerun
 * changes nothing.
 */
export const backfillGroups = migrations.define({
  table: "notifications",
  migrateOne: async (ctx, row) => {
    if (row.latestAt !== undefined) return;
    const group = groupOf(row);
    const work = group && row.projectId ? await ctx.db.get("projects", row.projectId) : null;
    await ctx.db.patch("notifications", row._id, {
      latestAt: row._creationTime,
      tab: tabOf(row.type),
      ...(group ? { groupKey: group.key, groupCount: 1 } : {}),
      ...(group?.counts === "actors" && row.fromUserId ? { actorIds: [row.fromUserId] } : {}),
      ...(work ? { subject: work.title } : {}),
    });
    if (!row.read && row.hidden !== true) await bumpUnread(ctx, row.userId, 1);
  },
});
