// Drafts of the posting wizard and asking before a form with unsaved changes is left.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signInWithProfile } from "./auth";
import { useBrowser } from "./browser";
import { nextStep, pickImages, pngFile } from "./work-posting";

const browser = useBrowser();

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });
const title = (page: Page) => page.getByRole("textbox", { name: /タイトル/ });
const vibe = (page: Page) => page.getByRole("textbox", { name: /Vibeの説明/ });
const draftSaved = (page: Page) => page.getByText("下書きを保存しました").waitFor({ timeout: 30_000 });

describe("drafts", () => {
  test(
    "a long story and an image survive a reload; Back moves between steps; the draft is resumed and posted",
    { timeout: 240_000 },
    async () => {
      const workTitle = `下書きから投稿 ${Date.now()}`;
      const story = "最初はただのメモ帳でした。".repeat(120);
      const page = await browser.newPage();
      await page.goto("/");
      await signInWithProfile(page, newIdentity("下書き 花子"));
      await page.goto("/submit");

      await stepHeading(page, "基本情報").waitFor();
      await title(page).fill(workTitle);
      await page.getByRole("textbox", { name: /^説明/ }).fill("書きかけで閉じても消えない作品です。");
      await vibe(page).fill(story);
      await page.getByRole("combobox", { name: /ジャンル/ }).click();
      await page.getByRole("option", { name: "その他" }).click();
      await page.getByRole("textbox", { name: /^デモURL/ }).fill("https://example.com/draft");
      await nextStep(page).click();
      await stepHeading(page, "スクリーンショット").waitFor();
      await pickImages(page, [pngFile("draft.png", 2)]);
      await page.getByText("アップロード完了").waitFor();
      await draftSaved(page);
      expect(new URL(page.url()).searchParams.get("draft")).toBeTruthy();

      // The browser's Back goes to step 1, Forward to step 2 again.
      await page.goBack();
      await stepHeading(page, "基本情報").waitFor();
      expect(await title(page).inputValue()).toBe(workTitle);
      await page.goForward();
      await stepHeading(page, "スクリーンショット").waitFor();

      // A reload resumes the draft where it was.
      await page.reload();
      await stepHeading(page, "スクリーンショット").waitFor();
      await page
        .getByRole("img", { name: /下書きの画像1/ })
        .or(page.getByText("下書きの画像"))
        .first()
        .waitFor();
      await page.screenshot({ path: "/tmp/drafts-step2-after-reload.png" });

      // Opening /submit afresh offers the draft.
      await page.goto("/submit");
      await page.getByRole("heading", { name: "書きかけの下書きがあります" }).waitFor();
      await page.getByText(workTitle).waitFor();
      await page.screenshot({ path: "/tmp/drafts-prompt.png" });
      await page.getByRole("button", { name: "下書きを再開" }).click();
      await stepHeading(page, "基本情報").waitFor();
      expect(await title(page).inputValue()).toBe(workTitle);
      expect(await vibe(page).inputValue()).toBe(story);
      await nextStep(page).click();
      await page.getByText("1/5枚").waitFor();
      await nextStep(page).click();
      await page.getByRole("button", { name: /^ChatGPT/ }).click();
      await nextStep(page).click();
      await page.getByRole("button", { name: "投稿する" }).click();
      await page.getByText("作品を投稿しました！", { exact: true }).waitFor();
      await page.getByRole("heading", { level: 1, name: workTitle }).waitFor();

      // The draft is used up: /submit starts blank.
      await page.goto("/submit");
      await stepHeading(page, "基本情報").waitFor();
      expect(await title(page).inputValue()).toBe("");
      expect(await page.getByRole("button", { name: "下書きを再開" }).count()).toBe(0);
    },
  );

  test("the owner's profile lists their drafts; another person sees no 下書き tab", { timeout: 180_000 }, async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await signInWithProfile(page, newIdentity("一覧 次郎"));
    await page.goto("/submit");
    await title(page).fill("一覧に出る下書き");
    await draftSaved(page);
    await page.goto("/profile/edit");
    await page.getByRole("textbox", { name: /ユーザーID/ }).waitFor();
    const handle = await page.getByRole("textbox", { name: /ユーザーID/ }).inputValue();
    await page.goto(`/profile/${handle}?tab=drafts`);
    await page.getByText("一覧に出る下書き").waitFor();
    await page.getByRole("link", { name: "続きを書く" }).waitFor();
    await page.screenshot({ path: "/tmp/drafts-profile-tab.png" });

    const other = await browser.newPage();
    await other.goto(`/profile/${handle}?tab=drafts`);
    await other.getByRole("tab", { name: "実績" }).waitFor();
    expect(await other.getByRole("tab", { name: "下書き" }).count()).toBe(0);
    expect(await other.getByText("一覧に出る下書き").count()).toBe(0);
  });
});

describe("leaving a form with unsaved changes", () => {
  test("/profile/edit asks before a link leaves it; staying keeps the change", { timeout: 180_000 }, async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await signInWithProfile(page, newIdentity("離脱 三郎"));
    await page.goto("/profile/edit");
    await page.getByRole("textbox", { name: "場所" }).fill("札幌市");
    await page.getByRole("banner").getByRole("link", { name: "投稿する" }).click();
    const dialog = page.getByRole("alertdialog", { name: "保存していない変更があります。このページを離れますか？" });
    await dialog.waitFor();
    await page.screenshot({ path: "/tmp/drafts-leave-guard.png" });
    await dialog.getByRole("button", { name: "このページに留まる" }).click();
    expect(new URL(page.url()).pathname).toBe("/profile/edit");
    expect(await page.getByRole("textbox", { name: "場所" }).inputValue()).toBe("札幌市");

    await page.getByRole("banner").getByRole("link", { name: "投稿する" }).click();
    await dialog.getByRole("button", { name: "離れる" }).click();
    await page.waitForURL((url) => url.pathname === "/submit");
  });
});
