// Trust and safety as people meet it: a report, the moderation desk, a hidden work that others
// can no longer find, the author's review request, the restore; and a suspended account whose
// writes are refused with the message that says until when.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signIn, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { completeProfileSetup } from "./stand-in-sign-in";
import { openWork } from "./work-pages";
import { fillAndPostWork, nextStep, pickImages, pngFile } from "./work-posting";

const browser = useBrowser();

/** The demo admin named in ADMIN_EMAILS by the offline stack. */
const ADMIN = { name: "管理者（デモ）", email: "admin@demo.vibe-gallery.example" };
const SUSPENDED_MESSAGE = /アカウントが停止されているため、この操作はできません（\d+年\d+月\d+日 \d+:\d+まで）/;

let adminPage: Page | undefined;
/** One admin session for the whole file: the first call signs in and finishes the profile. */
async function admin(viewport = DESKTOP): Promise<Page> {
  if (adminPage) return adminPage;
  const page = await browser.newPage(viewport);
  await page.goto("/");
  await signIn(page, ADMIN);
  await completeProfileSetup(page, `admin_${Date.now().toString(36)}`);
  adminPage = page;
  return page;
}

/** Fills the action dialog's required note and confirms it. */
async function confirmAction(page: Page, confirm: string, note: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /理由のメモ/ }).fill(note);
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

/** Opens the desk's case about `label` (the newest state of the queue). */
async function openCase(page: Page, label: string) {
  await page.goto("/admin");
  await page
    .getByRole("button", { name: new RegExp(label) })
    .first()
    .click();
  await page.getByRole("heading", { name: "対応" }).or(page.getByText("どの操作にも短い理由のメモが必要です")).first().waitFor();
}

/** Searches the gallery for `title` and says whether a card links to it, once results are in. */
async function galleryShows(page: Page, title: string): Promise<boolean> {
  await page.goto(`/projects?search=${encodeURIComponent(title)}`);
  const card = page.getByRole("link", { name: title }).first();
  const none = page.getByText("条件に一致する作品が見つかりませんでした");
  await card.or(none).first().waitFor();
  return await card.isVisible();
}

