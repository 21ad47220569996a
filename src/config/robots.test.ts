import { describe, expect, it } from "vitest";
import { routePatterns } from "./paths";
import { NOT_FOR_CRAWLERS, robotsTxt } from "./robots";

describe("robots.txt", () => {
  it("allows every page but the personal and staff ones, and points at the sitemap", () => {
    const text = robotsTxt("https://happy-otter-123.convex.site/sitemap.xml");
    expect(text.startsWith("User-agent: *\nAllow: /\n")).toBe(true);
    expect(text).toContain("Disallow: /admin\n");
    expect(text).not.toMatch(/Disallow: \/(projects|challenges|tags|tools|ranking)?\n/);
    expect(text.endsWith("\nSitemap: https://happy-otter-123.convex.site/sitemap.xml\n")).toBe(true);
    expect(robotsTxt(null)).not.toContain("Sitemap:");
  });

  it("names only routes the app has", () => {
    const routes = new Set<string>(Object.values(routePatterns));
    for (const path of NOT_FOR_CRAWLERS) expect(routes.has(path), path).toBe(true);
  });
});
