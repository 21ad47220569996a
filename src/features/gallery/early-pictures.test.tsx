import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WorkGridSkeleton } from "@/components/works/work-grid";
import { earlyGalleryPictures } from "./early-pictures";
import { DEFAULT_FILTERS } from "./gallery-params";

const SITE = "https://happy-otter-123.convex.site";

describe("earlyGalleryPictures", () => {
  it("names the plain gallery's first row of pictures by position", () => {
    expect(earlyGalleryPictures(DEFAULT_FILTERS, SITE)).toEqual([0, 1, 2].map((n) => `${SITE}/covers/gallery/${n}`));
  });

  it("names none for another gallery: its first cards are other works", () => {
    for (const change of [
      { sort: "popular" },
      { sort: "trending" },
      { genre: "webapp" },
      { aiTool: "Claude" },
      { zeroCode: true },
      { search: "家計簿" },
      { view: "list" },
    ] as const) {
      expect(earlyGalleryPictures({ ...DEFAULT_FILTERS, ...change }, SITE), JSON.stringify(change)).toEqual([]);
    }
  });

  it("names none without a known HTTP-action site", () => {
    expect(earlyGalleryPictures(DEFAULT_FILTERS, null)).toEqual([]);
  });
});

describe("WorkGridSkeleton's early pictures", () => {
  it("puts each in its card's picture box without a source: only the prerendered page's script sets one", () => {
    const pictures = [`${SITE}/covers/gallery/0`, `${SITE}/covers/gallery/1`];
    const { container } = render(<WorkGridSkeleton count={4} earlyPictures={pictures} />);
    const images = [...container.querySelectorAll("img")];
    expect(images.map((image) => image.getAttribute("data-early-src"))).toEqual(pictures);
    expect(images.map((image) => image.hasAttribute("src"))).toEqual([false, false]);
    // Decorative (the card's title says what it is), with the card thumbnail's proportions.
    expect(images.map((image) => [image.alt, image.getAttribute("width"), image.getAttribute("height")])).toEqual([
      ["", "640", "400"],
      ["", "640", "400"],
    ]);
    expect(images[0]!.getAttribute("fetchpriority")).toBe("high");
  });

  it("shows plain skeletons without them", () => {
    const { container } = render(<WorkGridSkeleton count={3} />);
    expect(container.querySelectorAll("li")).toHaveLength(3);
    expect(container.querySelectorAll("img")).toHaveLength(0);
  });
});
