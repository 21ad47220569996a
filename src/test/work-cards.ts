import type { WorkCardData } from "@/components/works/work-card";
import { fakeId } from "./fake-convex";

/** A work card as the list queries give it: 作品{id} by 作者, nothing counted, no picture. */
export const fakeWorkCard = (id: string, overrides: Partial<WorkCardData> = {}): WorkCardData => ({
  _id: fakeId("projects", id),
  _creationTime: 1,
  title: `作品${id}`,
  description: "説明",
  genre: "tool",
  aiTools: [],
  isZeroCode: false,
  likesCount: 0,
  commentsCount: 0,
  viewsCount: 0,
  thumbnailUrl: null,
  author: { _id: fakeId("users", "a"), handle: "a", displayName: "作者", photoUrl: null },
  ...overrides,
});
