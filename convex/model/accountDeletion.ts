// Deleting an account (docs/decisions.md "Account deletion and export").
//
// At once, in the mutation the user confirms: their sign-in records (so signing in with the same
// Google identity later creates a new, empty user), their photo (only a file registered to them,
// see photoFiles.ts: never another user's), and the user document itself
// (which frees the handle, hides the profile, stops a still-valid token from acting as them —
// see model/auth.ts — and makes their works and comments show 退会したユーザー until purged).
//
// Then `purgeUserDataBatch`, scheduled and rescheduled in bounded batches, removes every row that
// refers to the user, keeping the counters of other users' works and the site exact.
// Challenges they organised stay, with the organiser cleared.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { Budget, eachParentAfterChildren, eachRow, runPhases, type Phase } from "./batches";
import { removeComment, removeLike, removeView, removeVote } from "./engagementRemoval";
import { removeFollow } from "./follows";
import { deleteUnreadCount } from "./notificationCounts";
import { withdrawDeletedActor } from "./notificationGroups";
import { releasePhotoFile } from "./photoFiles";
import { CLEANUP_BATCH, deleteProjectCascade, submissionsPhase } from "./projectDeletion";
import { releaseFiles, releaseResultsCard } from "./screenshotFiles";
import { bumpSiteCounter } from "./siteCounters";
import { deleteUserStats } from "./userStats";

export const ACCOUNT_DELETION_PHRASE = "DELETE MY ACCOUNT";
export const ACCOUNT_DELETION_MESSAGE = "DELETE MY ACCOUNT と正確に入力してください";

/** Deleting a work does several writes; it spends this much of a batch's budget. */
const WORK_COST = 5;

/** Sessions with their refresh tokens, then linked accounts with their verification codes. */
function signInRecordPhases(ctx: MutationCtx, userId: Id<"users">): Phase[] {
  return [
    eachParentAfterChildren(
      () =>
        ctx.db
          .query("authSessions")
          .withIndex("userId", (q) => q.eq("userId", userId))
          .first(),
      (session, n) =>
        ctx.db
          .query("authRefreshTokens")
          .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
          .take(n),
      (token) => ctx.db.delete("authRefreshTokens", token._id),
      (session) => ctx.db.delete("authSessions", session._id),
    ),
    eachParentAfterChildren(
      () =>
        ctx.db
          .query("authAccounts")
          .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
          .first(),
      (account, n) =>
        ctx.db
          .query("authVerificationCodes")
          .withIndex("accountId", (q) => q.eq("accountId", account._id))
          .take(n),
      (code) => ctx.db.delete("authVerificationCodes", code._id),
      (account) => ctx.db.delete("authAccounts", account._id),
    ),
  ];
}

/**
 * The confirmed deletion: removes sign-in records (the rest, if there are very many, in the
 * purge), the photo and the user document, and schedules the purge of everything else.
 */
export async function deleteAccountNow(ctx: MutationCtx, user: Doc<"users">) {
  await runPhases(new Budget(CLEANUP_BATCH), signInRecordPhases(ctx, user._id));
  if (user.photoStorageId) await releasePhotoFile(ctx, user._id, user.photoStorageId);
  await ctx.db.delete("users", user._id);
  await deleteUserStats(ctx, user._id);
  await deleteUnreadCount(ctx, user._id);
  await bumpSiteCounter(ctx, "users", -1);
  await ctx.scheduler.runAfter(0, internal.account.purgeUserData, { userId: user._id });
}

