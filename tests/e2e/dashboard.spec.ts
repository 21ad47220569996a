// Creator analytics (ダッシュボード) as a creator meets it: a new creator posts a work, opens
// /dashboard from the user menu, switches 過去7日間 / 過去30日間 / 過去90日間, downloads the CSV and
// opens the work's own view; another member likes the work and today's いいね rises on the open
// page without a reload. Checked at phone and desktop widths, axe-clean, with screenshots.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { fillAndPostWork } from "./work-posting";
import { openWork } from "./work-pages";

const browser = useBrowser();

const period = (page: Page, name: string) => page.getByRole("group", { name: "期間" }).getByRole("button", { name });

async function switchPeriod(page: Page, name: string) {
  await period(page, name).click();
  await page.getByRole("group", { name: "期間" }).getByRole("button", { name, pressed: true }).waitFor();
  await page.getByRole("heading", { level: 3, name: new RegExp(`^閲覧数\\s*${name}$`) }).waitFor();
}

describe("creator dashboard", () => {
  test("periods, CSV, a work's view, and a like showing live in today's figure", { timeout: 300_000 }, async () => {
    const title = `ダッシュボードの作品 ${Date.now().toString(36)}`;
    const creator = await browser.newPage(DESKTOP);
    await creator.goto("/");
    await signInWithProfile(creator, newIdentity("分析 はるか"));
    await creator.goto("/submit");
    await fillAndPostWork(creator, title);
    await creator.getByRole("heading", { level: 1, name: title }).waitFor();

    // From the user menu.
    await creator.getByRole("button", { name: "ユーザーメニュー" }).click();
    await creator.getByRole("menuitem", { name: "ダッシュボード" }).click();
    await creator.waitForURL((url) => url.pathname === "/dashboard");
    await creator.getByRole("heading", { level: 1, name: "ダッシュボード" }).waitFor();
    await period(creator, "過去7日間").and(creator.locator('[aria-pressed="true"]')).waitFor();
    await creator
      .getByRole("table", { name: /作品ごとの数字/ })
      .getByRole("link", { name: title })
      .waitFor();
    await creator.locator(".recharts-wrapper").first().waitFor();
    await expectNoSeriousA11yViolations(creator, "/dashboard (desktop)");
    await creator.screenshot({ path: "/tmp/analytics-dashboard-desktop.png", fullPage: true });

    await switchPeriod(creator, "過去30日間");
    expect(new URL(creator.url()).searchParams.get("days")).toBe("30");
    await switchPeriod(creator, "過去90日間");
    // Every chart reads as a table too.
    expect(await creator.getByRole("table", { name: "閲覧数（過去90日間、日ごと）" }).getByRole("row").count()).toBe(91);
    await switchPeriod(creator, "過去7日間");

    // The CSV of the days: BOM, Japanese header, one line per day.
    const [download] = await Promise.all([
      creator.waitForEvent("download"),
      creator.getByRole("button", { name: "CSVをダウンロード" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-7days\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    expect(csv.startsWith("\uFEFF日付,閲覧数,いいね,")).toBe(true);
    expect(csv.trim().split("\r\n")).toHaveLength(8);

    // The work's own view.
    await creator
      .getByRole("table", { name: /作品ごとの数字/ })
      .getByRole("link", { name: title })
      .click();
    await creator.waitForURL((url) => url.pathname.startsWith("/dashboard/works/"));
    await creator.getByRole("heading", { level: 1, name: title }).waitFor();
    await creator.getByRole("heading", { name: "よく見られた日" }).waitFor();
    const todayLikes = creator.getByTestId("total-likes").getByTestId("today-likes");
    expect(await todayLikes.textContent()).toBe("0");
    await expectNoSeriousA11yViolations(creator, "/dashboard/works/{id} (desktop)");

    // Someone else likes it: today's いいね rises on the open page, no reload.
    const fan = await browser.newPage(PHONE);
    await fan.goto("/");
    await signInWithProfile(fan, newIdentity("いいね 送る人"));
    await openWork(fan, title);
    await fan.getByRole("button", { name: /^いいね/ }).click();
    await fan.getByRole("button", { name: /^いいね/, pressed: true }).waitFor();
    await creator.waitForFunction(
      () => document.querySelector('[data-testid="total-likes"] [data-testid="today-likes"]')?.textContent === "1",
    );
    await creator.screenshot({ path: "/tmp/analytics-work-desktop.png", fullPage: true });

    // The phone width: the same pages, nothing running off the side.
    await creator.setViewportSize(PHONE);
    await creator.getByRole("heading", { level: 1, name: title }).waitFor();
    await expectNoSeriousA11yViolations(creator, "/dashboard/works/{id} (phone)");
    await creator.screenshot({ path: "/tmp/analytics-work-phone.png", fullPage: true });
    await creator.getByRole("link", { name: "ダッシュボード" }).first().click();
    await creator.getByRole("heading", { level: 1, name: "ダッシュボード" }).waitFor();
    await creator.locator(".recharts-wrapper").first().waitFor();
    expect(await creator.getByTestId("total-likes").getByTestId("today-likes").textContent()).toBe("1");
    // The works table sorts on the server by the figure chosen, and keeps the order in the address.
    const table = creator.getByRole("table", { name: /作品ごとの数字/ });
    await table.getByRole("button", { name: /^いいね/ }).click();
    await creator.waitForURL((url) => url.searchParams.get("sort") === "likes");
    await table.locator('th[aria-sort="descending"]', { hasText: "いいね" }).waitFor();
    const row = table.getByRole("row", { name: new RegExp(title) });
    await row.getByRole("cell").nth(1).filter({ hasText: /^1$/ }).waitFor();
    const overflow = await creator.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(creator, "/dashboard (phone)");
    await creator.screenshot({ path: "/tmp/analytics-dashboard-phone.png", fullPage: true });
  });

  test("a visitor is asked to sign in and sees no figures", { timeout: 60_000 }, async () => {
    const visitor = await browser.newPage(PHONE);
    await visitor.goto("/dashboard");
    await visitor.getByRole("heading", { name: "ダッシュボードを見るにはログインが必要です" }).waitFor();
    expect(await visitor.getByTestId("total-views").count()).toBe(0);
    await expectNoSeriousA11yViolations(visitor, "/dashboard (visitor)");
  });
});
