// What hiding, restoring and deleting a work, comment or challenge does, in the caller's
// transaction, so every stored counter stays exact:
// - a hidden work leaves the site totals (works, zero-code works, likes), loses its AI-tool join
//   rows and takes its challenge entries out of the grids; its own likes, comments and counters
//   stay, so a restore puts back exactly what was taken;
// - a hidden (or held) comment does not count in its work's commentsCount;
// - a hidden challenge leaves its status counter.
// Deleting one that is hidden takes nothing off twice (projectDeletion.ts, engagementRemoval.ts).
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { ReportTargetType } from "../constants";
import type { ModerationState } from "../schema";
import { lowered, removeComment } from "./engagementRemoval";
import { removeDiscoveryRows } from "./discovery";
import { releaseResultsCard } from "./screenshotFiles";
import { startFeedHiddenMark } from "./feed";
import { deleteProjectCascade } from "./projectDeletion";
import { writeAiToolRows } from "./projects";
import { bumpSiteCounter } from "./siteCounters";
import { syncWorkTrend } from "./trending";
import { displayNameOf } from "./users";

export type Target =
  | { type: "work"; doc: Doc<"projects"> }
  | { type: "comment"; doc: Doc<"comments"> }
  | { type: "challenge"; doc: Doc<"challenges"> }
  | { type: "user"; doc: Doc<"users"> };
export type ContentTarget = Exclude<Target, { type: "user" }>;

/** The target named by a type and a string id; null when malformed or gone. */
export async function loadTarget(ctx: QueryCtx, targetType: ReportTargetType, targetId: string): Promise<Target | null> {
  switch (targetType) {
    case "work": {
      const id = ctx.db.normalizeId("projects", targetId);
      const doc = id ? await ctx.db.get("projects", id) : null;
      return doc ? { type: "work", doc } : null;
    }
    case "comment": {
      const id = ctx.db.normalizeId("comments", targetId);
      const doc = id ? await ctx.db.get("comments", id) : null;
      return doc ? { type: "comment", doc } : null;
    }
    case "challenge": {
      const id = ctx.db.normalizeId("challenges", targetId);
      const doc = id ? await ctx.db.get("challenges", id) : null;
      return doc ? { type: "challenge", doc } : null;
    }
    case "user": {
      const id = ctx.db.normalizeId("users", targetId);
      const doc = id ? await ctx.db.get("users", id) : null;
      return doc ? { type: "user", doc } : null;
    }
  }
}

/** Whose it is: the author, the organiser, or the user themselves. */
export function authorOf(target: Target): Id<"users"> | undefined {
  return target.type === "user" ? target.doc._id : target.doc.userId;
}

/** The first `max` characters of a text, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? chars.slice(0, max).join("") + "…" : chars.join("");
}

/** A short name for the target: a title, the start of a comment, a display name. */
export function targetLabel(target: Target): string {
  switch (target.type) {
    case "work":
    case "challenge":
      return target.doc.title;
    case "comment":
      return excerpt(target.doc.content, 80);
    case "user":
      return displayNameOf(target.doc);
  }
}

/** Where the target lives on the site. */
export function targetPath(target: Target): string {
  switch (target.type) {
    case "work":
      return `/projects/${target.doc._id}`;
    case "comment":
      return `/projects/${target.doc.projectId}`;
    case "challenge":
      return `/challenges/${target.doc._id}`;
    case "user":
      return `/profile/${encodeURIComponent(target.doc.handle ?? target.doc._id)}`;
  }
}

/**
 * Takes the target out of sight (or changes why it is out of sight). The counters move only
 * when it was visible, so hiding what is already pending or held changes no total.
 */
