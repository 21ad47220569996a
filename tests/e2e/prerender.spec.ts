// The production build paints before its JavaScript runs: the HTML a static host
// serves holds the frame and the copy of the public pages (scripts/vite-prerender.ts), React then
// takes over without an error, and nothing moves from first paint until the data has arrived.
// The app is built once for this file against the e2e backend, into the folder global-setup.ts
// serves as a static host would.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { buildForProduction } from "../../scripts/production-build";
import { SIGNED_IN_MARK } from "../../src/prerender/signed-in-mark";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { discoverPaths, layoutShiftOf, MAX_CLS, publicPages, recordShifts } from "./layout-shifts";

const browser = useBrowser();

beforeAll(async () => {
  const { VITE_CONVEX_URL, VITE_CONVEX_SITE_URL } = process.env;
  process.env.VITE_CONVEX_URL = inject("convexUrl");
  process.env.VITE_CONVEX_SITE_URL = inject("siteUrl");
  try {
    await buildForProduction(inject("productionDir"));
  } finally {
    process.env.VITE_CONVEX_URL = VITE_CONVEX_URL;
    process.env.VITE_CONVEX_SITE_URL = VITE_CONVEX_SITE_URL;
  }
}, 600_000);

const siteUrl = () => inject("productionUrl");

/** A page of the production build on which no script file ever loads: what paints first. */
async function withoutScripts(): Promise<Page> {
  const page = await browser.newPage(PHONE, siteUrl());
  await page.route("**/assets/*.js", (route) => route.abort());
  return page;
}

const HERO = /コードを書かずに/;

/** The gallery's frame is painted, and none of its first cards' pictures has a source. */
async function expectNoEarlyPictures(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "作品を探す" }).isVisible()).resolves.toBe(true);
  await expect(
    page.locator("img[data-early-src]").evaluateAll((images) => images.map((image) => image.hasAttribute("src"))),
  ).resolves.toEqual([false, false, false]);
}

