// Grouping notifications on write (docs/decisions.md "Notifications": notifications of one kind
// about one target are grouped in the list). A like, comment or follow joins its recipient's unread
// row with the same group key (kind and target) instead of adding a row: that row takes the latest
// actor, time and message, and counts the people once each. New challenges all share one key per
// recipient, so a run of them is one item and never pushes personal notifications out of the bell.
// Once the row is read, the next event starts a new group. Reads stay one index range, paginated.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { BadgeId, NotificationTab, NotificationType } from "../constants";
import { bumpUnread, isCounted } from "./notificationCounts";

export type NewNotification = {
  userId: Id<"users">;
  type: NotificationType;
  title: string;
  /** The message of this one event (one actor); a group of several is worded when read. */
  message: string;
  projectId?: Id<"projects">;
  challengeId?: Id<"challenges">;
  fromUserId?: Id<"users">;
  commentPreview?: string;
  badgeId?: BadgeId;
  /** The work's or challenge's title, for a group's wording. */
  subject?: string;
};

/** How many actors a group remembers by id (so each counts once); past it, a return may count twice. */
export const GROUP_ACTORS_CAP = 100;

export function tabOf(type: NotificationType): NotificationTab {
  switch (type) {
    case "like":
    case "comment":
    case "follow":
    case "badge":
      return type;
    case "challenge_created":
    case "challenge_submission":
    case "challenge_winner":
    case "challenge_reminder":
    case "challenge_judge":
    case "challenge_results":
      return "challenge";
    case "moderation":
    case "new_work":
    case "update":
      return "other";
  }
}

type Group = { key: string; counts: "actors" | "events" };

/** The group a notification joins (kind and target; the recipient is the row's userId), or null. */
export function groupOf(notification: Pick<NewNotification, "type" | "projectId">): Group | null {
  switch (notification.type) {
    case "like":
    case "comment":
      return notification.projectId ? { key: `${notification.type}:${notification.projectId}`, counts: "actors" } : null;
    case "follow":
      return { key: "follow", counts: "actors" };
    case "challenge_created":
      return { key: "challenge_created", counts: "events" };
    default:
      return null;
  }
}

async function openGroup(ctx: MutationCtx, userId: Id<"users">, groupKey: string) {
  const row = await ctx.db
    .query("notifications")
    .withIndex("by_userId_and_groupKey_and_read", (q) => q.eq("userId", userId).eq("groupKey", groupKey).eq("read", false))
    .first();
  return row && row.hidden !== true ? row : null;
}

const actorsOf = (row: Doc<"notifications">) => row.actorIds ?? (row.fromUserId ? [row.fromUserId] : []);

/** The open group's actors and count once `fromUserId` joined it (moved to the end if known). */
function joined(row: Doc<"notifications">, notification: NewNotification, counts: Group["counts"]) {
  const count = row.groupCount ?? 1;
  if (counts === "events") return { groupCount: count + 1 };
  const actor = notification.fromUserId;
  if (!actor) return {};
  const actors = actorsOf(row);
  const known = actors.includes(actor);
  return {
    actorIds: [...actors.filter((id) => id !== actor), actor].slice(-GROUP_ACTORS_CAP),
    groupCount: known ? count : count + 1,
  };
}

/**
 * Stores a notification the recipient wants (the caller checked): it joins the recipient's open
 * group of its kind and target, or starts a row of its own. Returns the row's id.
 */
export async function deliver(ctx: MutationCtx, notification: NewNotification): Promise<Id<"notifications">> {
  const now = Date.now();
  const group = groupOf(notification);
  const open = group ? await openGroup(ctx, notification.userId, group.key) : null;
  if (group && open) {
    await ctx.db.patch("notifications", open._id, {
      title: notification.title,
      message: notification.message,
      fromUserId: notification.fromUserId,
      commentPreview: notification.commentPreview,
      challengeId: notification.challengeId,
      subject: notification.subject,
      latestAt: now,
      ...joined(open, notification, group.counts),
    });
    // A row from before the count existed joins it now that it has latestAt.
    if (open.latestAt === undefined) await bumpUnread(ctx, notification.userId, 1);
    return open._id;
  }
  const id = await ctx.db.insert("notifications", {
    ...notification,
    read: false,
    latestAt: now,
    tab: tabOf(notification.type),
    ...(group ? { groupKey: group.key, groupCount: 1 } : {}),
    ...(group?.counts === "actors" && notification.fromUserId ? { actorIds: [notification.fromUserId] } : {}),
  });
  await bumpUnread(ctx, notification.userId, 1);
  return id;
}

