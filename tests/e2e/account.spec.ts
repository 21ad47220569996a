import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { SIGNED_IN_MARK } from "../../src/prerender/signed-in-mark";
import { newIdentity, signIn } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { PHONE, useBrowser } from "./browser";

const browser = useBrowser();

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first().waitFor();
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

async function switchState(page: Page, name: string) {
  return page.getByRole("switch", { name, exact: true }).getAttribute("aria-checked");
}

describe("sign-in, profile setup and edit, settings, account deletion", () => {
  test("スキップ on step 1 keeps what was typed and stops the redirect; on step 2 it finishes setup", async () => {
    const identity = newIdentity("スキップ テスト");
    const handle = `e2e_skip_${Date.now().toString(36)}`;
    const bio = "AIと一緒に小さな道具を作っています。まずは見る専門です。";
    const page = await browser.newPage();

    await page.goto("/");
    await signIn(page, identity);
    await page.waitForURL((url) => url.pathname === "/profile/setup");
    await page.getByRole("textbox", { name: /ユーザーID/ }).fill(handle);
    await page.getByRole("textbox", { name: /自己紹介/ }).fill(bio);
    await button(page, "スキップ").click();
    await page.waitForURL((url) => url.pathname === "/");

    // Browsing is not interrupted by the incomplete-profile redirect any more: with the viewer
    // loaded (the user menu shows), the gallery stays and a work opens.
    await page.goto("/projects");
    await page.getByRole("banner").getByRole("button", { name: "ユーザーメニュー" }).waitFor();
    await page.locator('main a[href^="/projects/"]').first().click();
    await page.waitForURL((url) => /^\/projects\/[^/]+$/.test(url.pathname));

    // Setup opened again shows what was typed; スキップ on step 2 completes it with step 1.
    await page.goto("/profile/setup");
    const handleBox = page.getByRole("textbox", { name: /ユーザーID/ });
    await handleBox.waitFor();
    expect(await handleBox.inputValue()).toBe(handle);
    expect(await page.getByRole("textbox", { name: /自己紹介/ }).inputValue()).toBe(bio);
    await page.getByText("使用できます").waitFor();
    await button(page, "次へ").click();
    await page.getByRole("textbox", { name: "GitHub" }).fill("not a link");
    await button(page, "スキップ").click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`/profile/${handle}`);
    await page.getByText(bio).waitFor();
    await page.close();
  });

  test("a new Google identity goes from sign-in to a finished profile, then deletes the account", async () => {
    const identity = newIdentity("江戸川 テスト");
    const handle = `e2e_${Date.now().toString(36)}`;
    const page = await browser.newPage();

    // Signed in from the gallery, a new user is sent to the setup.
    await page.goto("/projects");
    await signIn(page, identity);
    await page.waitForURL((url) => url.pathname === "/profile/setup");
    await page.getByRole("textbox", { name: /表示名/ }).waitFor();
    expect(await page.getByRole("textbox", { name: /表示名/ }).inputValue()).toBe(identity.name);

    // Step 1 validation, message by message.
    await page.getByRole("textbox", { name: /表示名/ }).fill("");
    await button(page, "次へ").click();
    await alert(page, "ユーザーIDは必須です");
    await alert(page, "表示名は必須です");
    await alert(page, "自己紹介は必須です");
    await expectNoSeriousA11yViolations(page, "profile setup step 1 (with errors)");
    const handleBox = page.getByRole("textbox", { name: /ユーザーID/ });
    await handleBox.fill("Ab");
    expect(await handleBox.inputValue()).toBe("ab");
    await button(page, "次へ").click();
    await alert(page, "3文字以上で入力してください");
    await handleBox.fill("hana_design"); // a demo creator's handle
    await page.getByText("このユーザーIDは既に使用されています").waitFor();
    await handleBox.fill(`${handle}-!`);
    expect(await handleBox.inputValue()).toBe(handle);
    await page.getByText("使用できます").waitFor();
    await page.getByRole("textbox", { name: /表示名/ }).fill("江戸川テスト");
    await page.getByRole("textbox", { name: /自己紹介/ }).fill("短い自己紹介");
    await button(page, "次へ").click();
    await alert(page, "自己紹介は20文字以上で入力してください");
    await page.getByRole("textbox", { name: /自己紹介/ }).fill("AIと一緒にゲームを作るのが好きな会社員です。よろしくお願いします！");
    await button(page, "次へ").click();

    // Step 2: links must be http(s).
    await page.getByRole("textbox", { name: "GitHub" }).fill("github.com/edogawa");
    await button(page, "完了").click();
    await alert(page, "正しいURL形式で入力してください");
    await expectNoSeriousA11yViolations(page, "profile setup step 2 (with errors)");
    await page.getByRole("textbox", { name: "GitHub" }).fill("https://github.com/edogawa");
    await button(page, "完了").click();
    await page.waitForURL((url) => url.pathname === "/");

    // Signed in: the prerendered gallery shows this browser no early pictures (whom it mutes).
    await page.waitForFunction((mark) => localStorage.getItem(mark) === "1", SIGNED_IN_MARK);

    // Edit: 保存 stays disabled until something changes; 戻る asks before discarding.
    await page.goto("/profile/edit");
    const save = button(page, "保存");
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, "profile edit");
    await page.getByRole("textbox", { name: /場所/ }).fill("東京都");
    expect(await save.isDisabled()).toBe(false);
    await button(page, "戻る").click();
    await page.getByRole("alertdialog").or(page.getByRole("dialog")).getByText("保存していない変更は失われます。").waitFor();
    await page.keyboard.press("Escape");
    await save.click();
    await page.getByText("プロフィールを更新しました").first().waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${handle}`);

    // Settings are stored on the user: they show in another browser and survive a reload.
    await page.goto("/settings");
    await page.getByRole("switch", { name: "いいね", exact: true }).click();
    expect(await switchState(page, "いいね")).toBe("false");
    // Follow notifications, off by default, can be turned on; comment e-mail waits for メール通知.
    expect(await switchState(page, "フォロー")).toBe("false");
    await page.getByRole("switch", { name: "フォロー", exact: true }).click();
    expect(await switchState(page, "フォロー")).toBe("true");
    expect(await page.getByRole("switch", { name: "コメントのメール通知", exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: "/tmp/notif-settings.png", fullPage: true });
    await expectNoSeriousA11yViolations(page, "settings");

    const other = await browser.newPage(PHONE);
    await other.goto("/settings");
    await signIn(other, identity);
    const likesSwitch = other.getByRole("switch", { name: "いいね", exact: true });
    await likesSwitch.waitFor();
    // Live: the other browser shows the change once the server has it.
    await other.waitForFunction((el) => el?.getAttribute("aria-checked") === "false", await likesSwitch.elementHandle());
    await expectNoSeriousA11yViolations(other, "settings (phone)");
    await page.reload();
    await page.getByRole("switch", { name: "いいね", exact: true }).waitFor();
    expect(await switchState(page, "いいね")).toBe("false");
    expect(await switchState(page, "フォロー")).toBe("true");
    expect(await switchState(page, "コメント")).toBe("true");

    // Export downloads the user's data as JSON.
    const [download] = await Promise.all([page.waitForEvent("download"), button(page, "データをエクスポート").click()]);
    const exported = JSON.parse(fs.readFileSync(await download.path(), "utf8")) as {
      profile: { handle: string; location: string };
      settings: { notifications: { likes: boolean } };
    };
    expect(download.suggestedFilename()).toMatch(/^vibe-gallery-export-\d{8}\.json$/);
    expect(exported.profile).toMatchObject({ handle, location: "東京都" });
    expect(exported.settings.notifications.likes).toBe(false);

    // Deleting needs the exact phrase, then signs out and goes home.
    await button(page, "アカウントを削除").click();
    const confirm = button(page, "アカウントを削除する");
    await page.getByRole("textbox", { name: /DELETE MY ACCOUNT/ }).fill("delete my account");
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole("textbox", { name: /DELETE MY ACCOUNT/ }).fill("DELETE MY ACCOUNT");
    await confirm.click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("banner").getByRole("button", { name: "ログイン" }).waitFor();
    // Signed out: the prerendered gallery may show this browser its early pictures again.
    await page.waitForFunction((mark) => localStorage.getItem(mark) === null, SIGNED_IN_MARK);

    // The same Google identity now starts over as a new, empty user; the old handle is free.
    await signIn(page, identity);
    await page.waitForURL((url) => url.pathname === "/profile/setup");
    await page.getByRole("textbox", { name: /ユーザーID/ }).fill(handle);
    await page.getByText("使用できます").waitFor();
  });
});