describe("the prerendered HTML", () => {
  test("shows the home page's frame and copy before any script file has loaded", async () => {
    const page = await withoutScripts();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: HERO }).isVisible()).resolves.toBe(true);
    await expect(
      page
        .getByRole("banner")
        .getByRole("link", { name: /バイブギャラリー/ })
        .isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole("contentinfo").isVisible()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe("バイブギャラリー | Vibe Gallery");
  });

  test("shows the gallery's heading, filters and skeletons under its own title", async () => {
    const page = await withoutScripts();
    await page.goto("/projects");
    await expect(page.getByRole("heading", { level: 1, name: "作品を探す" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("searchbox").or(page.getByRole("textbox")).first().isVisible()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe("作品を探す | バイブギャラリー");
  });

  test("never shows the home page on another address: a work page paints its frame", async () => {
    const page = await withoutScripts();
    await page.goto("/projects/some-work-id");
    await expect(page.getByRole("banner").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: HERO }).count()).resolves.toBe(0);
    await expect(page.locator("#root").isVisible()).resolves.toBe(true);
    // No such work: its cover answers 404, and no broken image shows.
    const cover = page.locator("img[data-path-src]");
    await expect(cover.getAttribute("src")).resolves.toBe(`${inject("siteUrl")}/covers/projects/some-work-id`);
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>("img[data-path-src]")?.hidden === true);
  });

  test("a work page shows the work's cover before any script has loaded", async () => {
    const { workPath } = await discoverPaths(await browser.newPage(PHONE, siteUrl()));
    const id = workPath.split("/").pop();
    const page = await withoutScripts();
    await page.goto(workPath);
    const cover = page.locator("img[data-path-src]");
    await expect(cover.getAttribute("src")).resolves.toBe(`${inject("siteUrl")}/covers/projects/${id}`);
    // Drawn: the image has arrived and decoded, and it fills the screenshots' place.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>("img[data-path-src]");
      return image !== null && image.complete && image.naturalWidth > 0 && !image.hidden;
    });
    const box = await cover.boundingBox();
    expect(box?.width).toBeGreaterThan(PHONE.width / 2);
  });

  test("the gallery shows its first cards' pictures before any script has loaded, the very ones its cards then show", async () => {
    const page = await withoutScripts();
    await page.goto("/projects");
    const early = page.locator("img[data-early-src]");
    await expect(early.evaluateAll((images) => images.map((image) => image.getAttribute("src")))).resolves.toEqual(
      [0, 1, 2].map((position) => `${inject("siteUrl")}/covers/gallery/${position}`),
    );
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>("img[data-early-src]");
      return image !== null && image.complete && image.naturalWidth > 0 && !image.hidden;
    });
    expect((await early.first().boundingBox())?.width).toBeGreaterThan(PHONE.width / 2);

    // The picture is the newest card's own: the same bytes as the thumbnail the card then shows.
    // The card keeps it behind that thumbnail while it loads, from the browser's cache.
    const withScripts = await browser.newPage(PHONE, siteUrl());
    const early0 = `${inject("siteUrl")}/covers/gallery/0`;
    const fromNetwork: string[] = [];
    const cdp = await withScripts.context().newCDPSession(withScripts);
    await cdp.send("Network.enable");
    cdp.on("Network.responseReceived", (event) => {
      if (event.response.url === early0 && !event.response.fromDiskCache) fromNetwork.push(event.response.url);
    });
    // Whether a card's picture box ever had the early picture behind it.
    await withScripts.addInitScript(`new MutationObserver(() => {
      if (document.querySelector('[style*="covers/gallery/0"] > img[data-card-thumbnail]')) window.sawBackdrop = true;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["style"] });`);
    await withScripts.goto("/projects");
    const firstCard = withScripts.locator("img[data-card-thumbnail]").first();
    await withScripts.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>("img[data-card-thumbnail]");
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    const thumbnail = await (await fetch((await firstCard.getAttribute("src"))!)).arrayBuffer();
    const cover = await (await fetch(early0)).arrayBuffer();
    expect(Buffer.from(cover).equals(Buffer.from(thumbnail))).toBe(true);
    expect(fromNetwork).toHaveLength(1);
    await expect(withScripts.evaluate("window.sawBackdrop === true")).resolves.toBe(true);
  });

  test("another gallery (a query string) shows no early pictures: they would be another list's", async () => {
    const page = await withoutScripts();
    await page.goto("/projects?sort=popular");
    await expectNoEarlyPictures(page);
  });

  test("a browser last signed in gets no early pictures: its list leaves out whom it mutes", async () => {
    const page = await withoutScripts();
    await page.addInitScript(`localStorage.setItem(${JSON.stringify(SIGNED_IN_MARK)}, "1")`);
    await page.goto("/projects");
    await expectNoEarlyPictures(page);
  });

  test("gives signed-in pages the frame with a spinner and the site's title", async () => {
    const page = await withoutScripts();
    await page.goto("/notifications");
    await expect(page.getByRole("banner").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("status").first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: HERO }).count()).resolves.toBe(0);
    await expect(page.title()).resolves.toBe("バイブギャラリー | Vibe Gallery");
  });
});