/** Deletes a notification, taking it off its recipient's unread count. */
export async function removeNotification(ctx: MutationCtx, row: Doc<"notifications">): Promise<void> {
  if (isCounted(row)) await bumpUnread(ctx, row.userId, -1);
  await ctx.db.delete("notifications", row._id);
}

/** Marks a notification (a whole group) read. */
export async function markNotificationRead(ctx: MutationCtx, row: Doc<"notifications">): Promise<void> {
  if (row.read) return;
  if (isCounted(row)) await bumpUnread(ctx, row.userId, -1);
  await ctx.db.patch("notifications", row._id, { read: true });
}

/**
 * Takes one actor out of a notification (a like taken back, an unfollow, a deleted account): the
 * group counts one fewer and shows the previous actor; a notification with nobody left goes.
 */
export async function withdrawActor(ctx: MutationCtx, row: Doc<"notifications">, actorId: Id<"users">): Promise<void> {
  const actors = actorsOf(row).filter((id) => id !== actorId);
  const count = (row.groupCount ?? 1) - 1;
  if (actors.length === 0 || count <= 0) {
    await removeNotification(ctx, row);
    return;
  }
  await ctx.db.patch("notifications", row._id, {
    actorIds: actors,
    groupCount: count,
    fromUserId: actors[actors.length - 1],
    // The preview was the withdrawn person's words.
    ...(row.fromUserId === actorId ? { commentPreview: undefined } : {}),
  });
}

/** Takes `actorId` out of the recipient's unread group of this kind and target, if they are in it. */
export async function withdrawFromOpenGroup(
  ctx: MutationCtx,
  notification: Pick<NewNotification, "userId" | "type" | "projectId">,
  actorId: Id<"users">,
): Promise<void> {
  const group = groupOf(notification);
  if (!group) return;
  const open = await openGroup(ctx, notification.userId, group.key);
  if (open && actorsOf(open).includes(actorId)) await withdrawActor(ctx, open, actorId);
}

/** A deleted account's notifications to others: out of each group, or gone when it was alone. */
export async function withdrawDeletedActor(ctx: MutationCtx, row: Doc<"notifications">, actorId: Id<"users">): Promise<void> {
  if (groupOf(row) && row.actorIds) await withdrawActor(ctx, row, actorId);
  else await removeNotification(ctx, row);
}

/** What a notification says: a group of several in one sentence, else its own title and message. */
export function notificationText(row: Doc<"notifications">, fromName: string | null): { title: string; message: string } {
  const count = row.groupCount ?? 1;
  const who = fromName ? `${fromName}さん` : "退会したユーザー";
  const others = `ほか${count - 1}人`;
  const work = row.subject ? `あなたの作品「${row.subject}」` : "あなたの作品";
  const own = { title: row.title, message: row.message };
  switch (row.type) {
    case "like":
      return count > 1 ? { ...own, message: `${who}${others}が${work}にいいねしました` } : own;
    case "comment":
      return count > 1 ? { ...own, message: `${who}${others}が${work}にコメントしました` } : own;
    case "follow":
      // Worded with the current actor: the stored message may name someone who unfollowed since.
      if (count > 1) return { ...own, message: `${who}${others}があなたをフォローしました` };
      return fromName ? { ...own, message: `${who}があなたをフォローしました` } : own;
    case "challenge_created":
      return count > 1
        ? {
            title: `新しいチャレンジが${count}件始まりました`,
            message: `${row.subject ? `「${row.subject}」` : "新しいチャレンジ"}ほか${count - 1}件が始まりました。参加してみませんか？`,
          }
        : own;
    default:
      return own;
  }
}
