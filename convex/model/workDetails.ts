// The work page: everything public about one work, joined with its author and the viewer.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { LIMITS } from "../constants";
import { vGenre } from "../schema";
import type { MuteFilter } from "./mutes";
import { publicAuthor } from "./users";
import { moderationView, vModerationView } from "./visibility";
import { vPublicAuthor } from "./workCards";

export const vWorkDetail = v.object({
  _id: v.id("projects"),
  _creationTime: v.number(),
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
  featured: v.boolean(),
  screenshots: v.array(v.object({ url: v.union(v.string(), v.null()), thumbnailUrl: v.union(v.string(), v.null()) })),
  likesCount: v.number(),
  commentsCount: v.number(),
  viewsCount: v.number(),
  author: vPublicAuthor,
  viewerHasLiked: v.boolean(),
  isOwner: v.boolean(),
  createdAt: v.number(),
  updatedAt: v.number(),
  /** Why the work is out of sight; only its author and moderators ever get a hidden work. */
  moderation: vModerationView,
});
export type WorkDetail = Infer<typeof vWorkDetail>;

export async function hasLiked(ctx: QueryCtx, userId: Id<"users">, projectId: Id<"projects">) {
  const like = await ctx.db
    .query("likes")
    .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", projectId).eq("userId", userId))
    .first();
  return like !== null;
}

export async function toWorkDetail(ctx: QueryCtx, work: Doc<"projects">, viewerId: Id<"users"> | null): Promise<WorkDetail> {
  const screenshots = await Promise.all(
    work.screenshots.map(async (shot) => ({
      url: await ctx.storage.getUrl(shot.storageId),
      thumbnailUrl: await ctx.storage.getUrl(shot.thumbnailStorageId),
    })),
  );
  return {
    _id: work._id,
    _creationTime: work._creationTime,
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
    featured: work.featured,
    screenshots,
    likesCount: work.likesCount,
    commentsCount: work.commentsCount,
    viewsCount: work.viewsCount,
    author: await publicAuthor(ctx, work.userId),
    viewerHasLiked: viewerId !== null && (await hasLiked(ctx, viewerId, work._id)),
    isOwner: viewerId === work.userId,
    createdAt: work._creationTime,
    updatedAt: work.updatedAt,
    moderation: moderationView(work),
  };
}

/** How many recent works (overall, and of the same genre) related works are picked from. */
export const RELATED_POOL = 20;

/**
 * Up to LIMITS.relatedWorks other works: those sharing the most tags first, then the same genre,
 * then the newest. Picked from the newest works overall and of the same genre (the 20
 * newest of each), so it reads a bounded number of documents.
 */
export async function relatedWorks(ctx: QueryCtx, work: Doc<"projects">, mutes?: MuteFilter): Promise<Doc<"projects">[]> {
  // With mutes, each pool reads `extra` more works to stand in for muted authors' ones.
  const extra = mutes?.extra ?? 0;
  const [newest, sameGenre] = await Promise.all([
    ctx.db
      .query("projects")
      .withIndex("by_hidden", (q) => q.eq("hidden", undefined))
      .order("desc")
      .take(RELATED_POOL + 1 + extra),
    ctx.db
      .query("projects")
      .withIndex("by_hidden_and_genre", (q) => q.eq("hidden", undefined).eq("genre", work.genre))
      .order("desc")
      .take(RELATED_POOL + 1 + extra),
  ]);
  const pool = new Map<Id<"projects">, Doc<"projects">>();
  const candidates = [...newest, ...sameGenre];
  for (const other of mutes ? await mutes.visible(candidates, (w) => w.userId) : candidates) {
    if (other._id !== work._id) pool.set(other._id, other);
  }
  const tags = new Set(work.tags.map((tag) => tag.toLowerCase()));
  const shared = (other: Doc<"projects">) => other.tags.filter((tag) => tags.has(tag.toLowerCase())).length;
  return [...pool.values()]
    .map((other) => ({ other, shared: shared(other), sameGenre: other.genre === work.genre ? 1 : 0 }))
    .sort((a, b) => b.shared - a.shared || b.sameGenre - a.sameGenre || b.other._creationTime - a.other._creationTime)
    .slice(0, LIMITS.relatedWorks)
    .map(({ other }) => other);
}
