/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type * as account from "../account.js";
import type * as analytics from "../analytics.js";
import type * as auth from "../auth.js";
import type * as badges from "../badges.js";
import type * as challengeReminders from "../challengeReminders.js";
import type * as challengeResults from "../challengeResults.js";
import type * as challengeVotingRules from "../challengeVotingRules.js";
import type * as challenges from "../challenges.js";
import type * as comments from "../comments.js";
import type * as constants from "../constants.js";
import type * as covers from "../covers.js";
import type * as crons from "../crons.js";
import type * as drafts from "../drafts.js";
import type * as emails from "../emails.js";
import type * as embeds from "../embeds.js";
import type * as feed from "../feed.js";
import type * as feeds from "../feeds.js";
import type * as follows from "../follows.js";
import type * as home from "../home.js";
import type * as http from "../http.js";
import type * as judging from "../judging.js";
import type * as likes from "../likes.js";
import type * as migrations from "../migrations.js";
import type * as model_accountDeletion from "../model/accountDeletion.js";
import type * as model_aiTools from "../model/aiTools.js";
import type * as model_analytics from "../model/analytics.js";
import type * as model_analyticsTotals from "../model/analyticsTotals.js";
import type * as model_atom from "../model/atom.js";
import type * as model_auth from "../model/auth.js";
import type * as model_badgeDefinitions from "../model/badgeDefinitions.js";
import type * as model_badges from "../model/badges.js";
import type * as model_batches from "../model/batches.js";
import type * as model_challengeOrder from "../model/challengeOrder.js";
import type * as model_challengeRanking from "../model/challengeRanking.js";
import type * as model_challengeReminders from "../model/challengeReminders.js";
import type * as model_challengeResults from "../model/challengeResults.js";
import type * as model_challengeRules from "../model/challengeRules.js";
import type * as model_challengeTerms from "../model/challengeTerms.js";
import type * as model_challenges from "../model/challenges.js";
import type * as model_cleanText from "../model/cleanText.js";
import type * as model_commentEmails from "../model/commentEmails.js";
import type * as model_comments from "../model/comments.js";
import type * as model_dataExport from "../model/dataExport.js";
import type * as model_demoAccounts from "../model/demoAccounts.js";
import type * as model_demoData from "../model/demoData.js";
import type * as model_demoImages from "../model/demoImages.js";
import type * as model_demoUrls from "../model/demoUrls.js";
import type * as model_discovery from "../model/discovery.js";
import type * as model_discoveryPages from "../model/discoveryPages.js";
import type * as model_drafts from "../model/drafts.js";
import type * as model_embedLinks from "../model/embedLinks.js";
import type * as model_embedPage from "../model/embedPage.js";
import type * as model_engagement from "../model/engagement.js";
import type * as model_engagementRemoval from "../model/engagementRemoval.js";
import type * as model_entryShuffle from "../model/entryShuffle.js";
import type * as model_errors from "../model/errors.js";
import type * as model_feed from "../model/feed.js";
import type * as model_feedLinks from "../model/feedLinks.js";
import type * as model_follows from "../model/follows.js";
import type * as model_functions from "../model/functions.js";
import type * as model_gallery from "../model/gallery.js";
import type * as model_genres from "../model/genres.js";
import type * as model_googleIssuer from "../model/googleIssuer.js";
import type * as model_googleUsers from "../model/googleUsers.js";
import type * as model_homeStats from "../model/homeStats.js";
import type * as model_images from "../model/images.js";
import type * as model_japanTime from "../model/japanTime.js";
import type * as model_judging from "../model/judging.js";
import type * as model_judgingRules from "../model/judgingRules.js";
import type * as model_markup from "../model/markup.js";
import type * as model_moderation from "../model/moderation.js";
import type * as model_moderationLog from "../model/moderationLog.js";
import type * as model_moderationRules from "../model/moderationRules.js";
import type * as model_moderationTargets from "../model/moderationTargets.js";
import type * as model_moderationViews from "../model/moderationViews.js";
import type * as model_mutes from "../model/mutes.js";
import type * as model_notificationCounts from "../model/notificationCounts.js";
import type * as model_notificationGroups from "../model/notificationGroups.js";
import type * as model_notifications from "../model/notifications.js";
import type * as model_pagination from "../model/pagination.js";
import type * as model_photoFiles from "../model/photoFiles.js";
import type * as model_profileRules from "../model/profileRules.js";
import type * as model_profileUpdates from "../model/profileUpdates.js";
import type * as model_profiles from "../model/profiles.js";
import type * as model_projectDeletion from "../model/projectDeletion.js";
import type * as model_projects from "../model/projects.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_reports from "../model/reports.js";
import type * as model_resultsHighlights from "../model/resultsHighlights.js";
import type * as model_saves from "../model/saves.js";
import type * as model_screenshotFiles from "../model/screenshotFiles.js";
import type * as model_search from "../model/search.js";
import type * as model_shareCardAuthor from "../model/shareCardAuthor.js";
import type * as model_shareLinks from "../model/shareLinks.js";
import type * as model_sharePage from "../model/sharePage.js";
import type * as model_siteCounters from "../model/siteCounters.js";
import type * as model_sitemap from "../model/sitemap.js";
import type * as model_storageSweep from "../model/storageSweep.js";
import type * as model_suspension from "../model/suspension.js";
import type * as model_trending from "../model/trending.js";
import type * as model_urls from "../model/urls.js";
import type * as model_userStats from "../model/userStats.js";
import type * as model_users from "../model/users.js";
import type * as model_viewCounting from "../model/viewCounting.js";
import type * as model_visibility from "../model/visibility.js";
import type * as model_voterEligibility from "../model/voterEligibility.js";
import type * as model_votingRules from "../model/votingRules.js";
import type * as model_webApp from "../model/webApp.js";
import type * as model_workCards from "../model/workCards.js";
import type * as model_workDetails from "../model/workDetails.js";
import type * as model_workEditing from "../model/workEditing.js";
import type * as model_workRules from "../model/workRules.js";
import type * as model_xml from "../model/xml.js";
import type * as moderation from "../moderation.js";
import type * as mutes from "../mutes.js";
import type * as notifications from "../notifications.js";
import type * as profiles from "../profiles.js";
import type * as projects from "../projects.js";
import type * as reports from "../reports.js";
import type * as saves from "../saves.js";
import type * as screenshots from "../screenshots.js";
import type * as seed from "../seed.js";
import type * as share from "../share.js";
import type * as sitemap from "../sitemap.js";
import type * as tags from "../tags.js";
import type * as tools from "../tools.js";
import type * as trending from "../trending.js";
import type * as users from "../users.js";
import type * as views from "../views.js";

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";

