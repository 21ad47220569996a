import { describe, expect, it } from "vitest";
import { toggledLike } from "./like-button";

describe("toggledLike (the optimistic like)", () => {
  it("likes: pressed and one more", () => {
    expect(toggledLike({ viewerHasLiked: false, likesCount: 4, title: "x" })).toEqual({
      viewerHasLiked: true,
      likesCount: 5,
      title: "x",
    });
  });

  it("unlikes: released and one fewer, never below 0", () => {
    expect(toggledLike({ viewerHasLiked: true, likesCount: 5 })).toEqual({ viewerHasLiked: false, likesCount: 4 });
    expect(toggledLike({ viewerHasLiked: true, likesCount: 0 })).toEqual({ viewerHasLiked: false, likesCount: 0 });
  });
});
