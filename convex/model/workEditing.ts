// The wizard's edit mode: a work as its owner edits it, with the storage ids of its images (which
// only the owner gets, since projects.update takes them back to keep an image).
import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { vGenre } from "../schema";
import { cardShowsAuthor } from "./shareCardAuthor";

export const vEditableWork = v.object({
  _id: v.id("projects"),
  title: v.string(),
  description: v.string(),
  vibeDescription: v.string(),
  genre: vGenre,
  demoUrl: v.string(),
  demoVideoUrl: v.string(),
  repositoryUrl: v.string(),
  aiTools: v.array(v.string()),
  techStack: v.array(v.string()),
  tags: v.array(v.string()),
  isZeroCode: v.boolean(),
  /** Whether the work has a current share card (the browser draws one after 更新する when not). */
  hasShareCard: v.boolean(),
  screenshots: v.array(
    v.object({
      storageId: v.id("_storage"),
      thumbnailStorageId: v.id("_storage"),
      url: v.union(v.string(), v.null()),
      thumbnailUrl: v.union(v.string(), v.null()),
    }),
  ),
});
export type EditableWork = Infer<typeof vEditableWork>;

export async function toEditableWork(ctx: QueryCtx, work: Doc<"projects">): Promise<EditableWork> {
  return {
    _id: work._id,
    title: work.title,
    description: work.description,
    vibeDescription: work.vibeDescription,
    genre: work.genre,
    demoUrl: work.demoUrl,
    demoVideoUrl: work.demoVideoUrl ?? "",
    repositoryUrl: work.repositoryUrl ?? "",
    aiTools: work.aiTools,
    techStack: work.techStack,
    tags: work.tags,
    isZeroCode: work.isZeroCode,
    // A card showing the author's old name or photo counts as none: the next 更新する redraws it.
    hasShareCard: work.shareCardStorageId !== undefined && cardShowsAuthor(work, await ctx.db.get("users", work.userId)),
    screenshots: await Promise.all(
      work.screenshots.map(async (shot) => ({
        ...shot,
        url: await ctx.storage.getUrl(shot.storageId),
        thumbnailUrl: await ctx.storage.getUrl(shot.thumbnailStorageId),
      })),
    ),
  };
}
