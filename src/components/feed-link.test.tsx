import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FeedLink } from "./feed-link";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("FeedLink", () => {
  it("puts the feed in <head> for feed readers and shows a link to it", () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://vibe.convex.site");
    render(<FeedLink path="/feeds/tags/ai.xml" title="#AIの作品" />);
    const head = document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(head?.getAttribute("href")).toBe("https://vibe.convex.site/feeds/tags/ai.xml");
    expect(head?.getAttribute("title")).toBe("#AIの作品");
    expect(screen.getByRole("link", { name: "フィード" })).toHaveAttribute("href", "https://vibe.convex.site/feeds/tags/ai.xml");
  });

  it("shows nothing when the deployment's HTTP-action site is unknown", () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "");
    vi.stubEnv("VITE_CONVEX_URL", "http://127.0.0.1:3210");
    const { container } = render(<FeedLink path="/feeds/works.xml" title="新着" />);
    expect(container).toBeEmptyDOMElement();
  });
});
