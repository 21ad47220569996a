import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { BadgeId, NotificationType } from "../constants";
import type { UserSettings } from "../schema";

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
      return settings.notifications.newProjects;
    case "follow":
      return settings.notifications.follows;
    case "badge":
    case "challenge_submission":
    case "challenge_winner":
      return true;
  }
}

/**
 * Creates a notification unless the recipient acted on their own work or turned this kind off.
 * Returns the new id, or null when nothing was created.
 */
export async function notify(ctx: MutationCtx, notification: NewNotification) {
  if (notification.fromUserId === notification.userId) return null;
  const recipient = await ctx.db.get("users", notification.userId);
  if (!recipient || !wantsNotification(recipient.settings, notification.type)) return null;
  return await ctx.db.insert("notifications", { ...notification, read: false });
}

/** The comment preview of SPEC.md: the first 50 characters, plus an ellipsis when longer. */
export function commentPreview(content: string, max = 50): string {
  const chars = Array.from(content.trim());
  return chars.length > max ? chars.slice(0, max).join("") + "…" : chars.join("");
}
