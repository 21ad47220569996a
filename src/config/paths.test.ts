import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("paths", () => {
  it("builds the gallery search link with the trimmed, encoded text", () => {
    expect(paths.projects({ search: " 猫 ゲーム " })).toBe("/projects?search=%E7%8C%AB%20%E3%82%B2%E3%83%BC%E3%83%A0");
    expect(paths.projects({ search: "   " })).toBe("/projects");
    expect(paths.projects()).toBe("/projects");
  });

  it("builds detail and query links", () => {
    expect(paths.project("abc123")).toBe("/projects/abc123");
    expect(paths.profile("vibe_creator")).toBe("/profile/vibe_creator");
    expect(paths.challenge("c1")).toBe("/challenges/c1");
    expect(paths.submit({ edit: "p1" })).toBe("/submit?edit=p1");
    expect(paths.submit({ challengeId: "c1" })).toBe("/submit?challengeId=c1");
  });
});
