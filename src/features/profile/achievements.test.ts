import { describe, expect, test } from "vitest";
import { achievementsFor, hasGoldMark } from "./achievements";

describe("achievementsFor", () => {
  test("progress toward each target until it is reached, then earned", () => {
    const [zeroCode, popular, spotlight, early] = achievementsFor({ zeroCodeCount: 3, totalLikes: 100, totalViews: 5000 });
    expect(zeroCode).toMatchObject({ name: "ゼロコードマスター", earned: false, progress: { current: 3, target: 5 } });
    expect(popular).toMatchObject({ name: "人気クリエイター", earned: true, progress: { current: 100, target: 100 } });
    // Past the target the bar stays full.
    expect(spotlight).toMatchObject({ name: "スポットライト", earned: true, progress: { current: 1000, target: 1000 } });
    expect(early).toMatchObject({ name: "アーリーアダプター", earned: true, progress: null, limited: true });
  });

  test("the gold avatar mark appears at 5 zero-code works", () => {
    expect(hasGoldMark(4)).toBe(false);
    expect(hasGoldMark(5)).toBe(true);
  });
});
