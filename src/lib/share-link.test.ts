import { afterEach, describe, expect, it, vi } from "vitest";
import { convexSiteUrl, workShareUrl } from "./share-link";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("share links", () => {
  it("use VITE_CONVEX_SITE_URL when it is set", () => {
    expect(convexSiteUrl({ VITE_CONVEX_SITE_URL: "http://127.0.0.1:3211/", VITE_CONVEX_URL: "http://127.0.0.1:3210" })).toBe(
      "http://127.0.0.1:3211",
    );
  });

  it("derive the .convex.site URL of a Convex Cloud deployment", () => {
    expect(convexSiteUrl({ VITE_CONVEX_URL: "https://happy-otter-123.convex.cloud" })).toBe("https://happy-otter-123.convex.site");
    expect(convexSiteUrl({ VITE_CONVEX_URL: "http://127.0.0.1:3210" })).toBeNull();
    expect(convexSiteUrl({})).toBeNull();
  });

  it("read the app's environment by default", () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://vibe.convex.site");
    expect(workShareUrl("abc")).toBe("https://vibe.convex.site/share/projects/abc");
  });

  it("point at the share page, or at the work page when no site URL is known", () => {
    expect(workShareUrl("k57abc", "https://vibe.convex.site")).toBe("https://vibe.convex.site/share/projects/k57abc");
    expect(workShareUrl("k57abc", null)).toBe(`${window.location.origin}/projects/k57abc`);
  });
});
