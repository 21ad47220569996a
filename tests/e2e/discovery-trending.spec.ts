// 急上昇 and the rankings as people meet them: the gallery sorted by 急上昇, a like that puts a
// work at the top of today's ranking at once, the ranking's windows and genre filter, at both
// widths, axe clean; and the home page's trending section.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signIn } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { completeProfileSetup } from "./stand-in-sign-in";

const browser = useBrowser();

const worksRanking = (page: Page) => page.getByRole("list", { name: "作品ランキング" });

describe("trending and rankings", () => {
  test("sort the gallery by 急上昇; a like shows on today's ranking; switch windows", { timeout: 240_000 }, async () => {
    // A visitor on a phone sorts the gallery by 急上昇: the URL keeps it.
    const phone = await browser.newPage(PHONE);
    await phone.goto("/projects");
    await phone.getByRole("list", { name: "作品一覧" }).getByRole("link").first().waitFor();
    await phone.getByRole("button", { name: "急上昇" }).click();
    await phone.waitForURL((url) => url.searchParams.get("sort") === "trending");
    // The pressed state follows the URL on the next render: wait for it, never read it at once.
    await phone.getByRole("button", { name: "急上昇", pressed: true }).waitFor();
    await phone.getByRole("list", { name: "作品一覧" }).getByRole("link").first().waitFor();
    await expectNoSeriousA11yViolations(phone, "/projects?sort=trending (phone)");

    // Someone likes a work on a desktop.
    const desktop = await browser.newPage(DESKTOP);
    await desktop.goto("/");
    await signIn(desktop, newIdentity("ランキング みき"));
    await completeProfileSetup(desktop, `rank_${Date.now().toString(36)}`);
    await desktop.goto("/projects?sort=newest");
    const card = desktop.getByRole("list", { name: "作品一覧" }).getByRole("link").first();
    const title = (await card.textContent())!.trim();
    await card.click();
    await desktop.getByRole("heading", { level: 1, name: title }).waitFor();
    const like = desktop.getByRole("button", { name: /^いいね \d+件$/ }).first();
    await like.click();
    await desktop.locator('button[aria-pressed="true"][aria-label^="いいね"]').first().waitFor();

    // The header's ランキング link; today's tab lists the work at once.
    await desktop.getByRole("navigation", { name: "メインナビゲーション" }).getByRole("link", { name: "ランキング" }).click();
    await desktop.getByRole("heading", { level: 1, name: "ランキング" }).waitFor();
    await desktop.getByRole("tab", { name: "今日" }).click();
    await desktop.waitForURL((url) => url.searchParams.get("period") === "today");
    await worksRanking(desktop).getByRole("link", { name: title }).waitFor();
    await desktop.getByRole("complementary").getByText("今週のクリエイター").waitFor();
    await expectNoSeriousA11yViolations(desktop, "/ranking?period=today (desktop)");

    // Every window answers; 全期間 lists works by all their likes.
    for (const tab of ["今週", "今月", "全期間"]) {
      await desktop.getByRole("tab", { name: tab }).click();
      await worksRanking(desktop).getByRole("listitem").first().waitFor();
    }
    expect(await worksRanking(desktop).getByRole("listitem").first().getAttribute("aria-label")).toMatch(/^1位 /);

    // On a phone: the ranking's tabs.
    await phone.goto("/ranking?period=week");
    await phone.getByRole("heading", { level: 1, name: "ランキング" }).waitFor();
    await worksRanking(phone).getByRole("link", { name: title }).waitFor();
    await phone.getByRole("tab", { name: "今月" }).click();
    await phone.waitForURL((url) => url.searchParams.get("period") === "month");
    await worksRanking(phone).getByRole("link", { name: title }).waitFor();
    await expectNoSeriousA11yViolations(phone, "/ranking?period=month (phone)");
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The home page has its trending section beside the top 3.
    await phone.goto("/");
    await phone.getByRole("heading", { name: "いま注目されている作品" }).waitFor();
    await expectNoSeriousA11yViolations(phone, "/ (phone)");
  });
});
