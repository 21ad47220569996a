import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { paths } from "@/config/paths";

export type NotificationItem = FunctionReturnType<typeof api.notifications.list>[number];

/**
 * Where a notification leads: the work it is about, the challenge, the follower's profile, or
 * for a badge the viewer's own achievements. Null when what it was about is gone.
 */
export function notificationTarget(item: NotificationItem, ownProfileId: string): string | null {
  switch (item.type) {
    case "like":
    case "comment":
    case "new_work":
    case "update":
      return item.projectId ? paths.project(item.projectId) : null;
    // Several new challenges in one item: the list of challenges.
    case "challenge_created":
      if (item.count > 1) return paths.challenges();
      return item.challengeId ? paths.challenge(item.challengeId) : null;
    case "challenge_submission":
    case "challenge_winner":
    case "challenge_reminder":
    case "challenge_judge":
      return item.challengeId ? paths.challenge(item.challengeId) : null;
    case "challenge_results":
      return item.challengeId ? paths.challengeResults(item.challengeId) : null;
    case "follow": {
      const id = item.from?.handle ?? item.from?._id;
      return id ? paths.profile(id) : null;
    }
    case "badge":
      return `${paths.profile(ownProfileId)}?tab=achievements`;
    // A moderator's action: the work or challenge it was about, else the viewer's own profile
    // (a suspension, or a comment whose work is gone).
    case "moderation":
      if (item.projectId) return paths.project(item.projectId);
      if (item.challengeId) return paths.challenge(item.challengeId);
      return paths.profile(ownProfileId);
  }
}

/** The bell's badge: nothing at 0, the number up to 9, then 9+ (docs/product.md "App shell"). */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

/**
 * The bell's accessible name: the real number, even where the badge shows 9+. The count stands
 * apart ("通知：未読 23 件"), so the name holds the badge's visible digits as a word of their own
 * (WCAG 2.5.3: speech users say what they see).
 */
export function bellLabel(count: number): string {
  return count > 0 ? `通知：未読 ${count} 件` : "通知";
}
