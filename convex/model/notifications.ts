import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { BadgeId, NotificationType } from "../constants";
import type { UserSettings } from "../schema";
import { findMute } from "./mutes";

export type NewNotification = {
  userId: Id<"users">;
  type: NotificationType;
  title: string;
  message: string;
  projectId?: Id<"projects">;
  challengeId?: Id<"challenges">;
  fromUserId?: Id<"users">;
  commentPreview?: string;
  badgeId?: BadgeId;
};

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
    case "badge":
    case "moderation":
    case "challenge_submission":
    case "challenge_winner":
      return true;
  }
}

/**
 * Creates a notification unless the recipient acted on their own work, turned this kind off, or
 * mutes (or blocks) the person it comes from: muting someone silences them everywhere, the bell
 * included. Returns the new id, or null when nothing was created.
 */
export async function notify(ctx: MutationCtx, notification: NewNotification) {
  const { userId, fromUserId } = notification;
  if (fromUserId === userId) return null;
  const recipient = await ctx.db.get("users", userId);
  if (!recipient || !wantsNotification(recipient.settings, notification.type)) return null;
  if (fromUserId !== undefined && (await findMute(ctx, userId, fromUserId)) !== null) return null;
  return await ctx.db.insert("notifications", { ...notification, read: false });
}

/** How long a like of the same work by the same person does not notify again. */
export const LIKE_RENOTIFY_MS = 24 * 60 * 60 * 1000;

/** Like notifications `fromUserId` caused on a work (a handful at most: see likeNotified). */
export async function likeNotifications(ctx: MutationCtx, projectId: Id<"projects">, fromUserId: Id<"users">) {
  return await ctx.db
    .query("notifications")
    .withIndex("by_projectId_and_fromUserId_and_type", (q) =>
      q.eq("projectId", projectId).eq("fromUserId", fromUserId).eq("type", "like"),
    )
    .order("desc")
    .take(20);
}

/** The comment preview of SPEC.md: the first 50 characters, plus an ellipsis when longer. */
export function commentPreview(content: string, max = 50): string {
  const chars = Array.from(content.trim());
  return chars.length > max ? chars.slice(0, max).join("") + "…" : chars.join("");
}
