// Removing one like, comment, view, vote or challenge submission row. Each helper lowers the
// counters of whatever the row counted towards that still exists (never below 0) and then
// deletes the row, in the caller's transaction.
//
// A deleted work already took its totals off its author and the site when its document went
// (see projectDeletion.ts), so rows left behind by a deleted work only get deleted here: the
// same helpers serve account deletion and work deletion without counting anything twice.
import { removeEntryJudging } from "./judging";
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { setDiscoveryLikes } from "./discovery";
import { withdrawFromOpenGroup } from "./notificationGroups";
import { bumpSiteCounter } from "./siteCounters";
import { recordDaily } from "./analytics";
import { recordActivity } from "./trending";
import { bumpUserStats } from "./userStats";

export const lowered = (value: number, by = 1) => Math.max(0, value - by);

export async function removeLike(ctx: MutationCtx, like: Doc<"likes">) {
  const work = await ctx.db.get("projects", like.projectId);
  if (work) {
    // Taking a like back takes it out of the author's like notification while still unread.
    await withdrawFromOpenGroup(ctx, { userId: work.userId, type: "like", projectId: work._id }, like.userId);
    const likesCount = lowered(work.likesCount);
    await ctx.db.patch("projects", work._id, { likesCount });
    // The AI-tool and tag join rows carry the work's likesCount for the popular sort.
    await setDiscoveryLikes(ctx, work._id, likesCount);
    await bumpUserStats(ctx, work.userId, { totalLikes: -1 });
    // A like taken back today leaves today's net likes (model/trending.ts), whenever it was given.
    await recordActivity(ctx, work, { unlikes: 1 });
    await recordDaily(ctx, { work, figure: "unlikes" });
    // A hidden work's likes are out of the site total until it is restored.
    if (work.hidden !== true) await bumpSiteCounter(ctx, "likes", -1);
  }
  await ctx.db.delete("likes", like._id);
}

export async function removeComment(ctx: MutationCtx, comment: Doc<"comments">) {
  const work = await ctx.db.get("projects", comment.projectId);
  // A hidden or held comment is not in its work's count (model/moderationTargets.ts).
  if (work && comment.hidden !== true) {
    await ctx.db.patch("projects", work._id, { commentsCount: lowered(work.commentsCount) });
  }
  await bumpUserStats(ctx, comment.userId, { commentsCount: -1 });
  await ctx.db.delete("comments", comment._id);
}

export async function removeView(ctx: MutationCtx, view: Doc<"views">) {
  const work = await ctx.db.get("projects", view.projectId);
  if (work) {
    await ctx.db.patch("projects", work._id, { viewsCount: lowered(work.viewsCount) });
    await bumpUserStats(ctx, work.userId, { totalViews: -1 });
  }
  await ctx.db.delete("views", view._id);
}

export async function removeVote(ctx: MutationCtx, vote: Doc<"challengeVotes">) {
  const submission = await ctx.db.get("challengeSubmissions", vote.submissionId);
  if (submission) {
    await ctx.db.patch("challengeSubmissions", submission._id, { votesCount: lowered(submission.votesCount) });
  }
  await ctx.db.delete("challengeVotes", vote._id);
}

/**
 * Removes a challenge submission: first its votes (at most `maxVotes` in this call), then, once
 * none are left, the submission itself with the challenge's and the site's submission counts.
 * Returns how many rows it deleted and whether the submission is gone.
 */
export async function removeSubmissionStep(
  ctx: MutationCtx,
  submission: Doc<"challengeSubmissions">,
  maxVotes: number,
): Promise<{ deleted: number; done: boolean }> {
  const votes = await ctx.db
    .query("challengeVotes")
    .withIndex("by_submissionId_and_userId", (q) => q.eq("submissionId", submission._id))
    .take(maxVotes + 1);
  const batch = votes.slice(0, maxVotes);
  for (const vote of batch) await removeVote(ctx, vote);
  if (votes.length > maxVotes) return { deleted: batch.length, done: false };

  const challenge = await ctx.db.get("challenges", submission.challengeId);
  if (challenge) {
    await ctx.db.patch("challenges", challenge._id, {
      submissionsCount: lowered(challenge.submissionsCount),
      // A winner that no longer exists is not left dangling.
      ...(challenge.winnerSubmissionId === submission._id ? { winnerSubmissionId: undefined } : {}),
    });
  }
  await bumpSiteCounter(ctx, "challengeSubmissions", -1);
  await removeEntryJudging(ctx, submission._id);
  await ctx.db.delete("challengeSubmissions", submission._id);
  return { deleted: batch.length + 1, done: true };
}
