// Product constants shared by the server and the browser (docs/product.md, docs/decisions.md).
// Plain data only: the frontend imports this file directly.

/** Genres a work can have (the submit list), with their Japanese labels. */
export const GENRES = [
  { id: "webapp", label: "Webアプリ" },
  { id: "mobile", label: "モバイルアプリ" },
  { id: "game", label: "ゲーム" },
  { id: "tool", label: "ツール" },
  { id: "ai", label: "AI" },
  { id: "design", label: "デザイン" },
  { id: "education", label: "教育" },
  { id: "business", label: "ビジネス" },
  { id: "entertainment", label: "エンタメ" },
  { id: "other", label: "その他" },
] as const;
export type Genre = (typeof GENRES)[number]["id"];
export const GENRE_IDS = GENRES.map((g) => g.id) as readonly Genre[];

/** Older gallery links used `?genre=web`; it means `webapp` (docs/product.md "Gallery"). */
export const GENRE_ALIASES: Readonly<Record<string, Genre>> = { web: "webapp" };

/**
 * AI tools offered when posting, grouped as the submit form shows them (docs/product.md "Posting
 * wizard", step 3).
 */
export const AI_TOOL_GROUPS = [
  {
    id: "vibeCoding",
    label: "バイブコーディングツール",
    tools: [
      { name: "bolt.new", popular: true },
      { name: "Lovable", popular: true },
      { name: "v0", popular: true },
      { name: "Cursor", popular: true },
      { name: "Replit Agent", popular: false },
      { name: "GitHub Copilot", popular: false },
    ],
  },
  {
    id: "assistants",
    label: "AIアシスタント",
    tools: [
      { name: "ChatGPT", popular: true },
      { name: "Claude", popular: true },
      { name: "Gemini", popular: false },
    ],
  },
  {
    id: "imageGeneration",
    label: "画像生成",
    tools: [
      { name: "Midjourney", popular: false },
      { name: "DALL-E", popular: false },
      { name: "Stable Diffusion", popular: false },
    ],
  },
] as const;

/** The submit list's own catch-all choice. */
export const OTHER_AI_TOOL = "other";

/** Every tool of the submit list, in the submit form's order. */
export const SUBMIT_AI_TOOLS = [
  "bolt.new",
  "Lovable",
  "v0",
  "Cursor",
  "Replit Agent",
  "ChatGPT",
  "Claude",
  "Gemini",
  "GitHub Copilot",
  "Midjourney",
  "DALL-E",
  "Stable Diffusion",
  OTHER_AI_TOOL,
] as const;

/**
 * The gallery's AI-tool filter: the gallery's own filter tools first, then every other submit tool.
 */
const SPEC_FILTER_AI_TOOLS = ["ChatGPT", "Claude", "Midjourney", "DALL-E", "Stable Diffusion", "GitHub Copilot", "v0", "Cursor"] as const;
export const FILTER_AI_TOOLS: readonly string[] = [
  ...SPEC_FILTER_AI_TOOLS,
  ...SUBMIT_AI_TOOLS.filter((tool) => tool !== OTHER_AI_TOOL && !(SPEC_FILTER_AI_TOOLS as readonly string[]).includes(tool)),
];

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

/** Offsets added to the real counts on the home page's goal statistics. */
export const HOME_STAT_OFFSETS = {
  projects: 2847,
  users: 1523,
  zeroCodeProjects: 892,
  likes: 45678,
} as const;

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
