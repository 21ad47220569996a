// How often one person may repeat an action (docs/decisions.md "Rate limits"), through the
// @convex-dev/rate-limiter component. A refusal is a ConvexError that says when to try again.
import { DAY, HOUR, MINUTE, RateLimiter, type RateLimitConfig } from "@convex-dev/rate-limiter";
import { ConvexError } from "convex/values";
import { components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx, MutationCtx } from "../_generated/server";
import type { ErrorCode } from "./errors";

/**
 * Upload URLs, per user. One screenshot is one token however many files it takes (its original
 * and thumbnail come from one call). People pick, take back and pick again: five images three
 * times over for each of three works is 45, inside the burst of 60; a script then gets one a
 * minute. The share card takes one per post or edit, sized like the shareCard limit. A photo
 * takes one.
 */
export const UPLOAD_URL_RATE_LIMITS = {
  screenshotUpload: { kind: "token bucket", rate: 60, period: HOUR, capacity: 60 },
  shareCardUploadUrl: { kind: "token bucket", rate: 70, period: HOUR, capacity: 30 },
  photoUploadUrl: { kind: "token bucket", rate: 10, period: 10 * MINUTE, capacity: 10 },
} as const satisfies Record<string, RateLimitConfig>;

/**
 * Counting views (model/viewCounting.ts): a refused view is simply not counted. A view already
 * counts once per viewer per work per day; these bound what a script can add on top. A script can
 * invent browser session ids at will, so the per-work and site-wide anonymous ceilings are what
 * bound farming: at most 30 + 24 × 30 = 750 anonymous views of one work in 24 hours, under the
 * 1,000 of the trendsetter badge. Signed-in views (one per account per work per day) have no
 * per-work ceiling.
 */
export const VIEW_RATE_LIMITS = {
  // Per signed-in user: opening 60 works in a row is fine, then two a minute.
  view: { kind: "token bucket", rate: 120, period: HOUR, capacity: 60 },
  // Per anonymous browser session: 20 works in a row, then one a minute.
  anonViewSession: { kind: "token bucket", rate: 60, period: HOUR, capacity: 20 },
  // Per work, all anonymous sessions together: 30 in a row, then one every 2 minutes.
  anonViewWork: { kind: "token bucket", rate: 30, period: HOUR, capacity: 30 },
  // Site-wide, all anonymous sessions together: 120 a minute (2 a second).
  anonViewSite: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 120 },
  // Share-link opens per work for creator analytics: a link passed round a chat opens a few
  // hundred times in an hour at most; reloading it in a loop counts 300 and then one every 12 s.
  shareOpenWork: { kind: "token bucket", rate: 300, period: HOUR, capacity: 300 },
} as const satisfies Record<string, RateLimitConfig>;

/**
 * Notifications that may repeat at most once a day per key (not a person's limit: nothing is
 * refused, the notification is simply not sent again).
 */
const NOTICE_RATE_LIMITS = {
  noticeOncePerDay: { kind: "token bucket", rate: 1, period: DAY, capacity: 1 },
} as const satisfies Record<string, RateLimitConfig>;