declare const fullApi: ApiFromModules<{
  account: typeof account;
  analytics: typeof analytics;
  auth: typeof auth;
  badges: typeof badges;
  challengeReminders: typeof challengeReminders;
  challengeResults: typeof challengeResults;
  challengeVotingRules: typeof challengeVotingRules;
  challenges: typeof challenges;
  comments: typeof comments;
  constants: typeof constants;
  covers: typeof covers;
  crons: typeof crons;
  drafts: typeof drafts;
  emails: typeof emails;
  embeds: typeof embeds;
  feed: typeof feed;
  feeds: typeof feeds;
  follows: typeof follows;
  home: typeof home;
  http: typeof http;
  judging: typeof judging;
  likes: typeof likes;
  migrations: typeof migrations;
  "model/accountDeletion": typeof model_accountDeletion;
  "model/aiTools": typeof model_aiTools;
  "model/analytics": typeof model_analytics;
  "model/analyticsTotals": typeof model_analyticsTotals;
  "model/atom": typeof model_atom;
  "model/auth": typeof model_auth;
  "model/badgeDefinitions": typeof model_badgeDefinitions;
  "model/badges": typeof model_badges;
  "model/batches": typeof model_batches;
  "model/challengeOrder": typeof model_challengeOrder;
  "model/challengeRanking": typeof model_challengeRanking;
  "model/challengeReminders": typeof model_challengeReminders;
  "model/challengeResults": typeof model_challengeResults;
  "model/challengeRules": typeof model_challengeRules;
  "model/challengeTerms": typeof model_challengeTerms;
  "model/challenges": typeof model_challenges;
  "model/cleanText": typeof model_cleanText;
  "model/commentEmails": typeof model_commentEmails;
  "model/comments": typeof model_comments;
  "model/dataExport": typeof model_dataExport;
  "model/demoAccounts": typeof model_demoAccounts;
  "model/demoData": typeof model_demoData;
  "model/demoImages": typeof model_demoImages;
  "model/demoUrls": typeof model_demoUrls;
  "model/discovery": typeof model_discovery;
  "model/discoveryPages": typeof model_discoveryPages;
  "model/drafts": typeof model_drafts;
  "model/embedLinks": typeof model_embedLinks;
  "model/embedPage": typeof model_embedPage;
  "model/engagement": typeof model_engagement;
  "model/engagementRemoval": typeof model_engagementRemoval;
  "model/entryShuffle": typeof model_entryShuffle;
  "model/errors": typeof model_errors;
  "model/feed": typeof model_feed;
  "model/feedLinks": typeof model_feedLinks;
  "model/follows": typeof model_follows;
  "model/functions": typeof model_functions;
  "model/gallery": typeof model_gallery;
  "model/genres": typeof model_genres;
  "model/googleIssuer": typeof model_googleIssuer;
  "model/googleUsers": typeof model_googleUsers;
  "model/homeStats": typeof model_homeStats;
  "model/images": typeof model_images;
  "model/japanTime": typeof model_japanTime;
  "model/judging": typeof model_judging;
  "model/judgingRules": typeof model_judgingRules;
  "model/markup": typeof model_markup;
  "model/moderation": typeof model_moderation;
  "model/moderationLog": typeof model_moderationLog;
  "model/moderationRules": typeof model_moderationRules;
  "model/moderationTargets": typeof model_moderationTargets;
  "model/moderationViews": typeof model_moderationViews;
  "model/mutes": typeof model_mutes;
  "model/notificationCounts": typeof model_notificationCounts;
  "model/notificationGroups": typeof model_notificationGroups;
  "model/notifications": typeof model_notifications;
  "model/pagination": typeof model_pagination;
  "model/photoFiles": typeof model_photoFiles;
  "model/profileRules": typeof model_profileRules;
  "model/profileUpdates": typeof model_profileUpdates;
  "model/profiles": typeof model_profiles;
  "model/projectDeletion": typeof model_projectDeletion;
  "model/projects": typeof model_projects;
  "model/rateLimits": typeof model_rateLimits;
  "model/reports": typeof model_reports;
  "model/resultsHighlights": typeof model_resultsHighlights;
  "model/saves": typeof model_saves;
  "model/screenshotFiles": typeof model_screenshotFiles;
  "model/search": typeof model_search;
  "model/shareCardAuthor": typeof model_shareCardAuthor;
  "model/shareLinks": typeof model_shareLinks;
  "model/sharePage": typeof model_sharePage;
  "model/siteCounters": typeof model_siteCounters;
  "model/sitemap": typeof model_sitemap;
  "model/storageSweep": typeof model_storageSweep;
  "model/suspension": typeof model_suspension;
  "model/trending": typeof model_trending;
  "model/urls": typeof model_urls;
  "model/userStats": typeof model_userStats;
  "model/users": typeof model_users;
  "model/viewCounting": typeof model_viewCounting;
  "model/visibility": typeof model_visibility;
  "model/voterEligibility": typeof model_voterEligibility;
  "model/votingRules": typeof model_votingRules;
  "model/webApp": typeof model_webApp;
  "model/workCards": typeof model_workCards;
  "model/workDetails": typeof model_workDetails;
  "model/workEditing": typeof model_workEditing;
  "model/workRules": typeof model_workRules;
  "model/xml": typeof model_xml;
  moderation: typeof moderation;
  mutes: typeof mutes;
  notifications: typeof notifications;
  profiles: typeof profiles;
  projects: typeof projects;
  reports: typeof reports;
  saves: typeof saves;
  screenshots: typeof screenshots;
  seed: typeof seed;
  share: typeof share;
  sitemap: typeof sitemap;
  tags: typeof tags;
  tools: typeof tools;
  trending: typeof trending;
  users: typeof users;
  views: typeof views;
}>;

/**
 * A utility for referencing Convex functions in your app's public API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;

/**
 * A utility for referencing Convex functions in your app's internal API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = internal.myModule.myFunction;
 * ```
 */
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  actionRetrier: import("@convex-dev/action-retrier/_generated/component.js").ComponentApi<"actionRetrier">;
  rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  siteCounters: import("@convex-dev/sharded-counter/_generated/component.js").ComponentApi<"siteCounters">;
  migrations: import("@convex-dev/migrations/_generated/component.js").ComponentApi<"migrations">;
};
