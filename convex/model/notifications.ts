import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { NotificationType } from "../constants";
import type { UserSettings } from "../schema";
import { deliver, type NewNotification } from "./notificationGroups";
import { findMute } from "./mutes";
import { noticeOncePerDay } from "./rateLimits";

export type { NewNotification };

/** Whether the recipient's settings let this kind of notification through. */
export function wantsNotification(settings: UserSettings, type: NotificationType): boolean {
  switch (type) {
    case "like":
      return settings.notifications.likes;
    case "comment":
      return settings.notifications.comments;
    case "challenge_created":
    case "new_work":
      return settings.notifications.newProjects;
    case "update":
      return settings.notifications.updates ?? true;
    case "follow":
      return settings.notifications.follows;
    case "challenge_reminder":
      return settings.notifications.challengeReminders ?? true;
    case "badge":
    case "moderation":
    case "challenge_submission":
    case "challenge_winner":
    case "challenge_judge":
    case "challenge_results":
      return true;
  }
}

/**
 * Creates a notification (or joins the recipient's open group of its kind and target, see
 * notificationGroups.ts) unless the recipient acted on their own work, turned this kind off, or
 * mutes (or blocks) the person it comes from: muting someone silences them everywhere, the bell
 * included. Returns the row's id, or null when nothing was created.
 */
export async function notify(ctx: MutationCtx, notification: NewNotification) {
  const { userId, fromUserId } = notification;
  if (fromUserId === userId) return null;
  const recipient = await ctx.db.get("users", userId);
  if (!recipient || !wantsNotification(recipient.settings, notification.type)) return null;
  if (fromUserId !== undefined && (await findMute(ctx, userId, fromUserId)) !== null) return null;
  return await deliver(ctx, notification);
}

/**
 * Whether a like may notify: once per person and work a day, so unliking and liking again (the
 * like's notification is taken back while unread) never notifies twice in a day.
 */
export async function likeMayNotify(ctx: MutationCtx, projectId: Id<"projects">, fromUserId: Id<"users">) {
  return await noticeOncePerDay(ctx, `like:${projectId}:${fromUserId}`);
}

/** The comment preview in a notification: the first 50 characters, plus an ellipsis when longer. */
export function commentPreview(content: string, max = 50): string {
  const chars = Array.from(content.trim());
  return chars.length > max ? chars.slice(0, max).join("") + "…" : chars.join("");
}
