import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { v, type Infer } from "convex/values";
import {
  BADGE_COLORS,
  BADGE_IDS,
  CHALLENGE_STATUSES,
  GENRE_IDS,
  NOTIFICATION_TABS,
  NOTIFICATION_TYPES,
  MODERATION_ACTION_KINDS,
  PROFILE_VISIBILITIES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  ROLES,
} from "./constants";
import { vVotingRules } from "./model/votingRules";

// ---------------------------------------------------------------------------------------------
// Shared validators: function arguments use these so the schema and the API never drift apart.

const literals = <T extends string>(values: readonly T[]) => {
  const [first, second, ...rest] = values.map((value) => v.literal(value));
  if (!first || !second) throw new Error("a union needs at least two literals");
  return v.union(first, second, ...rest);
};

export const vGenre = literals(GENRE_IDS);
export const vNotificationType = literals(NOTIFICATION_TYPES);
export const vNotificationTab = literals(NOTIFICATION_TABS);
export const vChallengeStatus = literals(CHALLENGE_STATUSES);
export const vBadgeId = literals(BADGE_IDS);
export const vBadgeColor = literals(BADGE_COLORS);
export const vProfileVisibility = literals(PROFILE_VISIBILITIES);
export const vRole = literals(ROLES);
export const vReportReason = literals(REPORT_REASONS);
export const vReportTargetType = literals(REPORT_TARGET_TYPES);
export const vModerationActionKind = literals(MODERATION_ACTION_KINDS);

/**
 * Why a work, comment or challenge is out of sight (docs: trust and safety). `hidden` beside it is
 * what list indexes start with, so a hidden row is never read by a list that shows it to others.
 * - "hidden": a moderator hid it; "pending": enough trusted reports hid it until a moderator
 *   decides; "held": a new account's comment with a link, waiting for approval.
 */
export const vModerationState = v.object({
  state: v.union(v.literal("hidden"), v.literal("pending"), v.literal("held")),
  /** What the author is told (the moderator's note, or the automatic rule). */
  reason: v.string(),
  /** The audit-log entry that hid it; the author may ask for review once per entry. */
  actionId: v.id("moderationActions"),
  reviewRequested: v.boolean(),
});
export type ModerationState = Infer<typeof vModerationState>;

/**
 * A challenge's judging (docs/product.md "Judging"): up to five criteria, each with a weight, and
 * how much the judges count against the community's votes in the combined score.
 */
export const vJudgingCriterion = v.object({ name: v.string(), description: v.string(), weight: v.number() });
export const vJudging = v.object({
  criteria: v.array(vJudgingCriterion),
  /** The judges' share of the combined score in percent (the votes get the rest). */
  judgeWeight: v.number(),
});
export type Judging = Infer<typeof vJudging>;

/** An entry's running judging totals, kept as judges score so rankings never read every score. */
export const vEntryJudging = v.object({
  /** Judges who scored it. */
  judges: v.number(),
  /** Sum over those judges of their weighted average (1–5). */
  weightedSum: v.number(),
  /** Sum over those judges of each criterion's score, in criteria order. */
  criterionSums: v.array(v.number()),
});

export const vAward = v.union(v.literal("excellence"), v.literal("special"));

/** A suspended account: it may read and sign in, but every write is refused until `until`. */
export const vSuspension = v.object({
  /** Unset: until lifted. */
  until: v.optional(v.number()),
  reason: v.string(),
  since: v.number(),
});

/** Per-user settings (docs/decisions.md "Privacy"): stored on the user document. */
export const vUserSettings = v.object({
  notifications: v.object({
    likes: v.boolean(),
    comments: v.boolean(),
    follows: v.boolean(),
    newProjects: v.boolean(),
    email: v.boolean(),
    /** A work I saved (ストック) was updated by its author; unset on older rows means on. */
    updates: v.optional(v.boolean()),
    /** A challenge I entered is a day from its entry or voting deadline; unset means on. */
    challengeReminders: v.optional(v.boolean()),
  }),
  emailNotifications: v.object({ comments: v.boolean() }),
  privacy: v.object({
    profileVisibility: vProfileVisibility,
    showEmail: v.boolean(),
    showProjects: v.boolean(),
    analyticsOptOut: v.boolean(),
  }),
});
export type UserSettings = Infer<typeof vUserSettings>;

/**
 * Defaults (docs/product.md "Settings"): likes, comments and newProjects on; follows and email off;
 * ...
 */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  notifications: { likes: true, comments: true, follows: false, newProjects: true, email: false },
  emailNotifications: { comments: true },
  privacy: { profileVisibility: "public", showEmail: false, showProjects: true, analyticsOptOut: false },
};

/** The daily figures of a work (model/analytics.ts WORK_FIGURES). */
const vWorkFigureFields = {
  /** Counted views (once per viewer per work per day; opted-out viewers are left out). */
  views: v.optional(v.number()),
  likes: v.optional(v.number()),
  /** Likes taken back that day, whenever they were given. */
  unlikes: v.optional(v.number()),
  comments: v.optional(v.number()),
  saves: v.optional(v.number()),
  unsaves: v.optional(v.number()),
  /** Share links (/share/projects/{id}) opened. */
  shareOpens: v.optional(v.number()),
};

/** One screenshot: the original and the downscaled thumbnail made in the browser. */
export const vScreenshot = v.object({
  storageId: v.id("_storage"),
  thumbnailStorageId: v.id("_storage"),
});

/**
 * The posting wizard's text fields as the author typed them: the work form's arguments and a
 * draft of it (its table, its save arguments, what it gives back) share them.
 */
