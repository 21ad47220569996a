// Lean images: a gallery page of 20 cards transfers at most 1 MB of images, and
// card thumbnails carry width/height (no layout shift) and load lazily.
//
// The seed has 12 works, so the page is a proxy for 20 cards: besides the total of what loaded,
// the largest card thumbnail times 20 (plus every other image, avatars included) must fit.
//
// Sizes: the browser's resource timings list the images, but storage is on another origin
// without Timing-Allow-Origin, where encodedBodySize reads 0; so each image's body size is also
// taken from the network (Playwright's request sizes), and the larger of the two counts.
import { ConvexHttpClient } from "convex/browser";
import type { Page, Response } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { newIdentity, signInWithProfile } from "./auth";
import { useBrowser } from "./browser";
import { fillAndPostWork } from "./work-posting";

const browser = useBrowser();

const MB = 1024 * 1024;
const CARDS_PER_PAGE = 20;

const results = (page: Page) => page.getByRole("list", { name: "作品一覧" });

type Loaded = { url: string; bytes: number };

/** Every image the page loaded, with its body bytes (resource timing or network, larger). */
async function loadedImages(page: Page, fromNetwork: Map<string, number>): Promise<Loaded[]> {
  const timings = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === "img")
      .map((entry) => ({ url: entry.name, encoded: entry.encodedBodySize, transfer: entry.transferSize })),
  );
  return timings.map(({ url, encoded, transfer }) => ({
    url,
    bytes: Math.max(encoded, transfer, fromNetwork.get(url) ?? 0),
  }));
}

