import { act, fireEvent, render, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkCard } from "@/components/works/work-card";
import { WorkGridSkeleton } from "@/components/works/work-grid";
import { EARLY_PICTURES_MARK } from "@/prerender/early-pictures-mark";
import { FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { fakeWorkCard } from "@/test/work-cards";
import { api } from "../../../convex/_generated/api";
import { earlyCardBackdrops, earlyGalleryPictures } from "./early-pictures";
import { BrowseResults } from "./gallery-results";
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

describe("earlyCardBackdrops", () => {
  afterEach(() => {
    document.documentElement.removeAttribute(EARLY_PICTURES_MARK);
    vi.restoreAllMocks();
  });

  it("gives the plain gallery's first cards the early picture of their place while the browser holds it", () => {
    expect([0, 1, 2].map((position) => earlyCardBackdrops(DEFAULT_FILTERS, SITE, true)[position])).toEqual(
      [0, 1, 2].map((n) => `${SITE}/covers/gallery/${n}`),
    );
  });

  it("gives none past them, for another gallery, without a site, or when the browser does not hold them", () => {
    expect(earlyCardBackdrops(DEFAULT_FILTERS, SITE, true)[3]).toBeUndefined();
    expect(earlyCardBackdrops({ ...DEFAULT_FILTERS, sort: "popular" }, SITE, true)[0]).toBeUndefined();
    expect(earlyCardBackdrops({ ...DEFAULT_FILTERS, view: "list" }, SITE, true)[0]).toBeUndefined();
    expect(earlyCardBackdrops(DEFAULT_FILTERS, null, true)[0]).toBeUndefined();
    expect(earlyCardBackdrops(DEFAULT_FILTERS, SITE, false)[0]).toBeUndefined();
  });

  it("holds them when the prerendered page marked <html>, for the minute they are kept", () => {
    expect(earlyCardBackdrops(DEFAULT_FILTERS, SITE)[0]).toBeUndefined();
    document.documentElement.setAttribute(EARLY_PICTURES_MARK, "");
    vi.spyOn(performance, "now").mockReturnValue(59_000);
    expect(earlyCardBackdrops(DEFAULT_FILTERS, SITE)[0]).toBe(`${SITE}/covers/gallery/0`);
    vi.spyOn(performance, "now").mockReturnValue(61_000);
    expect(earlyCardBackdrops(DEFAULT_FILTERS, SITE)[0]).toBeUndefined();
  });
});

describe("WorkCard's backdrop", () => {
  const work = fakeWorkCard("w", { thumbnailUrl: "https://happy-otter-123.convex.cloud/api/storage/thumb" });
  const pictureBox = (container: HTMLElement) => container.querySelector<HTMLImageElement>("img[data-card-thumbnail]")!.parentElement!;

  it("stays behind the thumbnail until that has arrived", () => {
    const backdrop = `${SITE}/covers/gallery/0`;
    const { container } = render(
      <MemoryRouter>
        <WorkCard work={work} now={2} position={0} backdrop={backdrop} />
      </MemoryRouter>,
    );
    expect(pictureBox(container).style.backgroundImage).toBe(`url("${backdrop}")`);
    fireEvent.load(container.querySelector("img[data-card-thumbnail]")!);
    expect(pictureBox(container).style.backgroundImage).toBe("");
  });

  it("is not there without one", () => {
    const { container } = render(
      <MemoryRouter>
        <WorkCard work={work} now={2} position={0} />
      </MemoryRouter>,
    );
    expect(pictureBox(container).style.backgroundImage).toBe("");
  });
});

describe("the gallery's cards and the early pictures", () => {
  afterEach(() => {
    document.documentElement.removeAttribute(EARLY_PICTURES_MARK);
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  const backdrops = (container: HTMLElement) =>
    [...container.querySelectorAll<HTMLImageElement>("img[data-card-thumbnail]")].map(
      (image) => image.parentElement!.style.backgroundImage,
    );

  it("keep each early picture behind the card first shown at its place, not behind a card that moves there", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", SITE);
    document.documentElement.setAttribute(EARLY_PICTURES_MARK, "");
    // Seconds after the page load that showed them.
    vi.spyOn(performance, "now").mockReturnValue(5_000);
    let works = ["1", "2", "3"].map((id) => fakeWorkCard(id, { thumbnailUrl: `https://happy-otter-123.convex.cloud/api/storage/${id}` }));
    const convex = new FakeConvex().onQuery(api.projects.list, () => onePage(works));
    const { container } = renderWithConvex(
      convex,
      <MemoryRouter>
        <BrowseResults filters={DEFAULT_FILTERS} onClear={() => undefined} header={() => null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(backdrops(container)).toHaveLength(3));
    expect(backdrops(container)).toEqual([0, 1, 2].map((n) => `url("${SITE}/covers/gallery/${n}")`));

    // A new work arrives first: the cards that moved, and the new one, have other pictures.
    works = [fakeWorkCard("0"), ...works];
    act(() => convex.push());
    await waitFor(() => expect(backdrops(container)).toHaveLength(4));
    expect(backdrops(container)).toEqual(["", "", "", ""]);
  });
});
