// Words and shapes of trust and safety shared by the report menu (src/components/moderation),
// the moderation desk (src/features/moderation) and the settings page. The shapes follow the
// server's contract (convex/reports.ts, convex/moderation.ts).
import type { ModerationActionKind, ReportReason, ReportTargetType } from "../../convex/constants";
import { japanDateTime } from "../../convex/model/suspension";

export type ModerationTarget = {
  type: ReportTargetType;
  id: string;
  /** What the dialogs call it: a title, a comment's first words, a display name. */
  label: string;
};

/** What a moderator may do to a target from its page or from the desk (moderation.act). */
export type ModerationActKind = "dismiss" | "hide" | "restore" | "delete" | "suspend" | "unsuspend";

/** Where a reported target stands (moderation.queue's TargetPreview.state). */
export type TargetState = "visible" | "hidden" | "pending" | "held" | "deleted" | "suspended";

export const TARGET_TYPE_LABELS: Record<ReportTargetType, string> = {
  work: "作品",
  comment: "コメント",
  challenge: "チャレンジ",
  user: "ユーザー",
};

export const TARGET_STATE_LABELS: Record<TargetState, string> = {
  visible: "公開中",
  hidden: "非表示",
  pending: "確認待ち（自動で非公開）",
  held: "保留中",
  deleted: "削除済み",
  suspended: "停止中",
};

export const ACTION_KIND_LABELS: Record<ModerationActionKind, string> = {
  dismiss: "通報を却下",
  hide: "非表示",
  restore: "表示を戻す",
  delete: "削除",
  suspend: "アカウント停止",
  unsuspend: "停止を解除",
  grant_role: "権限を付与",
  revoke_role: "権限を解除",
  auto_hide: "自動で非公開（通報多数）",
  auto_flag: "自動で確認依頼（重複URL）",
  auto_hold: "自動で保留（新規アカウントのリンク）",
  review_requested: "再審査の依頼",
};

export const REPORT_STATUS_LABELS = {
  open: "確認中",
  actioned: "対応済み",
  dismissed: "対応なし",
} as const satisfies Record<"open" | "dismissed" | "actioned", string>;

export const ROLE_LABELS = { moderator: "モデレーター", admin: "管理者" } as const;

export const SUSPENSION_PERIODS = [
  { value: "1", label: "1日" },
  { value: "3", label: "3日" },
  { value: "7", label: "7日" },
  { value: "30", label: "30日" },
  { value: "forever", label: "無期限" },
] as const;

export const MODERATION_NOTE_MAX = 500;
export const REPORT_NOTE_MAX = 500;

/** "2026年12月3日 15:00まで" or "無期限" for a suspension's end. */
export function suspensionUntilText(until: number | null): string {
  return until === null ? "無期限" : `${japanDateTime(until)}まで`;
}

export const isModeratorRole = (role: string | null | undefined): role is "moderator" | "admin" => role === "moderator" || role === "admin";

export type { ModerationActionKind, ReportReason, ReportTargetType };