describe("lean images", () => {
  test(
    "a gallery page of 20 cards loads at most 1 MB of images; thumbnails are sized, and lazy below the first row",
    { timeout: 120_000 },
    async () => {
      const page = await browser.newPage();
      const fromNetwork = new Map<string, number>();
      const pending: Promise<void>[] = [];
      page.on("response", (response: Response) => {
        if (response.request().resourceType() !== "image") return;
        pending.push(
          response
            .request()
            .sizes()
            .then(({ responseBodySize }) => void fromNetwork.set(response.url(), responseBodySize))
            .catch(() => {}),
        );
      });

      await page.goto("/projects");
      // The first page of a fresh stack may wait for Vite to prepare its modules.
      await results(page).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="作品一覧"] > li').length >= 12);

      // Every card thumbnail: intrinsic size of a 16:10 box, async decoding; the first row (on
      // screen at once, the page's largest paint) eager, the first of all with high priority, the
      // rest lazy.
      const cardImages = results(page).locator("li img[data-card-thumbnail]");
      const attributes = await cardImages.evaluateAll((images) =>
        images.map((img) => ({
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
          decoding: img.getAttribute("decoding"),
          fetchPriority: img.getAttribute("fetchpriority"),
        })),
      );
      expect(attributes.length).toBeGreaterThanOrEqual(12);
      expect(attributes.map((found) => found.loading)).toEqual(attributes.map((_, n) => (n < 3 ? "eager" : "lazy")));
      expect(attributes.map((found) => found.fetchPriority)).toEqual(attributes.map((_, n) => (n === 0 ? "high" : n < 3 ? "auto" : null)));
      for (const found of attributes) {
        expect(found.decoding).toBe("async");
        expect(Number(found.width)).toBeGreaterThan(0);
        expect(Number(found.height)).toBeGreaterThan(0);
        expect(Number(found.width) / Number(found.height)).toBeCloseTo(16 / 10, 2);
      }

      // Scroll to the bottom in steps so every lazy image starts, then wait for all to finish.
      for (let y = 0; y < 20; y++) {
        const atBottom = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight);
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        if (atBottom) break;
        await page.waitForTimeout(100);
      }
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[aria-label="作品一覧"] img')).every((img) => (img as HTMLImageElement).complete),
      );
      await page.waitForLoadState("networkidle");
      await Promise.all(pending);

      const thumbnailUrls = new Set(await cardImages.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc)));
      const loaded = await loadedImages(page, fromNetwork);
      const thumbnails = loaded.filter((image) => thumbnailUrls.has(image.url));
      const others = loaded.filter((image) => !thumbnailUrls.has(image.url));
      expect(thumbnails.length).toBeGreaterThanOrEqual(12);
      for (const image of thumbnails) expect(image.bytes, image.url).toBeGreaterThan(0);

      const total = loaded.reduce((sum, image) => sum + image.bytes, 0);
      const largestThumbnail = Math.max(...thumbnails.map((image) => image.bytes));
      const otherBytes = others.reduce((sum, image) => sum + image.bytes, 0);
      console.log(
        `images on /projects: ${loaded.length} files, ${(total / 1024).toFixed(1)} kB in all; ` +
          `${thumbnails.length} card thumbnails, largest ${(largestThumbnail / 1024).toFixed(1)} kB; ` +
          `other images ${(otherBytes / 1024).toFixed(1)} kB; ` +
          `20 cards at most ${((CARDS_PER_PAGE * largestThumbnail + otherBytes) / 1024).toFixed(1)} kB`,
      );
      expect(total).toBeLessThanOrEqual(MB);
      expect(CARDS_PER_PAGE * largestThumbnail + otherBytes).toBeLessThanOrEqual(MB);
    },
  );

  test("the work page loads only the shown screenshot's original, and at most the next ahead", async () => {
    const page = await browser.newPage();
    const requested = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "image") requested.add(request.url());
    });
    // ふんわり家計簿 has three screenshots in the demo data.
    const title = "ふんわり家計簿";
    await page.goto(`/projects?search=${encodeURIComponent(title)}`);
    await results(page).getByRole("link", { name: title, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const carousel = page.getByRole("region", { name: "スクリーンショット" });
    const shown = carousel.locator("img");
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[aria-label="スクリーンショット"] img');
      return img?.complete && img.naturalWidth > 0;
    });
    await page.waitForLoadState("networkidle");
    expect(requested).toContain(await shown.getAttribute("src"));

    // The third original was never fetched before it is shown.
    const beforeClick = new Set(requested);
    await carousel.getByRole("button", { name: "画像 3を表示" }).click();
    await page.waitForFunction(() => document.querySelector('[aria-label="スクリーンショット"] img')?.getAttribute("alt")?.endsWith("3/3"));
    const third = (await shown.getAttribute("src"))!;
    expect(beforeClick).not.toContain(third);
    await shown.evaluate((img) => (img as HTMLImageElement).decode());
    expect(requested).toContain(third);
  });

  test("a posted screenshot's thumbnail is made in the browser as a WebP, 640 px wide at most", { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await signInWithProfile(page, newIdentity("画像 花子"));
    await page.getByRole("banner").getByRole("link", { name: "投稿する" }).click();
    await fillAndPostWork(page, "WebPサムネイルの作品");
    await page.getByRole("heading", { level: 1, name: "WebPサムネイルの作品" }).waitFor();
    const id = new URL(page.url()).pathname.split("/").at(-1)! as Id<"projects">;
    const work = await new ConvexHttpClient(inject("convexUrl")).query(api.projects.get, { id });
    const thumbnailUrl = work && !("unavailable" in work) ? work.screenshots[0]?.thumbnailUrl : undefined;
    expect(thumbnailUrl).toEqual(expect.stringContaining("/api/storage/"));
    const response = await fetch(thumbnailUrl!);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
    expect([ascii(0, 4), ascii(8, 12)]).toEqual(["RIFF", "WEBP"]);
    // The 960×600 PNG becomes 640×400: its width from the browser's own decoding.
    const width = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img.naturalWidth;
    }, thumbnailUrl!);
    expect(width).toBe(640);
    console.log(`posted thumbnail: WebP ${width} px wide, ${(bytes.length / 1024).toFixed(1)} kB`);
  });
});
