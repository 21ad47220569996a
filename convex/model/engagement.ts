// Likes, comments and views: each write keeps the stored counters on the work, its AI-tool join
// rows, the author and the site in step, inside the caller's transaction.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { BADGE_THRESHOLDS } from "../constants";
import { awardBadge } from "./badges";
import { setDiscoveryLikes } from "./discovery";
import { commentPreview, likeMayNotify, notify } from "./notifications";
import { bumpSiteCounter } from "./siteCounters";
import { recordDaily } from "./analytics";
import { recordActivity } from "./trending";
import { bumpUserStats } from "./userStats";

async function loadWork(ctx: MutationCtx, projectId: Id<"projects">) {
  const work = await ctx.db.get("projects", projectId);
  if (!work) throw new Error(`no work ${projectId}`);
  return work;
}

async function setLikesCount(ctx: MutationCtx, projectId: Id<"projects">, likesCount: number) {
  await ctx.db.patch("projects", projectId, { likesCount });
  // The AI-tool and tag join rows carry it for the popular sort.
  await setDiscoveryLikes(ctx, projectId, likesCount);
}

/** Adds a like once. Returns false when the user already liked the work. */
export async function addLike(ctx: MutationCtx, userId: Id<"users">, projectId: Id<"projects">) {
  const existing = await ctx.db
    .query("likes")
    .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", projectId).eq("userId", userId))
    .first();
  if (existing) return false;
  const work = await loadWork(ctx, projectId);
  await ctx.db.insert("likes", { userId, projectId });
  await setLikesCount(ctx, projectId, work.likesCount + 1);
  // Today's likes for 急上昇 and the rankings (model/trending.ts).
  await recordActivity(ctx, work, { likes: 1 });
  await recordDaily(ctx, { work, figure: "likes" });
  const { totalLikes } = await bumpUserStats(ctx, work.userId, { totalLikes: 1 });
  if (totalLikes >= BADGE_THRESHOLDS.popularCreatorLikes) await awardBadge(ctx, work.userId, "popularCreator");
  // A hidden work's likes are out of the site total until it is restored.
  if (work.hidden !== true) await bumpSiteCounter(ctx, "likes", 1);
  // Liking the same work again within a day (after an unlike) does not notify again.
  if (!(await likeMayNotify(ctx, projectId, userId))) return true;
  await notify(ctx, {
    userId: work.userId,
    type: "like",
    title: "いいねされました",
    message: `あなたの作品「${work.title}」にいいねがつきました`,
    projectId,
    fromUserId: userId,
    subject: work.title,
  });
  return true;
}

/**
 * Inserts a (validated) comment and returns its id. A `held` comment (model/moderation.ts) is
 * stored hidden: it counts for its writer but not on the work, and nobody is notified until a
 * moderator approves it.
 */
export async function insertComment(
  ctx: MutationCtx,
  userId: Id<"users">,
  projectId: Id<"projects">,
  content: string,
  options: { held?: boolean } = {},
) {
  const work = await loadWork(ctx, projectId);
  if (options.held) {
    const heldId = await ctx.db.insert("comments", { projectId, userId, content, hidden: true });
    await bumpUserStats(ctx, userId, { commentsCount: 1 });
    return heldId;
  }
  const commentId = await ctx.db.insert("comments", { projectId, userId, content });
  await ctx.db.patch("projects", projectId, { commentsCount: work.commentsCount + 1 });
  await recordActivity(ctx, work, { comments: 1 });
  await recordDaily(ctx, { work, figure: "comments" });
  const { commentsCount } = await bumpUserStats(ctx, userId, { commentsCount: 1 });
  if (commentsCount >= BADGE_THRESHOLDS.activeCommenterComments) await awardBadge(ctx, userId, "activeCommenter");
  await notify(ctx, {
    userId: work.userId,
    type: "comment",
    title: "コメントが届きました",
    message: `あなたの作品「${work.title}」にコメントがつきました`,
    projectId,
    fromUserId: userId,
    commentPreview: commentPreview(content),
    subject: work.title,
  });
  return commentId;
}

/**
 * Counts one view of a work page, signed in or not. `counted` says whose view on which day it is
 * (viewCounting.ts decides whether a view counts; the demo seed counts views without one).
 */
export async function recordView(
  ctx: MutationCtx,
  projectId: Id<"projects">,
  userId: Id<"users"> | null,
  counted?: { viewerKey: string; day: string },
) {
  const work = await loadWork(ctx, projectId);
  await ctx.db.insert("views", { projectId, ...(userId ? { userId } : {}), ...counted });
  const viewsCount = work.viewsCount + 1;
  await ctx.db.patch("projects", projectId, { viewsCount });
  await bumpUserStats(ctx, work.userId, { totalViews: 1 });
  if (viewsCount >= BADGE_THRESHOLDS.trendsetterViews) await awardBadge(ctx, work.userId, "trendsetter");
}
