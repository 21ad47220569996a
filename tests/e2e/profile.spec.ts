import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { PHONE, useBrowser } from "./browser";

const browser = useBrowser();

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const handleOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

async function openOwnProfile(page: Page) {
  await page.getByRole("button", { name: "ユーザーメニュー" }).click();
  await page.getByRole("menuitem", { name: "マイプロフィール" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/profile/"));
}

describe("profile page", () => {
  test("from a work card to its author's profile, with tabs in the URL", async () => {
    const page = await browser.newPage();
    await page.goto(`/projects?search=${encodeURIComponent("今日のパレット")}`);
    await page.getByRole("link", { name: "作成者: 佐藤はな" }).first().click();
    await page.waitForURL((url) => url.pathname === "/profile/hana_design");
    await page.getByRole("heading", { level: 1, name: "佐藤はな" }).waitFor();
    await page.getByText("@hana_design").waitFor();
    for (const label of ["作品数", "ゼロコード作品", "総いいね", "総閲覧数"]) await page.getByText(label, { exact: true }).waitFor();
    await page.getByRole("list", { name: "作品" }).getByRole("link", { name: "今日のパレット" }).waitFor();
    await expectNoSeriousA11yViolations(page, "profile");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@type": "ProfilePage",
      mainEntity: { "@type": "Person", name: "佐藤はな", alternateName: "@hana_design" },
    });

    await tab(page, "実績").click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "achievements");
    await page.getByRole("progressbar", { name: "ゼロコードマスターの進み具合" }).waitFor();
    await page.reload();
    expect(await tab(page, "実績").getAttribute("aria-selected")).toBe("true");
    // A visitor sees フォロー, and is asked to log in.
    await page.getByRole("button", { name: "佐藤はなさんをフォロー" }).click();
    await page.getByText("フォローするにはログインが必要です").first().waitFor();
  });

  test("an unknown id shows who was asked for and a way home", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/profile/no_such_creator");
    await page.getByText("ユーザーが見つかりませんでした").first().waitFor();
    await page.getByText("no_such_creator").waitFor();
    await expectNoSeriousA11yViolations(page, "missing profile");
    await page.getByRole("link", { name: "ホームに戻る" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("the owner reaches it from マイプロフィール, edits it and lands back on it", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await signInWithProfile(page, newIdentity("プロフ 持ち主"));
    await openOwnProfile(page);
    const handle = handleOf(page);
    await page.getByRole("heading", { level: 1, name: "プロフ 持ち主" }).waitFor();
    // No works yet: the owner is invited to post one.
    await page.getByRole("link", { name: "最初の作品を投稿する" }).waitFor();
    await expectNoSeriousA11yViolations(page, "own profile");
    await page.getByRole("link", { name: "編集" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/edit");
    await page.getByRole("textbox", { name: /表示名/ }).waitFor();
    await expectNoSeriousA11yViolations(page, "profile edit");
    await page.getByRole("textbox", { name: /表示名/ }).fill("新しい 名前");
    await page.getByRole("textbox", { name: /場所/ }).fill("大阪");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/profile/${handle}`);
    await page.getByRole("heading", { level: 1, name: "新しい 名前" }).waitFor();
    await page.getByText("大阪", { exact: true }).waitFor();
  });

  test("B follows A: A's open page counts it live; A goes private and B sees only the name", async () => {
    const a = await browser.newPage();
    await a.goto("/");
    await signInWithProfile(a, newIdentity("フォロー される人"));
    await openOwnProfile(a);
    const handle = handleOf(a);
    await a.getByRole("button", { name: /0 フォロワー/ }).waitFor();

    const b = await browser.newPage(PHONE);
    await b.goto("/");
    await signInWithProfile(b, newIdentity("フォロー する人"));
    await b.goto(`/profile/${handle}`);
    await b.getByRole("button", { name: "フォロー される人さんをフォロー" }).click();
    await b.getByRole("button", { name: "フォロー される人さんをフォロー中（押すと解除）" }).waitFor();
    await expectNoSeriousA11yViolations(b, "profile (phone)");

    // A never reloads.
    await a.getByRole("button", { name: /1 フォロワー/ }).waitFor();
    await a.getByRole("button", { name: /1 フォロワー/ }).click();
    await a.getByRole("dialog", { name: "フォロワー" }).getByText("フォロー する人").waitFor();
    await a.keyboard.press("Escape");

    // A makes the profile private; B's open page follows.
    await a.goto("/settings");
    await a.getByText("非公開", { exact: true }).click();
    await b.getByText("このプロフィールは非公開です").waitFor();
    await b.getByRole("heading", { level: 1, name: "フォロー される人" }).waitFor();
    await expectNoSeriousA11yViolations(b, "private profile");
    await expectNoSeriousA11yViolations(a, "settings");
    expect(await b.getByRole("tab").count()).toBe(0);
    expect(await b.getByText(`@${handle}`).count()).toBe(0);
    // B may still undo the follow, and is then offered none.
    await b.getByRole("button", { name: "フォロー される人さんをフォロー中（押すと解除）" }).click();
    await b.getByRole("button", { name: /フォロー される人さんをフォロー/ }).waitFor({ state: "detached" });
    // The owner still sees everything, with a note of what others see.
    await a.goto(`/profile/${handle}`);
    await a.getByText("プロフィールは非公開です。他のユーザーにはアイコンと表示名だけが表示されます。").waitFor();
    await tab(a, "作品").waitFor();
  });
});