/** Per user. Token buckets allow a short burst, then a steady rate. */
const rateLimiter = new RateLimiter(components.rateLimiter, {
  // Following a page of creators in a row is fine; following hundreds a minute is a script.
  follow: { kind: "token bucket", rate: 30, period: MINUTE, capacity: 15 },
  // A challenge notifies every user who wants to hear of one: a few an hour at most.
  createChallenge: { kind: "token bucket", rate: 5, period: HOUR, capacity: 3 },
  enterChallenge: { kind: "token bucket", rate: 20, period: MINUTE, capacity: 10 },
  // An organiser running a challenge: settling the voting rules (a few choices), opening voting,
  // picking the winner. Dozens an hour is a script.
  editChallenge: { kind: "token bucket", rate: 30, period: HOUR, capacity: 10 },
  // Voting through a page of entries is fine; thousands of toggles a minute are not.
  vote: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // Inviting a panel is a handful of names; answering or removing one is a click each.
  judgeInvite: { kind: "token bucket", rate: 30, period: HOUR, capacity: 15 },
  // A judge scores a page of entries in a sitting: one save per entry, re-scoring included.
  judgeScore: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // A lively thread is a few comments a minute; a burst of five is allowed, then one per 10 s.
  comment: { kind: "token bucket", rate: 6, period: MINUTE, capacity: 5 },
  // Liking down a gallery page is fine; toggling one heart hundreds of times is not.
  like: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // Saving works (ストック): a person saving down a page never meets it; a script does.
  save: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // Posting is a few works a day; ten in a row is generous, a hundred is a script.
  postWork: { kind: "token bucket", rate: 10, period: HOUR, capacity: 10 },
  // Drafts autosave a second after typing stops and on each step: a person writing for an hour
  // saves a few hundred times at most; the burst covers quick step changes.
  draftSave: { kind: "token bucket", rate: 600, period: HOUR, capacity: 120 },
  // Each 更新する saves; fixing a typo five times running is fine.
  editWork: { kind: "token bucket", rate: 60, period: HOUR, capacity: 20 },
  // The share card the browser draws after a post or an edit: at most one per postWork and
  // editWork, so a person never meets it before those (whose sums it matches).
  shareCard: { kind: "token bucket", rate: 70, period: HOUR, capacity: 30 },
  // Reporting is rare; a handful in a row is allowed, a report storm is not.
  report: { kind: "token bucket", rate: 20, period: HOUR, capacity: 10 },
  // Muting and blocking from a page of comments; never hundreds a minute.
  mute: { kind: "token bucket", rate: 30, period: MINUTE, capacity: 15 },
  // Profile and settings saves: each switch of the settings page saves, so allow a row of them.
  profileSave: { kind: "token bucket", rate: 20, period: MINUTE, capacity: 10 },
  settingsSave: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // The user-id check runs 500 ms after typing stops: a minute of typing stays well inside.
  handleCheck: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // Deleting one's own works and comments: tidying up a profile is a few dozen in a row.
  removeContent: { kind: "token bucket", rate: 60, period: HOUR, capacity: 30 },
  // Opening notifications one by one, or 既読 on each: a long list read in one go stays inside.
  markRead: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 120 },
  // Asking a moderator to look again is rare; a few in a row are fine.
  reviewRequest: { kind: "token bucket", rate: 10, period: HOUR, capacity: 5 },
  // Moderators working through a queue; far above a long shift, far below a runaway script.
  moderate: { kind: "token bucket", rate: 300, period: HOUR, capacity: 100 },
  staffChange: { kind: "token bucket", rate: 20, period: HOUR, capacity: 10 },
  // The byte checks after each upload: one per upload URL (and the same file may be checked
  // again), so sized above the upload limits.
  uploadCheck: { kind: "token bucket", rate: 200, period: HOUR, capacity: 100 },
  // Taking back picked images (each removed tile, a cancelled wizard).
  uploadDiscard: { kind: "token bucket", rate: 300, period: HOUR, capacity: 60 },
  // A mistyped confirmation phrase may be retried; deleting is otherwise once.
  accountDeletion: { kind: "token bucket", rate: 5, period: HOUR, capacity: 3 },
  ...UPLOAD_URL_RATE_LIMITS,
  ...VIEW_RATE_LIMITS,
  ...NOTICE_RATE_LIMITS,
});

export type RateLimitName =
  | "follow"
  | "createChallenge"
  | "enterChallenge"
  | "editChallenge"
  | "vote"
  | "judgeInvite"
  | "judgeScore"
  | "comment"
  | "like"
  | "save"
  | "profileSave"
  | "settingsSave"
  | "handleCheck"
  | "removeContent"
  | "markRead"
  | "reviewRequest"
  | "moderate"
  | "staffChange"
  | "uploadCheck"
  | "uploadDiscard"
  | "accountDeletion"
  | "postWork"
  | "draftSave"
  | "editWork"
  | "shareCard"
  | "report"
  | "mute"
  | keyof typeof UPLOAD_URL_RATE_LIMITS;

export type ViewRateLimitName = keyof typeof VIEW_RATE_LIMITS;

/** When to try again, as people say it: 30秒後, 約12分後, 約2時間後. */
export function retryAfterText(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return `${seconds}秒後`;
  if (seconds < 60 * 60) return `約${Math.round(seconds / 60)}分後`;
  return `約${Math.round(seconds / (60 * 60))}時間後`;
}

export function rateLimitMessage(retryAfterMs: number): string {
  return `操作が多すぎます。${retryAfterText(retryAfterMs)}にもう一度お試しください`;
}

/** What a RATE_LIMITED refusal carries: the message, and the wait in ms for a client that counts it down. */
export type RateLimitedData = { code: Extract<ErrorCode, "RATE_LIMITED">; message: string; retryAfterMs: number };

export function rateLimited(retryAfterMs: number): ConvexError<RateLimitedData> {
  const wait = Math.max(1, Math.ceil(retryAfterMs));
  return new ConvexError({ code: "RATE_LIMITED", message: rateLimitMessage(wait), retryAfterMs: wait });
}

/** Counts one action of `userId`; throws RATE_LIMITED when they have done it too often. */
export async function enforceRateLimit(ctx: MutationCtx | ActionCtx, name: RateLimitName, userId: Id<"users">): Promise<void> {
  const status = await rateLimiter.limit(ctx, name, { key: userId });
  if (!status.ok) throw rateLimited(status.retryAfter);
}

/**
 * Counts one action against every limit given (a missing key is the site-wide limit) when none of
 * them is used up, and returns true; otherwise counts nothing and returns false. For actions that
 * are refused silently (a view that does not count).
 */
export async function tryRateLimits(ctx: MutationCtx, limits: ReadonlyArray<{ name: ViewRateLimitName; key?: string }>): Promise<boolean> {
  for (const { name, key } of limits) {
    if (!(await rateLimiter.check(ctx, name, key === undefined ? {} : { key })).ok) return false;
  }
  for (const { name, key } of limits) await rateLimiter.limit(ctx, name, key === undefined ? {} : { key });
  return true;
}

/** True the first time for `key` in a day (counting it), false again until a day has passed. */
export async function noticeOncePerDay(ctx: MutationCtx, key: string): Promise<boolean> {
  return (await rateLimiter.limit(ctx, "noticeOncePerDay", { key })).ok;
}
