// Product constants shared by the server and the browser (docs/product.md, docs/decisions.md).
// Plain data only: the frontend imports this file directly.

// Genres live in their own module, so a page that shows a genre's label loads only them.
export { GENRE_ALIASES, GENRE_IDS, GENRES, type Genre } from "./model/genres";

// So are the AI tools: the gallery's filter needs them, not the rest of this file.
export { AI_TOOL_GROUPS, FILTER_AI_TOOLS, OTHER_AI_TOOL, SUBMIT_AI_TOOLS } from "./model/aiTools";

export const NOTIFICATION_TYPES = [
  "like",
  "comment",
  "badge",
  "challenge_created",
  "challenge_submission",
  "challenge_winner",
  "challenge_reminder",
  "challenge_judge",
  "challenge_results",
  "follow",
  "moderation",
  "new_work",
  "update",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The notifications page's filter tabs (すべて aside): each notification is stored with the tab
 * it belongs to; `other` (new works, updates, moderation) is shown only under すべて.
 */
export const NOTIFICATION_TABS = ["like", "comment", "follow", "challenge", "badge", "other"] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const CHALLENGE_STATUSES = ["active", "voting", "ended"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

export const BADGE_COLORS = ["blue", "purple", "yellow", "green", "red"] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];

export const BADGE_IDS = ["firstProject", "zeroCodeMaster", "popularCreator", "activeCommenter", "trendsetter", "challengeWinner"] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export const PROFILE_VISIBILITIES = ["public", "private"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** Business constants and limits (quoted in docs/product.md). */
export const LIMITS = {
  galleryPageSize: 20,
  challengesPageSize: 12,
  notificationsQueryLimit: 50,
  notificationsDropdown: 10,
  unreadBadgeCap: 9,
  aiToolsMax: 5,
  tagsMax: 10,
  screenshotsMax: 5,
  imageMaxBytes: 5 * 1024 * 1024,
  bioMin: 20,
  bioMax: 200,
  handleMin: 3,
  handleMax: 20,
  challengeTitleMax: 100,
  challengeDescriptionMax: 1000,
  commentPreview: 50,
  commentMax: 1000,
  relatedWorks: 3,
  redCountdownDays: 3,
  handleCheckDebounceMs: 500,
  shareCopiedMs: 2000,
  wizardSteps: 4,
  setupSteps: 2,
  /** Local bookmarks one merge into the account (or one visitor's /saved) takes at most. */
  savesMergeMax: 200,
} as const;

/** Image types accepted for screenshots and profile photos. */
export const IMAGE_CONTENT_TYPES = ["image/png", "image/jpeg", "image/gif"] as const;

/**
 * Types accepted for a screenshot's thumbnail: those of the originals, plus WebP, which the
 * posting wizard makes in the browser (lean gallery images).
 */
export const THUMBNAIL_CONTENT_TYPES = [...IMAGE_CONTENT_TYPES, "image/webp"] as const;

/**
 * A work's share card (og:image), drawn in the browser once the work is saved: exactly this size,
 * WebP or JPEG (PNG where the browser encodes neither), aimed at under 150 kB and refused over
 * maxBytes.
 */
export const SHARE_CARD = { width: 1200, height: 630, maxBytes: 1024 * 1024 } as const;
export const SHARE_CARD_CONTENT_TYPES = ["image/webp", "image/jpeg", "image/png"] as const;

/** Badge thresholds (docs/product.md "Profile"). */
export const BADGE_THRESHOLDS = {
  zeroCodeMasterAward: 3,
  zeroCodeMasterDisplay: 5,
  popularCreatorLikes: 100,
  activeCommenterComments: 10,
  trendsetterViews: 1000,
} as const;

// In its own module, so the home page loads only these numbers.
export { HOME_STAT_OFFSETS } from "./model/homeStats";

// ---------------------------------------------------------------------------------------------
// Trust and safety

export const ROLES = ["moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Report reasons, in the order the report dialog lists them, with their labels. */
export const REPORT_REASONS = ["spam", "inappropriate", "rights", "impersonation", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "スパム",
  inappropriate: "不適切な内容",
  rights: "権利侵害・無断転載",
  impersonation: "なりすまし",
  other: "その他",
};

export const REPORT_TARGET_TYPES = ["work", "comment", "challenge", "user"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Every entry of the audit log. The auto_* ones are the automatic signals'. */
export const MODERATION_ACTION_KINDS = [
  "dismiss",
  "hide",
  "restore",
  "delete",
  "suspend",
  "unsuspend",
  "grant_role",
  "revoke_role",
  "auto_hide",
  "auto_flag",
  "auto_hold",
  "review_requested",
] as const;
export type ModerationActionKind = (typeof MODERATION_ACTION_KINDS)[number];