export async function hideTarget(ctx: MutationCtx, target: ContentTarget, moderation: ModerationState) {
  const wasHidden = target.doc.hidden === true;
  switch (target.type) {
    case "work": {
      const work = target.doc;
      await ctx.db.patch("projects", work._id, { hidden: true, moderation });
      if (wasHidden) return;
      // Out of the rankings too (model/trending.ts).
      await syncWorkTrend(ctx, work._id);
      // Its AI-tool and tag rows go, with the tool and tag counts (model/discovery.ts).
      await removeDiscoveryRows(ctx, work._id);
      await setEntriesHidden(ctx, work._id, true);
      // Its following-feed rows are marked hidden in scheduled batches (model/feed.ts).
      await startFeedHiddenMark(ctx, work._id, true);
      await bumpSiteCounter(ctx, "projects", -1);
      if (work.isZeroCode) await bumpSiteCounter(ctx, "zeroCodeProjects", -1);
      await bumpSiteCounter(ctx, "likes", -work.likesCount);
      return;
    }
    case "comment": {
      const comment = target.doc;
      await ctx.db.patch("comments", comment._id, { hidden: true, moderation });
      if (wasHidden) return;
      const work = await ctx.db.get("projects", comment.projectId);
      if (work) await ctx.db.patch("projects", work._id, { commentsCount: lowered(work.commentsCount) });
      return;
    }
    case "challenge": {
      const challenge = target.doc;
      await ctx.db.patch("challenges", challenge._id, { hidden: true, moderation });
      if (!wasHidden) await bumpSiteCounter(ctx, `challenges_${challenge.status}`, -1);
      return;
    }
  }
}

/** Puts a hidden, pending or held target back where it was, with every total it left. */
export async function restoreTarget(ctx: MutationCtx, target: ContentTarget) {
  if (target.doc.hidden !== true) return;
  switch (target.type) {
    case "work": {
      const work = target.doc;
      await ctx.db.patch("projects", work._id, { hidden: undefined, moderation: undefined });
      await syncWorkTrend(ctx, work._id);
      // The same AI-tool and tag rows model/projects.ts writes for a posted work, as it is now.
      await writeAiToolRows(ctx, (await ctx.db.get("projects", work._id))!);
      await setEntriesHidden(ctx, work._id, false);
      await startFeedHiddenMark(ctx, work._id, false);
      await bumpSiteCounter(ctx, "projects", 1);
      if (work.isZeroCode) await bumpSiteCounter(ctx, "zeroCodeProjects", 1);
      await bumpSiteCounter(ctx, "likes", work.likesCount);
      return;
    }
    case "comment": {
      const comment = target.doc;
      await ctx.db.patch("comments", comment._id, { hidden: undefined, moderation: undefined });
      const work = await ctx.db.get("projects", comment.projectId);
      if (work) await ctx.db.patch("projects", work._id, { commentsCount: work.commentsCount + 1 });
      return;
    }
    case "challenge": {
      const challenge = target.doc;
      await ctx.db.patch("challenges", challenge._id, { hidden: undefined, moderation: undefined });
      await bumpSiteCounter(ctx, `challenges_${challenge.status}`, 1);
      return;
    }
  }
}

/** A work is in a handful of challenges at most (one entry per challenge). */
const ENTRIES_PER_WORK = 200;

async function setEntriesHidden(ctx: MutationCtx, projectId: Id<"projects">, hidden: boolean) {
  const entries = await ctx.db
    .query("challengeSubmissions")
    .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
    .take(ENTRIES_PER_WORK);
  for (const entry of entries) {
    await ctx.db.patch("challengeSubmissions", entry._id, { hidden: hidden ? true : undefined });
  }
}

/** Deletes the target with the cascade its owner's delete uses. */
export async function deleteTarget(ctx: MutationCtx, target: ContentTarget) {
  switch (target.type) {
    case "work":
      await deleteProjectCascade(ctx, target.doc);
      return;
    case "comment":
      await removeComment(ctx, target.doc);
      return;
    case "challenge":
      await deleteChallenge(ctx, target.doc);
      return;
  }
}

/**
 * Deletes a challenge now (it leaves the list and its status counter, unless hidden already took
 * it off) and schedules the removal of its entries, votes and notifications in batches.
 */
async function deleteChallenge(ctx: MutationCtx, challenge: Doc<"challenges">) {
  if (challenge.hidden !== true) await bumpSiteCounter(ctx, `challenges_${challenge.status}`, -1);
  if (challenge.resultsCardStorageId) await releaseResultsCard(ctx, null, challenge.resultsCardStorageId);
  await ctx.db.delete("challenges", challenge._id);
  await ctx.scheduler.runAfter(0, internal.moderation.purgeChallengeChildren, { challengeId: challenge._id });
}