export const workFormFields = {
  title: v.string(),
  description: v.string(),
  vibeDescription: v.string(),
  genre: v.string(),
  demoUrl: v.string(),
  demoVideoUrl: v.string(),
  repositoryUrl: v.string(),
  aiTools: v.array(v.string()),
  techStack: v.array(v.string()),
  tags: v.array(v.string()),
};

/** A user's stored counters, in their `userStats` row (kept exact in the transaction of each write). */
export const userStatsFields = {
  projectsCount: v.number(),
  zeroCodeCount: v.number(),
  totalLikes: v.number(),
  totalViews: v.number(),
  commentsCount: v.number(),
  followersCount: v.number(),
  followingCount: v.number(),
};

/** Site-wide totals in the siteCounters component (home statistics, challenge list summary). */
export const SITE_COUNTER_KEYS = [
  "projects",
  "zeroCodeProjects",
  "users",
  "likes",
  "challenges_active",
  "challenges_voting",
  "challenges_ended",
  "challengeSubmissions",
] as const;
export const vSiteCounterKey = literals(SITE_COUNTER_KEYS);

// ---------------------------------------------------------------------------------------------

export default defineSchema({
  ...authTables,

  // Convex Auth's users table, extended with the profile. The `email` and `phone` index names are
  // the ones Convex Auth queries, so they keep its naming.
  users: defineTable({
    // Filled and refreshed from Google by Convex Auth on every sign-in.
    name: v.optional(v.string()),
    image: v.optional(v.string()),
    email: v.optional(v.string()),
    emailVerificationTime: v.optional(v.number()),
    phone: v.optional(v.string()),
    phoneVerificationTime: v.optional(v.number()),
    isAnonymous: v.optional(v.boolean()),
    // The profile the user edits in the app; these win over the Google values when set.
    displayName: v.optional(v.string()),
    photoStorageId: v.optional(v.id("_storage")),
    /** The custom handle (ユーザーID, `userId` in forms): 3–20 of [a-z0-9_], unique. */
    handle: v.optional(v.string()),
    bio: v.optional(v.string()),
    location: v.optional(v.string()),
    websiteUrl: v.optional(v.string()),
    githubUrl: v.optional(v.string()),
    twitterUrl: v.optional(v.string()),
    profileCompleted: v.boolean(),
    settings: vUserSettings,
    updatedAt: v.number(),
    /** Unset for ordinary users. The first admins come from ADMIN_EMAILS at sign-in. */
    role: v.optional(vRole),
    suspension: v.optional(vSuspension),
  })
    .index("email", ["email"])
    .index("phone", ["phone"])
    .index("by_handle", ["handle"])
    // An uploaded file may be one user's photo only; the photo checks look it up.
    .index("by_photoStorageId", ["photoStorageId"])
    // challenge_created fan-out reaches only users who keep new-project notifications on.
    .index("by_settings_notifications_newProjects", ["settings.notifications.newProjects"])
    // The admin's list of moderators and admins.
    .index("by_role", ["role"]),

  // Counters that change on views, likes, comments and follows, apart from the user document
  // that cards and comments read for names and photos (model/userStats.ts).
  userStats: defineTable({
    userId: v.id("users"),
    ...userStatsFields,
  })
    .index("by_userId", ["userId"])
    // The following feed's empty state suggests the most liked creators (model/feed.ts).
    .index("by_totalLikes", ["totalLikes"]),

  projects: defineTable({
    userId: v.id("users"),
    title: v.string(),
    description: v.string(),
    vibeDescription: v.string(),
    genre: vGenre,
    demoUrl: v.string(),
    demoVideoUrl: v.optional(v.string()),
    repositoryUrl: v.optional(v.string()),
    aiTools: v.array(v.string()),
    techStack: v.array(v.string()),
    tags: v.array(v.string()),
    isZeroCode: v.boolean(),
    screenshots: v.array(vScreenshot),
    /**
     * The 1200×630 share card (og:image) of the first screenshot, the title, the author and the
     * zero-code mark, which the browser draws after 投稿する / 更新する and projects.setShareCard
     * puts on. Unset until it arrives, on works posted before cards, when the browser could not
     * make one, and from an edit that changed the title or the first screenshot until the new one
     * arrives: the share page then shows the thumbnail (model/sharePage.ts).
     */
    shareCardStorageId: v.optional(v.id("_storage")),
    /**
     * Who the card shows: the author's name and photo when it was put on (model/shareCardAuthor.ts).
     * A renamed author or a new photo makes the card stale: the share page falls back to the
     * thumbnail and the next 更新する draws a new card.
     */
    shareCardAuthor: v.optional(v.string()),
    featured: v.boolean(),
    likesCount: v.number(),
    commentsCount: v.number(),
    viewsCount: v.number(),
    /** Folded character bigrams of title and description, for substring search (model/search.ts). */
    searchText: v.string(),
    updatedAt: v.number(),
    /** The demo URL folded for the duplicate check (model/demoUrls.ts); unset on older rows. */
    demoUrlKey: v.optional(v.string()),
    /** Set while a moderator (or the report threshold) keeps the work out of sight. */
    hidden: v.optional(v.literal(true)),
    moderation: v.optional(vModerationState),
    /** 急上昇 score (model/trending.ts), rewritten by scheduled jobs; unset means 0. */
    trendScore: v.optional(v.number()),
  })
    // Every list that others see starts its index with `hidden` and asks for `undefined`, so a
    // hidden work costs a list nothing. Newest first comes from _creationTime, which every index
    // ends with. The owner's own list reads both values of `hidden`.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_userId", ["userId"])
    .index("by_userId_and_hidden", ["userId", "hidden"])
    .index("by_demoUrlKey", ["demoUrlKey"])
    // The next four serve the newest-first gallery; the likesCount ones below sort by likes.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_hidden", ["hidden"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_hidden_and_genre", ["hidden", "genre"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_hidden_and_isZeroCode", ["hidden", "isZeroCode"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_hidden_and_genre_and_isZeroCode", ["hidden", "genre", "isZeroCode"])
    .index("by_hidden_and_likesCount", ["hidden", "likesCount"])
    .index("by_hidden_and_genre_and_likesCount", ["hidden", "genre", "likesCount"])
    .index("by_hidden_and_isZeroCode_and_likesCount", ["hidden", "isZeroCode", "likesCount"])
    .index("by_hidden_and_genre_and_isZeroCode_and_likesCount", ["hidden", "genre", "isZeroCode", "likesCount"])
    // 急上昇 (model/trending.ts): trendScore is unset rather than 0, so unscored works sort last.
    .index("by_hidden_and_trendScore", ["hidden", "trendScore"])
    .index("by_hidden_and_genre_and_trendScore", ["hidden", "genre", "trendScore"])
    .index("by_hidden_and_isZeroCode_and_trendScore", ["hidden", "isZeroCode", "trendScore"])
    .index("by_hidden_and_genre_and_isZeroCode_and_trendScore", ["hidden", "genre", "isZeroCode", "trendScore"])
    .searchIndex("search_searchText", {
      searchField: "searchText",
      filterFields: ["genre", "isZeroCode", "hidden"],
    }),

  // One row per (work, AI tool): arrays cannot be indexed, and the gallery filters by tool with
  // either sort. Genre, zero-code and the sort keys are copied here and kept in step. A hidden
  // work has no rows here (they are made again when it is restored).
  projectAiTools: defineTable({
    projectId: v.id("projects"),
    tool: v.string(),
    genre: vGenre,
    isZeroCode: v.boolean(),
    likesCount: v.number(),
    /** The work's _creationTime, so this table sorts newest first like the works do. */
    projectCreationTime: v.number(),
    /** The work's trendScore (unset means 0), copied for the 急上昇 sort. */
    trendScore: v.optional(v.number()),
    /** Counted in toolStats (rows written before the tool pages are not; the backfill counts them). */
    counted: v.optional(v.literal(true)),
  })
    .index("by_projectId", ["projectId"])
    .index("by_tool_and_projectCreationTime", ["tool", "projectCreationTime"])
    .index("by_tool_and_genre_and_projectCreationTime", ["tool", "genre", "projectCreationTime"])
    .index("by_tool_and_isZeroCode_and_projectCreationTime", ["tool", "isZeroCode", "projectCreationTime"])
    .index("by_tool_and_genre_and_isZeroCode_and_projectCreationTime", ["tool", "genre", "isZeroCode", "projectCreationTime"])
    .index("by_tool_and_likesCount_and_projectCreationTime", ["tool", "likesCount", "projectCreationTime"])
    .index("by_tool_and_genre_and_likesCount_and_projectCreationTime", ["tool", "genre", "likesCount", "projectCreationTime"])
    .index("by_tool_and_isZeroCode_and_likesCount_and_projectCreationTime", ["tool", "isZeroCode", "likesCount", "projectCreationTime"])
    .index("by_tool_and_genre_and_isZeroCode_and_likesCount_and_projectCreationTime", [
      "tool",
      "genre",
      "isZeroCode",
      "likesCount",
      "projectCreationTime",
    ])
    .index("by_tool_and_trendScore_and_projectCreationTime", ["tool", "trendScore", "projectCreationTime"])
    .index("by_tool_and_genre_and_trendScore_and_projectCreationTime", ["tool", "genre", "trendScore", "projectCreationTime"])
    .index("by_tool_and_isZeroCode_and_trendScore_and_projectCreationTime", ["tool", "isZeroCode", "trendScore", "projectCreationTime"])
    .index("by_tool_and_genre_and_isZeroCode_and_trendScore_and_projectCreationTime", [
      "tool",
      "genre",
      "isZeroCode",
      "trendScore",
      "projectCreationTime",
    ]),

  // Every stored screenshot file (original or thumbnail) and share card: who uploaded it and,
  // once posted, the work it belongs to. A work may only take files its author uploaded and the
  // server checked (never another work's or user's), and uploads never posted are swept after a
  // day.
  screenshotFiles: defineTable({
    storageId: v.id("_storage"),
    userId: v.id("users"),
    /** Unset while the upload waits in the posting wizard. */
    projectId: v.optional(v.id("projects")),
    /** "shareCard" for a work's share card; unset for a screenshot's original or thumbnail. */
    kind: v.optional(v.literal("shareCard")),
    /** The draft holding the unposted upload: kept (never swept) while the draft exists. */
    draftId: v.optional(v.id("drafts")),
    /** Set on a challenge's results card (a share card, never a work's): it belongs to that challenge. */
    challengeId: v.optional(v.id("challenges")),
  })
    .index("by_storageId", ["storageId"])
    .index("by_projectId", ["projectId"])
    // Uploads waiting for neither a work, a draft nor a challenge, oldest first: what the sweep deletes.
    .index("by_draftId_and_projectId_and_challengeId", ["draftId", "projectId", "challengeId"])
    .index("by_userId_and_projectId", ["userId", "projectId"]),

  // A work being written in the posting wizard, saved as the author types so a reload, a closed
  // tab or another device resumes it (model/drafts.ts). Text as typed (cleaned), lengths checked
  // as the work form does; required fields may still be empty. Visible only to its author.
  drafts: defineTable({
    userId: v.id("users"),
    ...workFormFields,
    isZeroCode: v.boolean(),
    /** Checked uploads of the author, each registered in screenshotFiles with this draft's id. */
    screenshots: v.array(vScreenshot),
    updatedAt: v.number(),
  }).index("by_userId_and_updatedAt", ["userId", "updatedAt"]),

  // Every uploaded profile photo file, registered to its uploader when users.checkPhotoUpload
  // accepts it. Only the uploader can make it their photo (so a file is one user's photo at
  // most), deleting an account deletes only the files registered to it, and uploads never used
  // are swept after a day (model/photoFiles.ts).
  photoFiles: defineTable({
    storageId: v.id("_storage"),
    userId: v.id("users"),
    /** True while the file is the uploader's profile photo; false while it waits in the form. */
    inUse: v.boolean(),
  })
    .index("by_storageId", ["storageId"])
    .index("by_userId", ["userId"])
    .index("by_inUse", ["inUse"]),

  likes: defineTable({
    userId: v.id("users"),
    projectId: v.id("projects"),
  })
    .index("by_projectId_and_userId", ["projectId", "userId"])
    .index("by_userId", ["userId"]),

  comments: defineTable({
    projectId: v.id("projects"),
    userId: v.id("users"),
    content: v.string(),
    /** Hidden by a moderator or held for review: shown only to its author (and moderators). */
    hidden: v.optional(v.literal(true)),
    moderation: v.optional(vModerationState),
  })
    .index("by_projectId", ["projectId"])
    .index("by_userId", ["userId"]),

  // One row per counted view of a work page; `_creationTime` is when it was viewed. A view counts
  // at most once per viewer per work per Japan calendar day (model/views.ts).
  views: defineTable({
    projectId: v.id("projects"),
    userId: v.optional(v.id("users")),
    /** `user:<id>` or `session:<browser session id>`; unset on rows from before the rule (and the demo seed). */
    viewerKey: v.optional(v.string()),
    /** The Japan calendar day of the view, `YYYY-MM-DD`; set together with viewerKey. */
    day: v.optional(v.string()),
  })
    // Whether a viewer's view counted today; with only projectId, every view of a work.
    .index("by_projectId_and_viewerKey_and_day", ["projectId", "viewerKey", "day"])
    .index("by_userId", ["userId"]),

  notifications: defineTable({
    /** The recipient. */
    userId: v.id("users"),
    type: vNotificationType,
    title: v.string(),
    /** The latest event's own message; a group of several is worded when read (notifications.ts). */
    message: v.string(),
    projectId: v.optional(v.id("projects")),
    challengeId: v.optional(v.id("challenges")),
    /** Who caused it (a group's latest actor); their current name and photo are joined when read. */
    fromUserId: v.optional(v.id("users")),
    commentPreview: v.optional(v.string()),
    badgeId: v.optional(vBadgeId),
    read: v.boolean(),
    /**
     * Legacy: a like taken back before its notification was read, kept hidden for the like-again
     * rule. Rows written now are deleted instead (model/notificationGroups.ts).
     */
    hidden: v.optional(v.boolean()),
    // Grouping (model/notificationGroups.ts). Every row written now has latestAt and tab; older
    // rows get them from notifications:backfillGroups and until then list last under すべて.
    /** When the latest event joined it: the lists' order. Set means it is in the unread counter. */
    latestAt: v.optional(v.number()),
    /** Which filter tab lists it. */
    tab: v.optional(vNotificationTab),
    /** Recipient, kind and target in one key: the unread row with it takes the next event. */
    groupKey: v.optional(v.string()),
    /** How many people (or, for new challenges, how many challenges) it stands for; unset is 1. */
    groupCount: v.optional(v.number()),
    /** The people in the group, latest last (at most GROUP_ACTORS_CAP), so each counts once. */
    actorIds: v.optional(v.array(v.id("users"))),
    /** What it is about, for the group's wording: the work's or the challenge's title. */
    subject: v.optional(v.string()),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_userId", ["userId"])
    // markAllRead reads only unread rows.
    .index("by_userId_and_read", ["userId", "read"])
    // What the bell and the page list: the shown ones (hidden unset), latest event first.
    .index("by_userId_and_hidden_and_latestAt", ["userId", "hidden", "latestAt"])
    // One filter tab of the page, latest event first.
    .index("by_userId_and_hidden_and_tab_and_latestAt", ["userId", "hidden", "tab", "latestAt"])
    // The open (unread) group a new event joins.
    .index("by_userId_and_groupKey_and_read", ["userId", "groupKey", "read"])
    .index("by_projectId", ["projectId"])
    .index("by_challengeId", ["challengeId"])
    .index("by_fromUserId", ["fromUserId"]),

  /**
   * Each user's unread notifications, counted on every write (a group is one): the bell's number
   * without reading the notifications, in a row the lists never read.
   */
  notificationCounts: defineTable({
    userId: v.id("users"),
    unread: v.number(),
  }).index("by_userId", ["userId"]),

  badges: defineTable({
    badgeId: vBadgeId,
    name: v.string(),
    description: v.string(),
    icon: v.string(),
    color: vBadgeColor,
  }).index("by_badgeId", ["badgeId"]),

  // `_creationTime` is when it was awarded.
  userBadges: defineTable({
    userId: v.id("users"),
    badgeId: vBadgeId,
  }).index("by_userId_and_badgeId", ["userId", "badgeId"]),

  challenges: defineTable({
    /** The organiser; cleared when they delete their account (shown as 退会したユーザー). */
    userId: v.optional(v.id("users")),
    title: v.string(),
    description: v.string(),
    requirements: v.string(),
    endDate: v.number(),
    prize: v.boolean(),
    prizeDescription: v.optional(v.string()),
    tags: v.array(v.string()),
    status: vChallengeStatus,
    /** When entries opened: the creation time (the demo seed backdates it). */
    startedAt: v.number(),
    submissionsCount: v.number(),
    winnerSubmissionId: v.optional(v.id("challengeSubmissions")),
    winnerUserId: v.optional(v.id("users")),
    votingStartedAt: v.optional(v.number()),
    /** When votes stop being accepted (the organiser still picks the winner after it). */
    votingEndsAt: v.optional(v.number()),
    endedAt: v.optional(v.number()),
    updatedAt: v.number(),
    hidden: v.optional(v.literal(true)),
    moderation: v.optional(vModerationState),
    /**
     * The list's order (model/challengeOrder.ts), rewritten with every status change: the
     * status's rank, then the deadline (or minus the end time). Optional only for documents
     * from before it existed, which challenges.backfillListOrder fills in.
     */
    listRank: v.optional(v.number()),
    listKey: v.optional(v.number()),
    /** Who may vote and whether counts stay hidden until the end (model/votingRules.ts); unset is the default. */
    votingRules: v.optional(vVotingRules),
    /** Judges and criteria, when the organiser asked for them. */
    judging: v.optional(vJudging),
    /**
     * The results' 1200×630 share card, drawn in the organiser's browser once the winner is
     * decided and put on by challengeResults.setResultsCard (the og:image of the results' share
     * link; registered in screenshotFiles with this challenge's id).
     */
    resultsCardStorageId: v.optional(v.id("_storage")),
    /** Whom the card shows as the winner, as model/shareCardAuthor.ts records it: a stale card is not shown. */
    resultsCardWinner: v.optional(v.string()),
  })
    // The list others see (and the sitemap) read only challenges that are not hidden.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_hidden", ["hidden"])
    .index("by_hidden_and_listRank_and_listKey", ["hidden", "listRank", "listKey"])
    .index("by_hidden_and_status", ["hidden", "status"])
    .index("by_status", ["status"])
    .index("by_userId", ["userId"])
    .index("by_winnerUserId", ["winnerUserId"]),

  // The work itself is joined when read, so a submission always shows the work as it is now.
  challengeSubmissions: defineTable({
    challengeId: v.id("challenges"),
    projectId: v.id("projects"),
    userId: v.id("users"),
    votesCount: v.number(),
    isWinner: v.boolean(),
    /** Minus the entry time: in the votes index, equal votes list the earlier entry first. */
    tieOrder: v.number(),
    updatedAt: v.number(),
    /** Copied from the work: the entry grids skip hidden works through their index. */
    hidden: v.optional(v.literal(true)),
    /** In [0, 1), hashed from the id: the per-viewer shuffled order of hidden-count challenges (model/entryShuffle.ts). */
    shuffleKey: v.optional(v.number()),
    /** Judging totals of a judged challenge (unset until a judge scores it). */
    judging: v.optional(vEntryJudging),
    /** 優秀賞 or 特別賞, given by the organiser with the winner. */
    award: v.optional(vAward),
  })
    .index("by_challengeId_and_userId", ["challengeId", "userId"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_challengeId", ["challengeId"])
    // While entries are open: newest first.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_challengeId_and_hidden", ["challengeId", "hidden"])
    // During voting and after: most votes first, ties earlier entry first (read in desc order).
    .index("by_challengeId_and_hidden_and_votesCount_and_tieOrder", ["challengeId", "hidden", "votesCount", "tieOrder"])
    // While counts are hidden: each viewer's shuffled order, as two ranges of this index.
    .index("by_challengeId_and_hidden_and_shuffleKey", ["challengeId", "hidden", "shuffleKey"])
    .index("by_projectId", ["projectId"])
    .index("by_userId", ["userId"]),

  // One vote per person per entry (docs/decisions.md "Votes, likes and follows"), kept by the
  // index.
  challengeVotes: defineTable({
    userId: v.id("users"),
    submissionId: v.id("challengeSubmissions"),
    challengeId: v.id("challenges"),
  })
    .index("by_submissionId_and_userId", ["submissionId", "userId"])
    .index("by_challengeId_and_userId", ["challengeId", "userId"])
    .index("by_userId", ["userId"]),

  // The reminders a challenge's entrants get a day before a deadline (model/challengeReminders.ts):
  // one row per challenge and kind, holding the scheduled send so a changed deadline moves it
  // instead of adding a second, and `sentAt` so it never goes out twice.
  challengeReminders: defineTable({
    challengeId: v.id("challenges"),
    kind: v.union(v.literal("entry_deadline"), v.literal("voting_end")),
    /** When it is due: 24 hours before the deadline it is about. */
    dueAt: v.number(),
    scheduledId: v.optional(v.id("_scheduled_functions")),
    sentAt: v.optional(v.number()),
  }).index("by_challengeId_and_kind", ["challengeId", "kind"]),
  // A challenge's judges: invited by handle, then accepted or declined (docs/product.md "Judging").
  challengeJudges: defineTable({
    challengeId: v.id("challenges"),
    userId: v.id("users"),
    status: v.union(v.literal("invited"), v.literal("accepted"), v.literal("declined")),
    /** Entries this judge has scored (their progress n / total). */
    scoredCount: v.number(),
  })
    .index("by_challengeId_and_userId", ["challengeId", "userId"])
    .index("by_userId", ["userId"]),

  // One judge's scores for one entry: one per criterion (1–5), re-scoring replaces the row.
  judgeScores: defineTable({
    challengeId: v.id("challenges"),
    submissionId: v.id("challengeSubmissions"),
    judgeId: v.id("users"),
    scores: v.array(v.number()),
    /** The weighted average of `scores` by the criteria's weights. */
    weighted: v.number(),
    /** Feedback for the entrant; others see it only once the organiser makes it public. */
    comment: v.optional(v.string()),
    commentPublic: v.optional(v.literal(true)),
  })
    .index("by_submissionId_and_judgeId", ["submissionId", "judgeId"])
    .index("by_challengeId_and_judgeId", ["challengeId", "judgeId"])
    .index("by_judgeId", ["judgeId"]),

  // The final ranking of an ended challenge, written once when the organiser decides, so the
  // results page pages through it by rank.
  challengeResults: defineTable({
    challengeId: v.id("challenges"),
    submissionId: v.id("challengeSubmissions"),
    rank: v.number(),
    votes: v.number(),
    /** Judges' weighted average (1–5); null when no judge scored it or the challenge had none. */
    judgeAverage: v.union(v.number(), v.null()),
    /** Per criterion, the judges' average. */
    criterionAverages: v.array(v.number()),
    combined: v.number(),
    tieNote: v.optional(v.string()),
  })
    .index("by_challengeId_and_rank", ["challengeId", "rank"])
    .index("by_submissionId", ["submissionId"]),

  // Who follows whom (docs/decisions.md "Votes, likes and follows"). One row per pair;
  // `_creationTime` orders both lists newest first.
  follows: defineTable({
    followerId: v.id("users"),
    followeeId: v.id("users"),
  })
    .index("by_followerId_and_followeeId", ["followerId", "followeeId"])
    .index("by_followeeId", ["followeeId"])
    // The following list newest first (the pair index above sorts by followee).
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_followerId", ["followerId"]),

  // ---------------------------------------------------------------------------------------------
  // Trust and safety (docs: trust and safety; model/moderation*.ts)

  // One row per reported target ("case"): what the moderation desk lists, most open reports first,
  // oldest first among equals. Reopened by new reports and by the author's review request.
  reportCases: defineTable({
    targetType: vReportTargetType,
    /** The target's document id (a work, comment, challenge or user). */
    targetId: v.string(),
    /** Who the target belongs to (the reported user for a user target); unset once deleted. */
    authorId: v.optional(v.id("users")),
    open: v.boolean(),
    /** Open reports, automatic flags and review requests counted together. */
    openCount: v.number(),
    /** Distinct reporters with accounts older than a day, for the automatic hide. */
    trustedReporters: v.number(),
    /** Minus the time the case (re)opened: the queue index reads it descending, oldest first. */
    openOrder: v.number(),
    updatedAt: v.number(),
  })
    .index("by_targetType_and_targetId", ["targetType", "targetId"])
    .index("by_open_and_openCount_and_openOrder", ["open", "openCount", "openOrder"]),

  // A person's report (or an automatic flag, with no reporter). Only moderators see who reported.
  reports: defineTable({
    caseId: v.id("reportCases"),
    /** Unset for the automatic signals. */
    reporterId: v.optional(v.id("users")),
    targetType: vReportTargetType,
    targetId: v.string(),
    reason: vReportReason,
    note: v.optional(v.string()),
    /** "open" until a moderator acts on the case; then what they decided. */
    status: v.union(v.literal("open"), v.literal("dismissed"), v.literal("actioned")),
    /** Set for automatic flags and review requests, which are not a person's report. */
    source: v.optional(v.union(v.literal("auto"), v.literal("review"))),
    resolvedAt: v.optional(v.number()),
  })
    .index("by_caseId_and_status", ["caseId", "status"])
    // "My reports", newest first; and the one-open-report-per-target rule.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_reporterId", ["reporterId"])
    .index("by_reporterId_and_targetType_and_targetId_and_status", ["reporterId", "targetType", "targetId", "status"]),

  // The audit log: append-only; nothing updates or deletes a row (account deletion keeps them).
  moderationActions: defineTable({
    /** Unset for what the automatic signals did. */
    moderatorId: v.optional(v.id("users")),
    kind: vModerationActionKind,
    targetType: vReportTargetType,
    targetId: v.string(),
    /** The person the action concerns (the author, or the user acted on). */
    subjectId: v.optional(v.id("users")),
    /** A snapshot of the target's title or text when acted on, so the log reads after a delete. */
    targetLabel: v.string(),
    note: v.string(),
    /** Suspensions: until when (unset = until lifted). Role changes: the role. */
    until: v.optional(v.number()),
    role: v.optional(vRole),
    caseId: v.optional(v.id("reportCases")),
  })
    .index("by_subjectId", ["subjectId"])
    .index("by_targetType_and_targetId", ["targetType", "targetId"]),

  // Mutes and blocks (personal controls). A block is a mute that also stops the other person
  // commenting on my works, following me and voting in my challenges.
  userMutes: defineTable({
    userId: v.id("users"),
    mutedUserId: v.id("users"),
    kind: v.union(v.literal("mute"), v.literal("block")),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_userId", ["userId"])
    .index("by_userId_and_mutedUserId", ["userId", "mutedUserId"])
    .index("by_mutedUserId", ["mutedUserId"]),

  // How far a sweep that walks a system table has got (model/storageSweep.ts), by sweep name.
  sweepWatermarks: defineTable({
    name: v.string(),
    /** The _creationTime of the last row the sweep looked at. */
    upTo: v.number(),
  }).index("by_name", ["name"]),

  // Saved works (ストック, docs/decisions.md "Privacy"): private to the saver, never counted in public.
  // `_creationTime` is when it was saved, so /saved lists newest saved first. Hidden works keep
  // their rows (the list skips them when read: only the saver ever reads this table).
  saves: defineTable({
    userId: v.id("users"),
    projectId: v.id("projects"),
    /** When the saver was last told the work was updated (one update notification a day). */
    notifiedAt: v.optional(v.number()),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_userId", ["userId"])
    .index("by_userId_and_projectId", ["userId", "projectId"])
    // The update fan-out and the purge of a deleted work.
    .index("by_projectId", ["projectId"]),

  // Tag and AI-tool pages (model/discovery.ts). One row per (work, folded tag), like
  // projectAiTools: `tagKey` is the tag folded as search folds text (NFKC, lower case, katakana
  // to hiragana), so ＡＩ, ai and Ai are one tag. A hidden work has no rows here (restoring it
  // makes them again); genre, zero-code and likesCount are copied and kept in step.
  projectTags: defineTable({
    projectId: v.id("projects"),
    tagKey: v.string(),
    /** The spelling this work used, so tagStats' spelling counts can be lowered exactly. */
    spelling: v.string(),
    genre: vGenre,
    isZeroCode: v.boolean(),
    likesCount: v.number(),
    /** The work's _creationTime, so this table sorts newest first like the works do. */
    projectCreationTime: v.number(),
    /** The work's trendScore (unset means 0), copied for the 急上昇 sort. */
    trendScore: v.optional(v.number()),
  })
    .index("by_projectId", ["projectId"])
    .index("by_tagKey_and_projectCreationTime", ["tagKey", "projectCreationTime"])
    .index("by_tagKey_and_isZeroCode_and_projectCreationTime", ["tagKey", "isZeroCode", "projectCreationTime"])
    .index("by_tagKey_and_likesCount_and_projectCreationTime", ["tagKey", "likesCount", "projectCreationTime"])
    .index("by_tagKey_and_isZeroCode_and_likesCount_and_projectCreationTime", ["tagKey", "isZeroCode", "likesCount", "projectCreationTime"])
    .index("by_tagKey_and_trendScore_and_projectCreationTime", ["tagKey", "trendScore", "projectCreationTime"])
    .index("by_tagKey_and_isZeroCode_and_trendScore_and_projectCreationTime", [
      "tagKey",
      "isZeroCode",
      "trendScore",
      "projectCreationTime",
    ]),

  // Per folded tag: how many visible works carry it and how people spell it. Kept in the
  // transaction that writes projectTags rows; deleted when its count reaches 0.
  tagStats: defineTable({
    tagKey: v.string(),
    count: v.number(),
    /** The most used spelling (ties keep the current one). */
    display: v.string(),
    /** The most used spellings with their counts, at most MAX_TAG_SPELLINGS (model/discovery.ts). */
    spellings: v.array(v.object({ spelling: v.string(), count: v.number() })),
  })
    .index("by_tagKey", ["tagKey"])
    .index("by_count", ["count"]),

  // Per AI tool: how many visible works name it (the /tools index), from projectAiTools rows
  // marked `counted`. Deleted when its count reaches 0.
  toolStats: defineTable({
    tool: v.string(),
    count: v.number(),
  })
    .index("by_tool", ["tool"])
    .index("by_count", ["count"]),
  // ---------------------------------------------------------------------------------------------
  // Trending and rankings (model/trending.ts). Reads stay bounded at any size: the
  // gallery sorts by projects.trendScore through its indexes, the rankings read the top rows of
  // one index range, and every score is recomputed from at most 30 daily rows of one work.

  // Engagement per work per Japan calendar day (model/viewCounting.ts viewDay), written in the
  // transaction of the like, unlike, comment or counted view. Creator analytics may read these too.
  workDailyStats: defineTable({
    projectId: v.id("projects"),
    /** `YYYY-MM-DD`, Japan time. */
    day: v.string(),
    /** Likes given that day, and likes taken back that day (whenever they were given). */
    likes: v.number(),
    unlikes: v.number(),
    /** Comments shown on the work (held ones count when approved: not counted here). */
    comments: v.number(),
    /** Counted (unique per viewer per day) views. */
    views: v.number(),
  }).index("by_projectId_and_day", ["projectId", "day"]),

  // One row per work with engagement in the last 30 days: the ranking windows (net likes today,
  // in the last 7 and 30 Japan days), the rescoring marks, and copies of what the rankings filter
  // by. `hidden` and `genre` follow the work (moderationTargets.ts, projects.ts).
  workTrends: defineTable({
    projectId: v.id("projects"),
    userId: v.id("users"),
    genre: vGenre,
    hidden: v.optional(v.literal(true)),
    /** Minus the work's _creationTime: read descending, equal likes list the earlier work first. */
    tieOrder: v.number(),
    /** The Japan day the windows are counted up to; unset once nothing is left in any window. */
    day: v.optional(v.string()),
    /** Set by activity; the 10-minute job rescores marked works and clears it. */
    dirty: v.optional(v.literal(true)),
    likesToday: v.number(),
    likesWeek: v.number(),
    likesMonth: v.number(),
  })
    .index("by_projectId", ["projectId"])
    .index("by_dirty", ["dirty"])
    .index("by_day", ["day"])
    .index("by_hidden_and_likesToday_and_tieOrder", ["hidden", "likesToday", "tieOrder"])
    .index("by_hidden_and_genre_and_likesToday_and_tieOrder", ["hidden", "genre", "likesToday", "tieOrder"])
    .index("by_hidden_and_likesWeek_and_tieOrder", ["hidden", "likesWeek", "tieOrder"])
    .index("by_hidden_and_genre_and_likesWeek_and_tieOrder", ["hidden", "genre", "likesWeek", "tieOrder"])
    .index("by_hidden_and_likesMonth_and_tieOrder", ["hidden", "likesMonth", "tieOrder"])
    .index("by_hidden_and_genre_and_likesMonth_and_tieOrder", ["hidden", "genre", "likesMonth", "tieOrder"]),

  // Likes a creator received per Japan day (on any of their works), for the weekly creator ranking.
  creatorDailyStats: defineTable({
    userId: v.id("users"),
    day: v.string(),
    likes: v.number(),
    unlikes: v.number(),
  }).index("by_userId_and_day", ["userId", "day"]),

  // A creator's net likes received in the last 7 Japan days, kept like workTrends' windows.
  creatorTrends: defineTable({
    userId: v.id("users"),
    /** Minus the user's _creationTime: equal likes list the earlier member first. */
    tieOrder: v.number(),
    day: v.optional(v.string()),
    likesWeek: v.number(),
  })
    .index("by_userId", ["userId"])
    .index("by_day", ["day"])
    .index("by_likesWeek_and_tieOrder", ["likesWeek", "tieOrder"]),

  // ---------------------------------------------------------------------------------------------
  // Creator analytics (model/analytics.ts): daily figures, read only by the owner's dashboard and
  // the moderator query. A figure never written on a day is unset (reads as 0).

  // One work's figures per Japan calendar day.
  workDailyFigures: defineTable({
    projectId: v.id("projects"),
    ownerId: v.id("users"),
    /** `YYYY-MM-DD`, Japan time. */
    day: v.string(),
    ...vWorkFigureFields,
  }).index("by_projectId_and_day", ["projectId", "day"]),

  // One creator's figures per Japan calendar day: all their works together, and their followers.
  creatorDailyFigures: defineTable({
    userId: v.id("users"),
    day: v.string(),
    ...vWorkFigureFields,
    follows: v.optional(v.number()),
    unfollows: v.optional(v.number()),
  }).index("by_userId_and_day", ["userId", "day"]),

  // Each work's totals over the last 7, 30 and 90 Japan days (model/analyticsTotals.ts), one row
  // per work and period, kept like workTrends' windows: the works table sorts every work of a
  // creator by a figure through these indexes instead of summing every work's days.
  workPeriodTotals: defineTable({
    projectId: v.id("projects"),
    ownerId: v.id("users"),
    /** 7, 30 or 90. */
    days: v.number(),
    /** The work's _creationTime: read descending, equal totals list the newer work first. */
    tieOrder: v.number(),
    /** The Japan day the totals are counted up to; unset once nothing is left in the window. */
    day: v.optional(v.string()),
    views: v.number(),
    likes: v.number(),
    comments: v.number(),
    saves: v.number(),
    shareOpens: v.number(),
  })
    .index("by_projectId_and_days", ["projectId", "days"])
    .index("by_day", ["day"])
    .index("by_ownerId_and_days_and_views_and_tieOrder", ["ownerId", "days", "views", "tieOrder"])
    .index("by_ownerId_and_days_and_likes_and_tieOrder", ["ownerId", "days", "likes", "tieOrder"])
    .index("by_ownerId_and_days_and_comments_and_tieOrder", ["ownerId", "days", "comments", "tieOrder"])
    .index("by_ownerId_and_days_and_saves_and_tieOrder", ["ownerId", "days", "saves", "tieOrder"])
    .index("by_ownerId_and_days_and_shareOpens_and_tieOrder", ["ownerId", "days", "shareOpens", "tieOrder"]),

  // One row: when live counting began (the backfill counts only rows made before it).
  analyticsState: defineTable({ liveSince: v.number() }),

  // ---------------------------------------------------------------------------------------------
  // The following feed (model/feed.ts): fan-out on write. One row per (follower,
  // work by someone they follow), written when the work is posted (scheduled batches) and when
  // the follow starts (the creator's latest works), removed on unfollow and when the work is
  // deleted. A hidden work's rows are marked `hidden`, so the feed's index range skips them.
  feedItems: defineTable({
    /** The follower whose feed this row is in. */
    userId: v.id("users"),
    projectId: v.id("projects"),
    authorId: v.id("users"),
    hidden: v.optional(v.literal(true)),
    /** The work's _creationTime: the feed lists the newest work first. */
    projectCreationTime: v.number(),
  })
    // The feed: one index range per page however many creators the user follows.
    .index("by_userId_and_hidden_and_projectCreationTime", ["userId", "hidden", "projectCreationTime"])
    // Unfollowing removes one creator's rows; with projectId a row is found per (user, work).
    .index("by_userId_and_authorId_and_projectId", ["userId", "authorId", "projectId"])
    // Hiding, restoring and deleting a work reach its rows.
    .index("by_projectId_and_hidden", ["projectId", "hidden"]),

  // A month's sitemap past the protocol's 50,000 URLs goes on in further parts
  // (model/sitemap.ts): each row says where part `part` (2, 3, …) of a kind's month begins. Written
  // when serving the part before it finds it full; the sitemap index lists the parts recorded.
  sitemapParts: defineTable({
    kind: v.union(v.literal("works"), v.literal("profiles"), v.literal("challenges")),
    month: v.string(),
    part: v.number(),
    /** The _creationTime the part starts at; the part before it ends just before. */
    start: v.number(),
  }).index("by_kind_and_month_and_part", ["kind", "month", "part"]),
});
