import type { Page } from "playwright-core";
import { ConvexHttpClient } from "convex/browser";
import { describe, expect, inject, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { HOME_STAT_OFFSETS } from "../../convex/constants";
import { DEMO_WORKS } from "../../convex/model/demoData";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();

/** No horizontal scrolling: the page fits the viewport. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe("the app shell against the offline stack", () => {
  test("home shows the goal statistics and the top works from the seeded backend", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    const stats = page.getByRole("region", { name: "みんなでめざす目標" });
    // Other spec files may have posted works to the shared stack: the real count comes from it.
    const { total } = await new ConvexHttpClient(inject("convexUrl")).query(api.projects.summary, {});
    expect(total).toBeGreaterThanOrEqual(DEMO_WORKS.length);
    const works = `${total + HOME_STAT_OFFSETS.projects}`.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    await stats.getByText(works, { exact: true }).waitFor();

    const top = page.getByRole("region", { name: "いいねが多い作品トップ3" });
    const cards = top.locator("ol > li");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    const titles = await top.getByRole("heading", { level: 3 }).allTextContents();
    for (const title of titles) expect(DEMO_WORKS.map((w) => w.title)).toContain(title);

    // Thumbnails are real PNG files served from the backend's storage.
    const image = top.locator("img").first();
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await image.elementHandle(),
    );
    expect(await image.getAttribute("src")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await expectNoSeriousA11yViolations(page, "home");
  });

  test("Ctrl+K opens the header search and Enter goes to the gallery search", async () => {
    const page = await browser.newPage();
    await page.goto("/help");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.keyboard.press("Control+k");
    const box = page.getByRole("searchbox");
    await box.waitFor();
    await box.fill("家計簿");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/projects");
    expect(new URL(page.url()).searchParams.get("search")).toBe("家計簿");
  });

  test("the open search panel moves the page down instead of covering its heading, on both widths", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      await page.goto("/help");
      const heading = page.getByRole("heading", { level: 1 });
      await heading.waitFor();
      await page.getByRole("button", { name: "作品を検索" }).click();
      const form = page.getByRole("search");
      await form.waitFor();
      // Let the panel's slide-in finish before measuring.
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
      const panelBottom = await form.evaluate((node) => node.getBoundingClientRect().bottom);
      const headingTop = await heading.evaluate((node) => node.getBoundingClientRect().top);
      expect(headingTop).toBeGreaterThanOrEqual(panelBottom);
      await page.close();
    }
  });

  test("a gallery query the backend refuses shows 'エラー: …' with 再読み込み, and the rest of the page stays", async () => {
    const page = await browser.newPage();
    // The page asks for the gallery with an argument the real backend's validator refuses.
    await page.routeWebSocket(/\/sync$/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => server.send(typeof message === "string" ? withRefusedGalleryQuery(message) : message));
    });
    await page.goto("/projects");
    await page.getByText("エラー: エラーが発生しました", { exact: true }).waitFor();
    await page.getByRole("button", { name: "再読み込み" }).waitFor();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("banner").waitFor();
  });

  test("a page whose code cannot be downloaded shows the error screen under the header, and the next page works", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // As after a deploy removed the old build's files, or a connection that drops mid-way.
    await page.route(/\/(src\/app\/routes\/help\.tsx|assets\/help-[^/]*\.js)/, (route) => route.abort());
    await page.getByRole("contentinfo").getByRole("link", { name: "ヘルプ" }).click();
    await page.getByRole("heading", { level: 1, name: "エラーが発生しました" }).waitFor();
    await page.getByRole("banner").waitFor();
    await page.getByRole("link", { name: "ホームへ" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { level: 1, name: /./ }).filter({ hasNotText: "エラーが発生しました" }).waitFor();
  });

  test("an unknown path shows the 404 page whose button goes home", async () => {
    const page = await browser.newPage();
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "ページが見つかりません" }).waitFor();
    await expectNoSeriousA11yViolations(page, "404");
    await page.getByRole("link", { name: "ホームに戻る" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("help answers the five questions in an accordion", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/help");
    // Radix marks each accordion trigger as an item of its collection.
    const faq = page.locator("[data-radix-collection-item]");
    await faq.first().waitFor();
    expect(await faq.count()).toBe(5);
    await faq.nth(2).click();
    expect(await faq.nth(2).getAttribute("aria-expanded")).toBe("true");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "help");
  });

  test("the styleguide fits a phone screen", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/styleguide");
    await page.getByRole("heading", { name: "スタイルガイド" }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "styleguide");
  });

  test("home on a phone, and help, the styleguide and the 404 page on a desktop pass axe too", async () => {
    const phone = await browser.newPage(PHONE);
    await phone.goto("/");
    await phone.getByRole("region", { name: "いいねが多い作品トップ3" }).locator("ol > li").first().waitFor();
    await expectNoSeriousA11yViolations(phone, "home");

    const page = await browser.newPage(DESKTOP);
    await page.goto("/help");
    await page.locator("[data-radix-collection-item]").first().waitFor();
    await expectNoSeriousA11yViolations(page, "help");
    await page.goto("/styleguide");
    await page.getByRole("heading", { name: "スタイルガイド" }).waitFor();
    await expectNoSeriousA11yViolations(page, "styleguide");
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "ページが見つかりません" }).waitFor();
    await expectNoSeriousA11yViolations(page, "404");
  });

  test("a dropped connection shows a calm banner that clears itself on reconnect", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      // Keeps the page's WebSockets at hand, so the test can drop the Convex one.
      await page.addInitScript(() => {
        const Native = window.WebSocket;
        const sockets: WebSocket[] = [];
        Object.assign(window, { __e2eSockets: sockets });
        window.WebSocket = class extends Native {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(url, protocols);
            sockets.push(this);
          }
        };
      });
      await page.goto("/projects");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.locator('main a[href^="/projects/"]').first().waitFor();
      const banner = page.getByRole("status").filter({ hasText: "接続が切れています。再接続しています…" });
      expect(await banner.count()).toBe(0);

      // Offline blocks the reconnects; Chromium keeps an open socket alive, so close that one
      // from the page (only the Convex sync socket: closing Vite's would reload the page).
      await page.context().setOffline(true);
      await page.evaluate(() => {
        const { __e2eSockets: sockets } = window as unknown as { __e2eSockets: WebSocket[] };
        for (const socket of sockets) if (new URL(socket.url).pathname.endsWith("/sync")) socket.close();
      });
      await banner.waitFor();
      // The page underneath stays as it was: the works already shown are not replaced by skeletons.
      expect(await page.locator('main a[href^="/projects/"]').count()).toBeGreaterThan(0);

      await page.context().setOffline(false);
      await banner.waitFor({ state: "detached" });
    }
  });
});

/** A Convex client message with every gallery list query given an argument it does not take. */
function withRefusedGalleryQuery(message: string): string {
  const parsed = JSON.parse(message) as {
    type?: string;
    modifications?: { type: string; udfPath?: string; args?: Record<string, unknown>[] }[];
  };
  if (parsed.type !== "ModifyQuerySet") return message;
  for (const change of parsed.modifications ?? []) {
    if (change.type === "Add" && change.udfPath === "projects:list" && change.args?.[0]) change.args[0].refusedByTest = true;
  }
  return JSON.stringify(parsed);
}
