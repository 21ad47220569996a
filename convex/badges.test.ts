import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { BADGE_DEFINITIONS } from "./model/badgeDefinitions";
import { newTest } from "./test.setup";

describe("badge seeding", () => {
  test("inserts every badge once, however often it runs", async () => {
    const t = newTest();
    expect(await t.mutation(internal.badges.seed, {})).toEqual({ inserted: 6, updated: 0, removed: 0 });
    expect(await t.mutation(internal.badges.seed, {})).toEqual({ inserted: 0, updated: 0, removed: 0 });
    const badges = await t.query(api.badges.list, {});
    expect(badges.map((b) => [b.badgeId, b.name])).toEqual([
      ["firstProject", "はじめての投稿"],
      ["zeroCodeMaster", "ゼロコードマスター"],
      ["popularCreator", "人気クリエイター"],
      ["activeCommenter", "コメンテーター"],
      ["trendsetter", "トレンドセッター"],
      ["challengeWinner", "チャレンジ優勝"],
    ]);
    expect(new Set(badges.map((b) => b.color))).toEqual(new Set(["blue", "purple", "red", "green", "yellow"]));
  });

  test("repairs a changed row and removes a badge no longer defined", async () => {
    const t = newTest();
    await t.mutation(internal.badges.seed, {});
    await t.run(async (ctx) => {
      const row = await ctx.db
        .query("badges")
        .withIndex("by_badgeId", (q) => q.eq("badgeId", "trendsetter"))
        .unique();
      await ctx.db.patch("badges", row!._id, { name: "古い名前" });
    });
    expect(await t.mutation(internal.badges.seed, {})).toEqual({ inserted: 0, updated: 1, removed: 0 });
    const trendsetter = (await t.query(api.badges.list, {})).find((b) => b.badgeId === "trendsetter");
    expect(trendsetter?.name).toBe("トレンドセッター");
    expect(BADGE_DEFINITIONS).toHaveLength(6);
  });

  test("is internal: clients cannot call it through the public api", () => {
    expect(Object.keys(api.badges)).not.toContain("seed");
  });
});
