// The data export (docs/decisions.md "Account deletion and export"): the user's profile, settings,
// works, comments, likes and saved works (ストック, private: only here and on /saved) as one JSON
// document. It is a single query, so every part is capped to keep the read within one transaction's
// limits; `truncated` says when a cap was reached.
import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { vGenre, vUserSettings } from "../schema";
import { viewerView, vViewer } from "./profiles";

/** The most rows of each kind one export holds (newest first). */
export const EXPORT_LIMITS = { works: 1000, comments: 5000, likes: 5000, saved: 2000 } as const;

const vExportWork = v.object({
  _id: v.id("projects"),
  title: v.string(),
  description: v.string(),
  vibeDescription: v.string(),
  genre: vGenre,
  demoUrl: v.string(),
  demoVideoUrl: v.union(v.string(), v.null()),
  repositoryUrl: v.union(v.string(), v.null()),
  aiTools: v.array(v.string()),
  techStack: v.array(v.string()),
  tags: v.array(v.string()),
  isZeroCode: v.boolean(),
  screenshotUrls: v.array(v.string()),
  likesCount: v.number(),
  commentsCount: v.number(),
  viewsCount: v.number(),
  createdAt: v.number(),
  updatedAt: v.number(),
});

export const vDataExport = v.object({
  profile: vViewer,
  settings: vUserSettings,
  works: v.array(vExportWork),
  comments: v.array(v.object({ projectId: v.id("projects"), content: v.string(), createdAt: v.number() })),
  likes: v.array(
    v.object({
      projectId: v.id("projects"),
      /** null when the work has since been deleted. */
      title: v.union(v.string(), v.null()),
      likedAt: v.number(),
    }),
  ),
  saved: v.array(
    v.object({
      projectId: v.id("projects"),
      /** null when the work has since been deleted. */
      title: v.union(v.string(), v.null()),
      savedAt: v.number(),
    }),
  ),
  truncated: v.object({ works: v.boolean(), comments: v.boolean(), likes: v.boolean(), saved: v.boolean() }),
});
export type DataExport = Infer<typeof vDataExport>;

async function exportWork(ctx: QueryCtx, work: Doc<"projects">): Promise<Infer<typeof vExportWork>> {
  const urls = await Promise.all(work.screenshots.map((shot) => ctx.storage.getUrl(shot.storageId)));
  return {
    _id: work._id,
    title: work.title,
    description: work.description,
    vibeDescription: work.vibeDescription,
    genre: work.genre,
    demoUrl: work.demoUrl,
    demoVideoUrl: work.demoVideoUrl ?? null,
    repositoryUrl: work.repositoryUrl ?? null,
    aiTools: work.aiTools,
    techStack: work.techStack,
    tags: work.tags,
    isZeroCode: work.isZeroCode,
    screenshotUrls: urls.filter((url): url is string => url !== null),
    likesCount: work.likesCount,
    commentsCount: work.commentsCount,
    viewsCount: work.viewsCount,
    createdAt: work._creationTime,
    updatedAt: work.updatedAt,
  };
}

/** Takes up to `limit` rows and reports whether more exist. */
function capped<T>(rows: T[], limit: number) {
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

export async function exportUserData(ctx: QueryCtx, user: Doc<"users">): Promise<DataExport> {
  const works = capped(
    await ctx.db
      .query("projects")
      .withIndex("by_userId", (q) => q.eq("userId", user._id))
      .order("desc")
      .take(EXPORT_LIMITS.works + 1),
    EXPORT_LIMITS.works,
  );
  const comments = capped(
    await ctx.db
      .query("comments")
      .withIndex("by_userId", (q) => q.eq("userId", user._id))
      .order("desc")
      .take(EXPORT_LIMITS.comments + 1),
    EXPORT_LIMITS.comments,
  );
  const likes = capped(
    await ctx.db
      .query("likes")
      .withIndex("by_userId", (q) => q.eq("userId", user._id))
      .order("desc")
      .take(EXPORT_LIMITS.likes + 1),
    EXPORT_LIMITS.likes,
  );
  const saved = capped(
    await ctx.db
      .query("saves")
      .withIndex("by_userId", (q) => q.eq("userId", user._id))
      .order("desc")
      .take(EXPORT_LIMITS.saved + 1),
    EXPORT_LIMITS.saved,
  );
  const titleOf = async (projectId: Doc<"projects">["_id"]) => (await ctx.db.get("projects", projectId))?.title ?? null;
  return {
    profile: await viewerView(ctx, user),
    settings: user.settings,
    works: await Promise.all(works.rows.map((work) => exportWork(ctx, work))),
    comments: comments.rows.map((c) => ({ projectId: c.projectId, content: c.content, createdAt: c._creationTime })),
    likes: await Promise.all(
      likes.rows.map(async (like) => ({
        projectId: like.projectId,
        title: await titleOf(like.projectId),
        likedAt: like._creationTime,
      })),
    ),
    saved: await Promise.all(
      saved.rows.map(async (save) => ({ projectId: save.projectId, title: await titleOf(save.projectId), savedAt: save._creationTime })),
    ),
    truncated: { works: works.truncated, comments: comments.truncated, likes: likes.truncated, saved: saved.truncated },
  };
}
