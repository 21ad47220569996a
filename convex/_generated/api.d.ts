/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as badges from "../badges.js";
import type * as constants from "../constants.js";
import type * as home from "../home.js";
import type * as model_badgeDefinitions from "../model/badgeDefinitions.js";
import type * as model_badges from "../model/badges.js";
import type * as model_demoData from "../model/demoData.js";
import type * as model_demoImages from "../model/demoImages.js";
import type * as model_engagement from "../model/engagement.js";
import type * as model_notifications from "../model/notifications.js";
import type * as model_projects from "../model/projects.js";
import type * as model_search from "../model/search.js";
import type * as model_siteCounters from "../model/siteCounters.js";
import type * as model_users from "../model/users.js";
import type * as model_workCards from "../model/workCards.js";
import type * as seed from "../seed.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  badges: typeof badges;
  constants: typeof constants;
  home: typeof home;
  "model/badgeDefinitions": typeof model_badgeDefinitions;
  "model/badges": typeof model_badges;
  "model/demoData": typeof model_demoData;
  "model/demoImages": typeof model_demoImages;
  "model/engagement": typeof model_engagement;
  "model/notifications": typeof model_notifications;
  "model/projects": typeof model_projects;
  "model/search": typeof model_search;
  "model/siteCounters": typeof model_siteCounters;
  "model/users": typeof model_users;
  "model/workCards": typeof model_workCards;
  seed: typeof seed;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