describe("trust and safety", () => {
  test(
    "B reports A's work; the admin hides it; B can no longer find it; A asks for review; the admin restores it",
    { timeout: 300_000 },
    async () => {
      const title = `通報テストの作品 ${Date.now().toString(36)}`;
      // A posts a work.
      const author = await browser.newPage(DESKTOP);
      await author.goto("/");
      const authorHandle = `author_${Date.now().toString(36)}`;
      await signIn(author, newIdentity("作者 あい"));
      await completeProfileSetup(author, authorHandle);
      await author.getByRole("banner").getByRole("link", { name: "投稿する" }).click();
      await fillAndPostWork(author, title);
      await author.getByRole("heading", { level: 1, name: title }).waitFor();
      const workPath = new URL(author.url()).pathname;

      // B, on a phone, reports it from the work page's … menu.
      const reporter = await browser.newPage(PHONE);
      await reporter.goto("/");
      await signInWithProfile(reporter, newIdentity("通報 びい"));
      await reporter.goto(workPath);
      await reporter.getByRole("heading", { level: 1, name: title }).waitFor();
      await reporter.getByRole("button", { name: "その他の操作" }).first().click();
      await reporter.getByRole("menuitem", { name: "通報する" }).click();
      const dialog = reporter.getByRole("dialog");
      await dialog.getByRole("radio", { name: "スパム" }).check();
      await dialog.getByRole("textbox").fill("宣伝だけの投稿に見えます");
      await expectNoSeriousA11yViolations(reporter, "report dialog (375)");
      await dialog.getByRole("button", { name: "送信" }).click();
      await dialog.getByText("通報を受け付けました。内容を確認し、必要に応じて対応します。ご協力ありがとうございます。").waitFor();
      await reporter.keyboard.press("Escape");

      // The admin finds it on the desk and hides it with a note.
      const desk = await admin();
      await openCase(desk, title);
      await desk.getByText("宣伝だけの投稿に見えます").waitFor();
      await expectNoSeriousA11yViolations(desk, "moderation desk (1280)");
      await desk.getByRole("button", { name: "非表示", exact: true }).click();
      await confirmAction(desk, "非表示にする", "宣伝のみの投稿のため");

      // B: the gallery search, A's profile and the work's own URL no longer show it.
      expect(await galleryShows(reporter, title)).toBe(false);
      await reporter.goto(`/profile/${authorHandle}`);
      await reporter.getByRole("heading", { level: 1 }).waitFor();
      await reporter.getByText("まだ作品がありません").waitFor();
      expect(await reporter.getByRole("link", { name: title }).count()).toBe(0);
      await reporter.goto(workPath);
      await reporter.getByText("この作品は表示できません").waitFor();
      await expectNoSeriousA11yViolations(reporter, "hidden work for others (375)");

      // A sees why, and asks for review once.
      await author.goto(workPath);
      await author.getByText("この作品は非公開になっています").waitFor();
      await author.getByText("宣伝のみの投稿のため").waitFor();
      await expectNoSeriousA11yViolations(author, "hidden work for its author (1280)");
      await author.getByRole("button", { name: "再審査を依頼" }).click();
      await author.getByText("再審査を依頼しました").waitFor();

      // The review request puts it back on the desk; the admin restores it.
      await openCase(desk, title);
      await desk.getByRole("button", { name: "表示を戻す", exact: true }).click();
      await confirmAction(desk, "表示を戻す", "再審査の結果、問題なしと判断しました");
      await desk.goto("/admin/log");
      // The log is a table on wide screens and a list on phones; one of them is shown.
      await desk.getByRole("cell", { name: "再審査の結果、問題なしと判断しました" }).waitFor();
      await expectNoSeriousA11yViolations(desk, "audit log (1280)");

      // B finds it again.
      expect(await galleryShows(reporter, title)).toBe(true);
    },
  );

  test("a suspended user's like, comment and post are refused with the message that says until when", { timeout: 300_000 }, async () => {
    const handle = `susp_${Date.now().toString(36)}`;
    const user = await browser.newPage(PHONE);
    await user.goto("/");
    await signIn(user, newIdentity("停止 しい"));
    await completeProfileSetup(user, handle);

    // The admin suspends them for 7 days from their profile's … menu.
    const desk = await admin();
    await desk.goto(`/profile/${handle}`);
    await desk.getByRole("heading", { level: 1 }).waitFor();
    await desk.getByRole("button", { name: "その他の操作" }).first().click();
    await desk.getByRole("menuitem", { name: "このユーザーを停止する" }).click();
    await confirmAction(desk, "停止する", "スパムの連投のため");

    // They still read, and see why they cannot write.
    await user.reload();
    await user
      .getByText(/アカウントが停止されています/)
      .first()
      .waitFor();
    await user.getByRole("heading", { level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(user, "suspended banner (375)");
    await openWork(user, "シフト自動作成くん");
    await user
      .getByRole("button", { name: /いいね/ })
      .first()
      .click();
    await user.getByText(SUSPENDED_MESSAGE).first().waitFor();

    await user.getByRole("textbox", { name: "コメント" }).fill("停止中のコメント");
    await user.getByRole("button", { name: "コメントする" }).click();
    await user.getByText(SUSPENDED_MESSAGE).first().waitFor();
    expect(await user.getByRole("list", { name: "コメント一覧" }).getByText("停止中のコメント").count()).toBe(0);

    // Posting: the wizard's first upload is refused with the same message.
    await user.goto("/submit");
    await user.getByRole("textbox", { name: /タイトル/ }).fill("停止中の投稿");
    await user.getByRole("textbox", { name: /^説明/ }).fill("停止中に投稿しようとした作品です。");
    await user.getByRole("textbox", { name: /Vibeの説明/ }).fill("AIと相談しながら作りました。");
    await user.getByRole("combobox", { name: /ジャンル/ }).click();
    await user.getByRole("option", { name: "その他" }).click();
    await user.getByRole("textbox", { name: /^デモURL/ }).fill("https://example.com/suspended");
    await nextStep(user).click();
    await pickImages(user, [pngFile("refused.png", 5)]);
    await user.getByText(SUSPENDED_MESSAGE).first().waitFor();
  });
});