/** Deletes up to `budget` rows that refer to a deleted user. Resolves true when none are left. */
export async function purgeUserDataBatch(ctx: MutationCtx, userId: Id<"users">, budget: Budget) {
  // Each table's by_userId index, spelled out per table so the types stay exact.
  const works = (n: number) =>
    ctx.db
      .query("projects")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(n);
  const likes = (n: number) =>
    ctx.db
      .query("likes")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(n);
  const comments = (n: number) =>
    ctx.db
      .query("comments")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(n);
  const views = (n: number) =>
    ctx.db
      .query("views")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(n);
  const votes = (n: number) =>
    ctx.db
      .query("challengeVotes")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(n);
  const submissions = (n: number) =>
    ctx.db
      .query("challengeSubmissions")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(n);
  return await runPhases(budget, [
    ...signInRecordPhases(ctx, userId),
    // Their works first: each takes its own likes, comments, views and submissions with it.
    eachRow(works, (work) => deleteProjectCascade(ctx, work), WORK_COST),
    // Uploads they left waiting in the posting wizard, and the results cards of challenges they
    // organised (the share page then falls back to the winning work's card).
    eachRow(
      (n) =>
        ctx.db
          .query("screenshotFiles")
          .withIndex("by_userId_and_projectId", (q) => q.eq("userId", userId).eq("projectId", undefined))
          .take(n),
      async (file) =>
        file.challengeId
          ? await releaseResultsCard(ctx, await ctx.db.get("challenges", file.challengeId), file.storageId)
          : await releaseFiles(ctx, [file.storageId]),
    ),
    // Their drafts (whose images went with the uploads above).
    eachRow(
      (n) =>
        ctx.db
          .query("drafts")
          .withIndex("by_userId_and_updatedAt", (q) => q.eq("userId", userId))
          .take(n),
      (draft) => ctx.db.delete("drafts", draft._id),
    ),
    // Photo uploads registered to them (checked but never saved, or the photo itself).
    eachRow(
      (n) =>
        ctx.db
          .query("photoFiles")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(n),
      (file) => releasePhotoFile(ctx, userId, file.storageId),
    ),
    // Their judge invitations; scores they gave stay in the entries' totals, shown as 退会したユーザー.
    eachRow(
      (n) =>
        ctx.db
          .query("challengeJudges")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(n),
      (row) => ctx.db.delete("challengeJudges", row._id),
    ),
    eachRow(likes, (like) => removeLike(ctx, like)),
    eachRow(comments, (comment) => removeComment(ctx, comment)),
    eachRow(views, (view) => removeView(ctx, view)),
    // Both sides of their follows, so the other users' counters come back down.
    eachRow(
      (n) =>
        ctx.db
          .query("follows")
          .withIndex("by_followerId", (q) => q.eq("followerId", userId))
          .take(n),
      (row) => removeFollow(ctx, row),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("follows")
          .withIndex("by_followeeId", (q) => q.eq("followeeId", userId))
          .take(n),
      (row) => removeFollow(ctx, row),
    ),
    // Their mutes and blocks, both ways.
    eachRow(
      (n) =>
        ctx.db
          .query("userMutes")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(n),
      (row) => ctx.db.delete("userMutes", row._id),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("userMutes")
          .withIndex("by_mutedUserId", (q) => q.eq("mutedUserId", userId))
          .take(n),
      (row) => ctx.db.delete("userMutes", row._id),
    ),
    eachRow(votes, (vote) => removeVote(ctx, vote)),
    // Their saved works (ストック).
    eachRow(
      (n) =>
        ctx.db
          .query("saves")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(n),
      (save) => ctx.db.delete("saves", save._id),
    ),
    // Their likes received per day and the weekly creator ranking row (model/trending.ts).
    eachRow(
      (n) =>
        ctx.db
          .query("creatorDailyStats")
          .withIndex("by_userId_and_day", (q) => q.eq("userId", userId))
          .take(n),
      (row) => ctx.db.delete("creatorDailyStats", row._id),
    ),
    // Their analytics days (model/analytics.ts); their works' days go with the works.
    eachRow(
      (n) =>
        ctx.db
          .query("creatorDailyFigures")
          .withIndex("by_userId_and_day", (q) => q.eq("userId", userId))
          .take(n),
      (row) => ctx.db.delete("creatorDailyFigures", row._id),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("creatorTrends")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(n),
      (row) => ctx.db.delete("creatorTrends", row._id),
    ),
    submissionsPhase(ctx, submissions),
    eachRow(
      (n) =>
        ctx.db
          .query("notifications")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(n),
      (notification) => ctx.db.delete("notifications", notification._id),
    ),
    // Others' notifications from them: they leave each group (the row goes when alone).
    eachRow(
      (n) =>
        ctx.db
          .query("notifications")
          .withIndex("by_fromUserId", (q) => q.eq("fromUserId", userId))
          .take(n),
      (notification) => withdrawDeletedActor(ctx, notification, userId),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("userBadges")
          .withIndex("by_userId_and_badgeId", (q) => q.eq("userId", userId))
          .take(n),
      (badge) => ctx.db.delete("userBadges", badge._id),
    ),
    // Challenges they organised stay for the entrants; the organiser shows as 退会したユーザー.
    eachRow(
      (n) =>
        ctx.db
          .query("challenges")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(n),
      (challenge) => ctx.db.patch("challenges", challenge._id, { userId: undefined }),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("challenges")
          .withIndex("by_winnerUserId", (q) => q.eq("winnerUserId", userId))
          .take(n),
      (challenge) => ctx.db.patch("challenges", challenge._id, { winnerUserId: undefined }),
    ),
  ]);
}
