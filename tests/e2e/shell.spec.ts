import type { Page } from "playwright-core";
import { ConvexHttpClient } from "convex/browser";
import { describe, expect, inject, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { HOME_STAT_OFFSETS } from "../../convex/constants";
import { DEMO_WORKS } from "../../convex/model/demoData";
import { PHONE, useBrowser } from "./browser";

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

  test("an unknown path shows the 404 page whose button goes home", async () => {
    const page = await browser.newPage();
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "ページが見つかりません" }).waitFor();
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
  });

  test("the styleguide fits a phone screen", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/styleguide");
    await page.getByRole("heading", { name: "スタイルガイド" }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
