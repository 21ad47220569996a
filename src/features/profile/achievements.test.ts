import { describe, expect, test } from "vitest";
import { BADGE_THRESHOLDS } from "../../../convex/constants";
import { achievementsFor, hasGoldMark } from "./achievements";

describe("achievementsFor", () => {
  test("progress toward each target until it is reached, then earned", () => {
    const [zeroCode, gold, popular, spotlight, early] = achievementsFor({ zeroCodeCount: 3, totalLikes: 100, totalViews: 5000 });
    // The badge's tier is reached at 3, the gold tier still shows the way to 5.
    expect(zeroCode).toMatchObject({ name: "ゼロコードマスター", earned: true, progress: { current: 3, target: 3 } });
    expect(gold).toMatchObject({ name: "ゼロコードマスター（ゴールド）", earned: false, progress: { current: 3, target: 5 } });
    expect(popular).toMatchObject({ name: "人気クリエイター", earned: true, progress: { current: 100, target: 100 } });
    // Past the target the bar stays full.
    expect(spotlight).toMatchObject({ name: "スポットライト", earned: true, progress: { current: 1000, target: 1000 } });
    expect(early).toMatchObject({ name: "アーリーアダプター", earned: true, progress: null, limited: true });
  });

  test("the tiers match the badge the server awards and the avatar's gold mark", () => {
    const tiers = (count: number) => achievementsFor({ zeroCodeCount: count, totalLikes: 0, totalViews: 0 }).slice(0, 2);
    expect(tiers(2).map((tier) => tier.earned)).toEqual([false, false]);
    expect(tiers(BADGE_THRESHOLDS.zeroCodeMasterAward).map((tier) => tier.earned)).toEqual([true, false]);
    expect(tiers(BADGE_THRESHOLDS.zeroCodeMasterDisplay).map((tier) => tier.earned)).toEqual([true, hasGoldMark(5)]);
  });

  test("the gold avatar mark appears at 5 zero-code works", () => {
    expect(hasGoldMark(4)).toBe(false);
    expect(hasGoldMark(5)).toBe(true);
  });
});
