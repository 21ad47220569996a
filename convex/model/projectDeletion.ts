// Deleting a work (docs/decisions.md "Account deletion and export"): its likes, comments, views,
// images, notifications that point at it, its challenge submissions with their votes and its saves
// go too.
//
// The work must disappear at once but may have any number of likes, comments and views, so the
// delete happens in two parts: `deleteProjectCascade` removes what the gallery and the counters
// read (the document, its AI-tool rows, its images, the author's and the site's totals) in the
// caller's transaction, then schedules `purgeProjectChildrenBatch` to delete the remaining rows
// in bounded batches until none are left.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { eachRow, runPhases, type Budget } from "./batches";
import { removeDiscoveryRows } from "./discovery";
import { removeComment, removeLike, removeSubmissionStep, removeView } from "./engagementRemoval";
import { feedItemsOfWork } from "./feed";
import { removeNotification } from "./notificationGroups";
import { releaseFiles, workFilesOf } from "./screenshotFiles";
import { bumpSiteCounter } from "./siteCounters";
import { deleteWorkTrend } from "./trending";
import { bumpUserStats } from "./userStats";

/** Rows one run of a batched cleanup may touch. */
export const CLEANUP_BATCH = 100;

/**
 * Deletes a work now and schedules the cleanup of its likes, comments, views, notifications and
 * challenge submissions. The caller has checked who may delete it.
 */
export async function deleteProjectCascade(ctx: MutationCtx, work: Doc<"projects">) {
  // Its AI-tool and tag rows go with the tool and tag counts (model/discovery.ts).
  await removeDiscoveryRows(ctx, work._id);
  await releaseFiles(ctx, workFilesOf(work));
  // Out of the rankings now; its daily rows go with the purge below (model/trending.ts).
  await deleteWorkTrend(ctx, work._id);

  // The work's totals leave the author's and the site's counters now; the rows deleted later
  // find no work and so change no counter again (see engagementRemoval.ts).
  await bumpUserStats(ctx, work.userId, {
    projectsCount: -1,
    zeroCodeCount: work.isZeroCode ? -1 : 0,
    totalLikes: -work.likesCount,
    totalViews: -work.viewsCount,
  });
  // A hidden work already left the site totals when it was hidden (model/moderationTargets.ts).
  if (work.hidden !== true) {
    await bumpSiteCounter(ctx, "projects", -1);
    if (work.isZeroCode) await bumpSiteCounter(ctx, "zeroCodeProjects", -1);
    await bumpSiteCounter(ctx, "likes", -work.likesCount);
  }

  await ctx.db.delete("projects", work._id);
  await ctx.scheduler.runAfter(0, internal.account.purgeProjectChildren, { projectId: work._id });
}

/**
 * Deletes up to `budget` rows left behind by a deleted work. Resolves true when none are left.
 */
export async function purgeProjectChildrenBatch(ctx: MutationCtx, projectId: Id<"projects">, budget: Budget) {
  return await runPhases(budget, [
    eachRow(
      (n) =>
        ctx.db
          .query("likes")
          .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", projectId))
          .take(n),
      (like) => removeLike(ctx, like),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("comments")
          .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
          .take(n),
      (comment) => removeComment(ctx, comment),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("views")
          .withIndex("by_projectId_and_viewerKey_and_day", (q) => q.eq("projectId", projectId))
          .take(n),
      (view) => removeView(ctx, view),
    ),
    eachRow(
      (n) =>
        ctx.db
          .query("notifications")
          .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
          .take(n),
      (notification) => removeNotification(ctx, notification),
    ),
    submissionsPhase(ctx, (n) =>
      ctx.db
        .query("challengeSubmissions")
        .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
        .take(n),
    ),
    // Saves (ストック) of the work: private rows, no counter to keep.
    eachRow(
      (n) =>
        ctx.db
          .query("saves")
          .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
          .take(n),
      (save) => ctx.db.delete("saves", save._id),
    ),
    // Its engagement per day (model/trending.ts).
    eachRow(
      (n) =>
        ctx.db
          .query("workDailyStats")
          .withIndex("by_projectId_and_day", (q) => q.eq("projectId", projectId))
          .take(n),
      (row) => ctx.db.delete("workDailyStats", row._id),
    ),
    // Its analytics days (model/analytics.ts).
    eachRow(
      (n) =>
        ctx.db
          .query("workDailyFigures")
          .withIndex("by_projectId_and_day", (q) => q.eq("projectId", projectId))
          .take(n),
      (row) => ctx.db.delete("workDailyFigures", row._id),
    ),
    // Its analytics period totals (model/analyticsTotals.ts).
    eachRow(
      (n) =>
        ctx.db
          .query("workPeriodTotals")
          .withIndex("by_projectId_and_days", (q) => q.eq("projectId", projectId))
          .take(n),
      (row) => ctx.db.delete("workPeriodTotals", row._id),
    ),
    // Its rows in followers' feeds (model/feed.ts).
    eachRow(
      (n) => feedItemsOfWork(ctx, projectId, n),
      (row) => ctx.db.delete("feedItems", row._id),
    ),
  ]);
}

/** Removes submissions (votes first) while the budget lasts. */
export function submissionsPhase(ctx: MutationCtx, load: (limit: number) => Promise<Doc<"challengeSubmissions">[]>) {
  return async (budget: Budget) => {
    const submissions = await load(budget.left);
    for (const submission of submissions) {
      if (budget.exhausted) return false;
      const step = await removeSubmissionStep(ctx, submission, budget.left);
      budget.spend(step.deleted);
      if (!step.done) return false;
    }
    return (await load(1)).length === 0;
  };
}
