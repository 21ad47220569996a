import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signIn, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { PHONE, useBrowser } from "./browser";
import { waitForMail } from "./mail";
import { bellReady, openWork } from "./work-pages";

const browser = useBrowser();

// A demo creator no other journey signs in as: the seed links her to the Google stand-in's
// account for this address, so the stand-in's chooser signs in as her.
const AUTHOR = { name: "高橋みお", email: "mio@demo.vibe-gallery.example" };
const WORK = "星空タイピング";

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^通知/ });
const bellSays = (page: Page, label: string) => page.getByRole("banner").getByRole("button", { name: label, exact: true }).waitFor();

/** Starts from nothing unread, whatever the seed or earlier journeys left. */
async function clearUnread(page: Page) {
  await bellReady(page);
  const label = await bell(page).getAttribute("aria-label");
  if (label === "通知") return;
  await bell(page).click();
  await page.getByRole("menuitem", { name: "すべて既読にする" }).click();
  await bellSays(page, "通知");
  await page.keyboard.press("Escape");
}

describe("notifications", () => {
  test("B likes and comments; A's bell counts both live, opens the work, and clears", async () => {
    const a = await browser.newPage(PHONE);
    await a.goto("/projects");
    await signIn(a, AUTHOR);
    await clearUnread(a);

    const b = await browser.newPage();
    await b.goto("/");
    await signInWithProfile(b, newIdentity("通知 送る人"));
    const path = await openWork(b, WORK);
    await b.getByRole("button", { name: /^いいね/ }).click();
    await b.getByRole("button", { name: /^いいね/, pressed: true }).waitFor();
    const comment = `ベルに届くコメント ${Date.now()}`;
    await b.getByRole("textbox", { name: "コメント" }).fill(comment);
    await b.getByRole("button", { name: "コメントする" }).click();
    await b.getByText(comment).waitFor();

    // A never reloads: the bell counts both.
    await bellSays(a, "通知：未読 2 件");
    expect(await a.getByTestId("unread-badge").textContent()).toBe("2");
    await bell(a).click();
    const menu = a.getByRole("menu");
    const likeItem = menu.getByRole("menuitem", { name: new RegExp(`いいねされました.*「${WORK}」にいいねがつきました.*通知 送る人`) });
    expect(await likeItem.textContent()).toContain("未読");
    const commentItem = menu.getByRole("menuitem", { name: new RegExp(`「${comment}」`) });
    expect(await commentItem.textContent()).toContain("未読");
    await expectNoSeriousA11yViolations(a, "bell dropdown");
    await commentItem.click();
    await a.waitForURL((url) => url.pathname === path);
    await a.getByRole("heading", { level: 1, name: WORK }).waitFor();
    await bellSays(a, "通知：未読 1 件");

    // The one opened shows read; すべて既読にする clears the rest.
    await bell(a).click();
    expect(
      await a
        .getByRole("menu")
        .getByRole("menuitem", { name: new RegExp(`「${comment}」`) })
        .textContent(),
    ).not.toContain("未読");
    await a.getByRole("menuitem", { name: "すべて既読にする" }).click();
    await bellSays(a, "通知");
    expect(await a.getByTestId("unread-badge").count()).toBe(0);

    // The page with the 50 newest, reached from the dropdown.
    await a.getByRole("menuitem", { name: "すべての通知を見る" }).click();
    await a.waitForURL((url) => url.pathname === "/notifications");
    await a.getByRole("heading", { level: 1, name: "通知" }).waitFor();
    await a.getByRole("list", { name: "通知一覧" }).getByText(`「${comment}」`).waitFor();
    await expectNoSeriousA11yViolations(a, "notifications page");

    // The author's comment e-mail, in the local mail sink with the SPEC.md template params.
    const mail = await waitForMail(comment);
    expect(mail.template_params).toMatchObject({
      to_email: AUTHOR.email,
      to_name: AUTHOR.name,
      from_name: "通知 送る人",
      project_title: WORK,
      app_name: "Vibe Gallery",
    });
    expect(String(mail.template_params.project_url)).toBe(new URL(path, browser.appUrl()).href);
  });

  test("three people like one work: A's bell shows them as one item, and the いいね tab lists it", async () => {
    const a = await browser.newPage();
    await a.goto("/projects");
    await signIn(a, AUTHOR);
    await clearUnread(a);

    const names = ["星見 一郎", "星見 二郎", "星見 三郎"];
    for (const name of names) {
      const fan = await browser.newPage();
      await fan.goto("/");
      await signInWithProfile(fan, newIdentity(name));
      await openWork(fan, WORK);
      await fan.getByRole("button", { name: /^いいね/ }).click();
      await fan.getByRole("button", { name: /^いいね/, pressed: true }).waitFor();
      await fan.close();
    }

    // One unread item, live: the latest of the three and the other two.
    await bellSays(a, "通知：未読 1 件");
    await bell(a).click();
    const menu = a.getByRole("menu");
    const grouped = new RegExp(`星見 三郎さんほか2人があなたの作品「${WORK}」にいいねしました`);
    await menu.getByRole("menuitem", { name: grouped }).waitFor();
    expect(await menu.getByRole("menuitem", { name: /星見 (一|二)郎さんがあなたの作品/ }).count()).toBe(0);
    await a.screenshot({ path: "/tmp/notif-bell-grouped.png" });
    await a.keyboard.press("Escape");

    // The page's いいね tab lists the same one item; the address keeps the tab.
    await a.goto("/notifications");
    await a.getByRole("tab", { name: "いいね" }).click();
    await a.waitForURL((url) => url.search === "?tab=like");
    const likes = a.getByRole("list", { name: "いいねの通知一覧" });
    await likes.getByText(grouped).waitFor();
    await expectNoSeriousA11yViolations(a, "notifications page, いいね tab");
    await a.screenshot({ path: "/tmp/notif-page-likes.png", fullPage: true });
  });

  test("a visitor has no bell, and /notifications asks to log in", async () => {
    const page = await browser.newPage();
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "ログインが必要です" }).waitFor();
    await page.getByText(/^通知を見るには、Googleアカウントでログインしてください。/).waitFor();
    expect(await bell(page).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, "notifications page (signed out)");
  });
});
