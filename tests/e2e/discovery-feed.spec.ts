// The following feed: A follows B from B's profile, opens フォロー中 from the
// header, B posts a work, and A's open feed shows it without a reload while A's bell gets the
// new_work notification. Axe-clean at both widths, empty and filled.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { fillAndPostWork } from "./work-posting";
import { bellReady } from "./work-pages";

const browser = useBrowser();

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^通知/ });

async function openOwnProfile(page: Page) {
  await page.getByRole("button", { name: "ユーザーメニュー" }).click();
  await page.getByRole("menuitem", { name: "マイプロフィール" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/profile/"));
  return new URL(page.url()).pathname;
}

/** Axe at the phone and the desktop width, then back to the desktop. */
async function axeBothWidths(page: Page, label: string) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, `${label} (375px)`);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page, `${label} (1280px)`);
}

describe("following feed", () => {
  test("A follows B; B's new work appears live in A's フォロー中 and A's bell", async () => {
    const creator = newIdentity("フィード 作者");
    const b = await browser.newPage();
    await b.goto("/");
    await signInWithProfile(b, creator);
    const profilePath = await openOwnProfile(b);

    const a = await browser.newPage();
    await a.goto("/");
    await signInWithProfile(a, newIdentity("フィード 読者"));
    // A visitor's header has no フォロー中; a signed-in user's does.
    const feedLink = a.getByRole("navigation", { name: "メインナビゲーション" }).getByRole("link", { name: "フォロー中" });
    await feedLink.click();
    await a.waitForURL((url) => url.pathname === "/following");
    await a.getByRole("heading", { level: 1, name: "フォロー中" }).waitFor();
    await a.getByRole("heading", { level: 2, name: "フォロー中のクリエイターの作品はまだありません" }).waitFor();
    await a.getByRole("heading", { level: 2, name: "人気のクリエイター" }).waitFor();
    await axeBothWidths(a, "following feed, empty");

    // From B's profile.
    await a.goto(profilePath);
    await a.getByRole("button", { name: `${creator.name}さんをフォロー`, exact: true }).click();
    await a.getByRole("button", { name: /フォロー中（押すと解除）/ }).waitFor();
    await a.getByRole("navigation", { name: "メインナビゲーション" }).getByRole("link", { name: "フォロー中" }).click();
    await a.waitForURL((url) => url.pathname === "/following");
    await a.getByRole("heading", { level: 1, name: "フォロー中" }).waitFor();
    await bellReady(a);
    expect(await bell(a).getAttribute("aria-label")).toBe("通知");

    // B posts; A's open page never reloads.
    const title = `フィードに届く作品 ${Date.now().toString(36)}`;
    await b.goto("/submit");
    await fillAndPostWork(b, title);
    await b.getByRole("heading", { level: 1, name: title }).waitFor();

    const feed = a.getByRole("list", { name: "フォロー中のクリエイターの作品" });
    await feed.getByRole("link", { name: title }).waitFor({ timeout: 30_000 });
    await a.getByRole("banner").getByRole("button", { name: "通知：未読 1 件", exact: true }).waitFor();
    await bell(a).click();
    await a
      .getByRole("menu")
      .getByRole("menuitem", { name: new RegExp(`${creator.name}さんが「${title}」を投稿しました`) })
      .waitFor();
    await a.keyboard.press("Escape");
    await axeBothWidths(a, "following feed, with a work");
  });

  test("a visitor has no フォロー中 link, and /following asks to log in", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/following");
    await page.getByRole("heading", { name: "ログインが必要です" }).waitFor();
    await page.setViewportSize(DESKTOP);
    await page.getByRole("navigation", { name: "メインナビゲーション" }).getByRole("link", { name: "作品を探す" }).waitFor();
    expect(await page.getByRole("navigation", { name: "メインナビゲーション" }).getByRole("link", { name: "フォロー中" }).count()).toBe(0);
    await axeBothWidths(page, "following feed, signed out");
  });
});
