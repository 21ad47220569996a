import type { Doc, Id } from "../_generated/dataModel";
import { createPeriodTotals } from "./analyticsTotals";
import type { MutationCtx } from "../_generated/server";
import { BADGE_THRESHOLDS } from "../constants";
import { awardBadge } from "./badges";
import { demoUrlKey } from "./demoUrls";
import { writeDiscoveryRows } from "./discovery";
import { attachWorkFiles, releaseFiles, workFilesOf } from "./screenshotFiles";
import { searchTextFor } from "./search";
import { bumpSiteCounter } from "./siteCounters";
import { syncWorkTrend } from "./trending";
import { bumpUserStats } from "./userStats";

/** What an author supplies for a work; everything else starts at its default. */
export type ProjectInput = Pick<
  Doc<"projects">,
  | "title"
  | "description"
  | "vibeDescription"
  | "genre"
  | "demoUrl"
  | "demoVideoUrl"
  | "repositoryUrl"
  | "aiTools"
  | "techStack"
  | "tags"
  | "isZeroCode"
  | "screenshots"
  | "shareCardStorageId"
>;

/**
 * Inserts a work (already validated, its files checked) and keeps everything derived from it in
 * step, in the same transaction: the file registry, the AI-tool join rows, the author's stats,
 * the site counters and the badges.
 */
export async function insertProject(ctx: MutationCtx, userId: Id<"users">, input: ProjectInput, now: number) {
  const author = await ctx.db.get("users", userId);
  if (!author) throw new Error(`insertProject: no user ${userId}`);
  const projectId = await ctx.db.insert("projects", {
    ...input,
    userId,
    featured: false,
    likesCount: 0,
    commentsCount: 0,
    viewsCount: 0,
    searchText: searchTextFor(input.title, input.description),
    updatedAt: now,
    demoUrlKey: demoUrlKey(input.demoUrl),
  });
  const project = (await ctx.db.get("projects", projectId))!;
  await writeAiToolRows(ctx, project);
  await attachWorkFiles(ctx, userId, projectId, input);
  await createPeriodTotals(ctx, project);

  const { zeroCodeCount } = await bumpUserStats(ctx, userId, { projectsCount: 1, zeroCodeCount: input.isZeroCode ? 1 : 0 });
  await bumpSiteCounter(ctx, "projects", 1);
  if (input.isZeroCode) await bumpSiteCounter(ctx, "zeroCodeProjects", 1);

  await awardBadge(ctx, userId, "firstProject");
  if (zeroCodeCount >= BADGE_THRESHOLDS.zeroCodeMasterAward) await awardBadge(ctx, userId, "zeroCodeMaster");
  return projectId;
}

/** What an author may change after posting: everything but the zero-code declaration. */
export type ProjectEdit = Omit<ProjectInput, "isZeroCode">;

/**
 * Saves an edit (already validated, new screenshots checked, the card decided by
 * `shareCardAfterEdit`): the search text, the AI-tool join rows (tools or genre may change) and
 * the files follow. Images and a card taken off the work are deleted. Counters and badges do not
 * change: the author, the work count and the zero-code declaration stay as they were.
 */
export async function updateProject(ctx: MutationCtx, work: Doc<"projects">, edit: ProjectEdit, now: number) {
  await ctx.db.patch("projects", work._id, {
    ...edit,
    // Optional links cleared in the form are removed, not kept (even if the key is absent).
    demoVideoUrl: edit.demoVideoUrl,
    repositoryUrl: edit.repositoryUrl,
    shareCardStorageId: edit.shareCardStorageId,
    searchText: searchTextFor(edit.title, edit.description),
    updatedAt: now,
    demoUrlKey: demoUrlKey(edit.demoUrl),
  });
  // The rankings filter by genre through their own copy (model/trending.ts).
  if (edit.genre !== work.genre) await syncWorkTrend(ctx, work._id);
  // A hidden work has no AI-tool rows: restoring it writes them (model/moderationTargets.ts).
  if (work.hidden !== true) await writeAiToolRows(ctx, (await ctx.db.get("projects", work._id))!);
  const keptFiles = new Set(workFilesOf(edit));
  await releaseFiles(
    ctx,
    workFilesOf(work).filter((file) => !keptFiles.has(file)),
  );
  await attachWorkFiles(ctx, work.userId, work._id, edit);
}

/**
 * Replaces a work's AI-tool and tag join rows with ones matching its current fields, with the
 * tool and tag counters (model/discovery.ts).
 */
export async function writeAiToolRows(ctx: MutationCtx, project: Doc<"projects">) {
  await writeDiscoveryRows(ctx, project);
}
