import { describe, expect, it } from "vitest";
import { mainNavItems, visibleNavItems } from "./nav-items";

describe("visibleNavItems", () => {
  it("hides フォロー中 from visitors and shows it once signed in, in its place", () => {
    expect(visibleNavItems(mainNavItems, false).map((item) => item.label)).not.toContain("フォロー中");
    const signedIn = visibleNavItems(mainNavItems, true).map((item) => item.label);
    expect(signedIn).toContain("フォロー中");
    expect(signedIn.indexOf("フォロー中")).toBe(signedIn.indexOf("作品を探す") + (signedIn.includes("ランキング") ? 2 : 1));
  });
});
