import { describe, expect, test } from "vitest";
import { toggledFollow } from "./follow-button";
import { tabFromParam } from "./profile-tabs";

describe("toggledFollow (the optimistic フォロー)", () => {
  test("following adds one follower, unfollowing takes one away, never below 0", () => {
    expect(toggledFollow({ viewerFollows: false, followersCount: 3 })).toEqual({ viewerFollows: true, followersCount: 4 });
    expect(toggledFollow({ viewerFollows: true, followersCount: 0 })).toEqual({ viewerFollows: false, followersCount: 0 });
  });

  test("a private profile (no counts shown) only flips the button", () => {
    expect(toggledFollow({ viewerFollows: undefined })).toEqual({ viewerFollows: true });
  });
});

describe("tabFromParam (?tab= in the URL)", () => {
  test("a known, shown tab is kept; anything else falls back to the first shown tab", () => {
    const all = ["works", "likes", "achievements"] as const;
    expect(tabFromParam("likes", all)).toBe("likes");
    expect(tabFromParam(null, all)).toBe("works");
    expect(tabFromParam("nonsense", all)).toBe("works");
    // Works hidden by the creator: a shared ?tab=works link opens 実績.
    expect(tabFromParam("works", ["achievements"])).toBe("achievements");
  });
});
