import type { NotificationTab } from "../../../convex/constants";

export type NotificationFilter = "all" | Exclude<NotificationTab, "other">;

/** The notifications page's filter tabs, in order; new works, updates and notices are under すべて only. */
export const NOTIFICATION_FILTERS: readonly { value: NotificationFilter; label: string; empty: string }[] = [
  { value: "all", label: "すべて", empty: "通知はまだありません" },
  { value: "like", label: "いいね", empty: "いいねの通知はまだありません" },
  { value: "comment", label: "コメント", empty: "コメントの通知はまだありません" },
  { value: "follow", label: "フォロー", empty: "フォローの通知はまだありません" },
  { value: "challenge", label: "チャレンジ", empty: "チャレンジの通知はまだありません" },
  { value: "badge", label: "バッジ", empty: "バッジの通知はまだありません" },
];

/** A `?tab=` value from the address, or すべて for anything else. */
export function filterFromParam(value: string | null): NotificationFilter {
  return NOTIFICATION_FILTERS.find((filter) => filter.value === value)?.value ?? "all";
}

/** The listPage arguments for a filter (すべて passes no tab). */
export function listArgs(filter: NotificationFilter): { tab?: Exclude<NotificationTab, "other"> } {
  return filter === "all" ? {} : { tab: filter };
}
