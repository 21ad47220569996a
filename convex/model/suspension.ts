// Suspension (docs: trust and safety): a suspended account signs in and reads, but every write to
// the community is refused with a message that says until when.
import type { Doc } from "../_generated/dataModel";

type Suspension = NonNullable<Doc<"users">["suspension"]>;

export function isSuspended(user: Pick<Doc<"users">, "suspension">, now: number): boolean {
  const suspension = user.suspension;
  return suspension !== undefined && (suspension.until === undefined || suspension.until > now);
}

/** "2026年12月3日 15:00" in Japan time. */
export function japanDateTime(ms: number): string {
  return new Intl.DateTimeFormat("ja-JP", {
    timeZone: "Asia/Tokyo",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(ms);
}

export function suspensionMessage(suspension: Suspension): string {
  const until = suspension.until === undefined ? "" : `（${japanDateTime(suspension.until)}まで）`;
  return `アカウントが停止されているため、この操作はできません${until}。閲覧はこれまでどおりできます`;
}
