import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { vGenre } from "../schema";
import { publicAuthor } from "./users";

export const vPublicAuthor = v.object({
  _id: v.union(v.id("users"), v.null()),
  handle: v.union(v.string(), v.null()),
  displayName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
});

/** What a gallery card shows of a work: the thumbnail, never the original screenshot. */
export const vWorkCard = v.object({
  _id: v.id("projects"),
  _creationTime: v.number(),
  title: v.string(),
  description: v.string(),
  genre: vGenre,
  aiTools: v.array(v.string()),
  isZeroCode: v.boolean(),
  likesCount: v.number(),
  commentsCount: v.number(),
  viewsCount: v.number(),
  thumbnailUrl: v.union(v.string(), v.null()),
  author: vPublicAuthor,
});
export type WorkCard = Infer<typeof vWorkCard>;

export async function toWorkCard(ctx: QueryCtx, work: Doc<"projects">): Promise<WorkCard> {
  const first = work.screenshots[0];
  return {
    _id: work._id,
    _creationTime: work._creationTime,
    title: work.title,
    description: work.description,
    genre: work.genre,
    aiTools: work.aiTools,
    isZeroCode: work.isZeroCode,
    likesCount: work.likesCount,
    commentsCount: work.commentsCount,
    viewsCount: work.viewsCount,
    thumbnailUrl: first ? await ctx.storage.getUrl(first.thumbnailStorageId) : null,
    author: await publicAuthor(ctx, work.userId),
  };
}