describe("once the scripts run", () => {
  test("the five public pages come alive without an error and nothing moves", { timeout: 300_000 }, async () => {
    const { workPath, profilePath } = await discoverPaths(await browser.newPage(PHONE, siteUrl()));
    for (const [pagePath, ready] of publicPages(workPath, profilePath)) {
      const page = await browser.newPage(PHONE, siteUrl());
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("pageerror", (error) => errors.push(error.message));
      await recordShifts(page);
      await page.goto(pagePath);
      await ready(page);
      // React is in charge: the header's account control has replaced its placeholder.
      await page.getByRole("banner").getByRole("button", { name: "ログイン" }).waitFor();
      await page.waitForLoadState("networkidle");
      const { cls, shifts } = await layoutShiftOf(page);
      expect(cls, `${pagePath} moved: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
      expect(errors, pagePath).toEqual([]);
    }
  });

  test("the home page, the gallery and a work page ask for no script before their first paint; a profile asks for its own with the HTML", async () => {
    /** The first contentful paint and the first script request, on the page's own clock. */
    const paintAndFirstScript = (page: Page) =>
      page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        firstScript: Math.min(
          ...performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
            .map((entry) => entry.startTime),
        ),
      }));
    /** Opens `path` as a new visitor and measures it once the app has taken over. */
    const measure = async (path: string) => {
      const page = await browser.newPage(PHONE, siteUrl());
      await page.goto(path);
      await page.getByRole("banner").getByRole("button", { name: "ログイン" }).waitFor();
      const measured = await paintAndFirstScript(page);
      expect(measured.paint, path).not.toBeNull();
      return { paint: measured.paint ?? NaN, firstScript: measured.firstScript };
    };
    const { workPath, profilePath } = await discoverPaths(await browser.newPage(PHONE, siteUrl()));
    // Their largest paint needs no script: the home page's copy, the gallery's first pictures
    // (named by position), a work's cover (named by the address).
    for (const path of ["/", "/projects", workPath]) {
      const { paint, firstScript } = await measure(path);
      expect(firstScript, path).toBeGreaterThanOrEqual(paint);
    }
    // A profile's needs its data, so its script is wanted at once.
    const atProfile = await measure(profilePath);
    expect(atProfile.firstScript).toBeLessThan(atProfile.paint);
  });

  test("the app starts even in a browser that never reports its first paint", async () => {
    const page = await browser.newPage(PHONE, siteUrl());
    // An observer that is never called back, as a browser with the API but without paint reports.
    // (A string: the page runs it as written, with no helpers of this file's compiler.)
    await page.addInitScript(
      "window.PerformanceObserver = function () { return { observe() {}, disconnect() {}, takeRecords() { return []; } }; };" +
        'window.PerformanceObserver.supportedEntryTypes = ["paint"];',
    );
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "ログイン" }).waitFor();
  });

  test("only a browser holding a session downloads Convex Auth's client at once; a visitor gets it on signing in", async () => {
    const authClientRequests = (page: Page) => {
      const requests: string[] = [];
      page.on("request", (request) => {
        if (/\/assets\/session-auth-[^/]+\.js$/.test(new URL(request.url()).pathname)) requests.push(request.url());
      });
      return requests;
    };
    const visitor = await browser.newPage(DESKTOP, siteUrl());
    const visitorRequests = authClientRequests(visitor);
    await visitor.goto("/projects");
    await visitor.getByRole("list", { name: "作品一覧" }).getByRole("link").first().waitFor();
    await visitor.waitForLoadState("networkidle");
    expect(visitorRequests).toEqual([]);
    // ログイン downloads it, and Convex Auth sends the visitor on to Google (the local stand-in).
    await visitor.getByRole("banner").getByRole("button", { name: "ログイン" }).click();
    await visitor.getByLabel("メールアドレス").waitFor();
    expect(visitorRequests).toHaveLength(1);

    // A browser with something of Convex Auth's in storage starts with it (here a token of
    // another deployment, which Convex Auth ignores: the page is signed out, and works).
    const returning = await browser.newPage(DESKTOP, siteUrl());
    const returningRequests = authClientRequests(returning);
    const errors: string[] = [];
    returning.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    returning.on("pageerror", (error) => errors.push(error.message));
    await returning.addInitScript(() => localStorage.setItem("__convexAuthJWT_elsewhere", "token"));
    await returning.goto("/");
    await returning.getByRole("banner").getByRole("button", { name: "ログイン" }).waitFor();
    await returning.getByRole("heading", { level: 1, name: HERO }).waitFor();
    await returning.waitForLoadState("networkidle");
    expect(returningRequests).toHaveLength(1);
    // The prerendered page was hydrated under Convex Auth's client without a mismatch.
    expect(errors).toEqual([]);
  });

  test("a prerendered page is interactive after hydration: the gallery's search works", async () => {
    const page = await browser.newPage(PHONE, siteUrl());
    await page.goto("/projects");
    await page.getByRole("list", { name: "作品一覧" }).getByRole("link").first().waitFor();
    await page.getByRole("button", { name: "人気順" }).click();
    await page.waitForURL(/sort=/);
  });
});
