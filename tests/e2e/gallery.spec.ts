import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { newIdentity, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { PHONE, useBrowser } from "./browser";
import { waitForMail } from "./mail";

const browser = useBrowser();

const results = (page: Page) => page.getByRole("list", { name: "作品一覧" });
const card = (page: Page, title: string) => results(page).getByRole("link", { name: title, exact: true });

/** Opens a demo work's page from the gallery and returns its path. */
async function openWork(page: Page, title: string) {
  await page.goto(`/projects?search=${encodeURIComponent(title)}`);
  await card(page, title).click();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  return new URL(page.url()).pathname;
}

const reactions = (page: Page) => page.getByRole("group", { name: "反応" });
const pressed = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

describe("gallery", () => {
  test("search in Japanese finds a demo work by a word inside its description", async () => {
    const page = await browser.newPage();
    await page.goto("/projects");
    await results(page).waitFor();
    // "ローマ字" appears only in 星空タイピング's description, never in a title.
    await page.getByRole("searchbox", { name: "キーワードで検索" }).fill("ローマ字");
    await page.waitForURL((url) => url.searchParams.get("search") === "ローマ字");
    await card(page, "星空タイピング").waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="作品一覧"] > li').length === 1);

    // Kana, width and case are folded: hiragana finds katakana, full-width ＡＩ finds AI.
    await page.getByRole("searchbox", { name: "キーワードで検索" }).fill("ぱれっと");
    await page.waitForURL((url) => url.searchParams.get("search") === "ぱれっと");
    await card(page, "今日のパレット").waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="作品一覧"] > li').length === 1);
    await page.getByRole("searchbox", { name: "キーワードで検索" }).fill("ＡＩ");
    await card(page, "AI絵本スタジオ").waitFor();

    // The header search lands here with ?search= as well, and a miss shows the clear action.
    await page.goto(`/projects?search=${encodeURIComponent("存在しない言葉")}`);
    await page.getByText("条件に一致する作品が見つかりませんでした").waitFor();
    await page.getByRole("button", { name: "絞り込みをクリア" }).first().click();
    await card(page, "星空タイピング").waitFor();
    expect(new URL(page.url()).search).toBe("");
    await expectNoSeriousA11yViolations(page, "gallery");
  });

  test("filters, sort and view live in the URL and survive a reload", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/projects");
    await results(page).waitFor();
    await page.getByRole("button", { name: "ゼロコードのみ" }).click();
    await page.getByRole("combobox", { name: "ジャンル" }).click();
    await page.getByRole("option", { name: "ゲーム" }).click();
    await page.getByRole("button", { name: "人気順" }).click();
    await page.getByRole("button", { name: "リスト表示" }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "list");
    await card(page, "星空タイピング").waitFor();

    await page.reload();
    await card(page, "星空タイピング").waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      genre: "game",
      zeroCode: "1",
      sort: "popular",
      view: "list",
    });
    expect(await pressed(page, "ゼロコードのみ")).toBe("true");
    expect(await pressed(page, "人気順")).toBe("true");
    expect(await pressed(page, "リスト表示")).toBe("true");
    expect(await page.getByRole("combobox", { name: "ジャンル" }).textContent()).toContain("ゲーム");
    // ネオン・ブロック崩し is a game but not zero-code.
    expect(await card(page, "ネオン・ブロック崩し").count()).toBe(0);

    // Older links said genre=web for Web apps.
    await page.goto("/projects?genre=web");
    await card(page, "ふんわり家計簿").waitFor();
    await expectNoSeriousA11yViolations(page, "gallery");
    expect(await page.getByRole("combobox", { name: "ジャンル" }).textContent()).toContain("Webアプリ");
  });
});

describe("work page", () => {
  test("Back from a work returns to the same place in the gallery, on a phone", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/projects");
    await results(page).getByRole("listitem").nth(11).waitFor();
    // Well down the list, as after scrolling through a dozen works; then a work in view is opened.
    const place = await page.evaluate(() => {
      window.scrollTo(0, Math.min(3000, document.documentElement.scrollHeight - window.innerHeight - 200));
      return window.scrollY;
    });
    let title = "";
    for (const item of await results(page).locator(":scope > li").all()) {
      const box = await item.boundingBox();
      if (box && box.y > 80 && box.y < PHONE.height - 100) {
        title = (await item.locator("h3").textContent()) ?? "";
        break;
      }
    }
    expect(place).toBeGreaterThan(2000);
    await card(page, title).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/projects");
    await page.waitForFunction((top) => Math.abs(window.scrollY - top) <= 2, place);
    expect(await card(page, title).isVisible()).toBe(true);
  });

  test("share copies the share link and shows コピー済み for 2 seconds", async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(browser.appUrl()).origin });
    const path = await openWork(page, "ふんわり家計簿");
    const shareUrl = `${inject("siteUrl")}/share/projects/${path.split("/").at(-1)}`;
    await page.getByRole("button", { name: "共有" }).click();
    await page.getByRole("button", { name: "コピー済み" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await page.getByRole("button", { name: "共有" }).waitFor();
  });

  test("埋め込み shows the card it embeds and copies its code; the card opens the work page", async () => {
    const page = await browser.newPage(PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(browser.appUrl()).origin });
    const path = await openWork(page, "ふんわり家計簿");
    const embedUrl = `${inject("siteUrl")}/embed/projects/${path.split("/").at(-1)}`;
    await page.getByRole("button", { name: "埋め込み" }).click();
    const dialog = page.getByRole("dialog", { name: "埋め込みコード" });
    // The preview is the real card, served by the deployment.
    const card = page.frameLocator('iframe[title="ふんわり家計簿の埋め込みカードのプレビュー"]');
    await card.getByRole("heading", { name: "ふんわり家計簿" }).waitFor();
    expect(await card.getByRole("link").getAttribute("href")).toBe(new URL(path, browser.appUrl()).href);
    const code = await dialog.getByLabel("コード").inputValue();
    expect(code).toContain(`<iframe src="${embedUrl}"`);
    await expectNoSeriousA11yViolations(page, "embed dialog");
    await dialog.getByRole("button", { name: "コードをコピー" }).click();
    await dialog.getByRole("button", { name: "コピー済み" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test("the share link gives crawlers the work's card and sends people to the work page", async () => {
    const page = await browser.newPage();
    const path = await openWork(page, "ふんわり家計簿");
    const workUrl = new URL(path, browser.appUrl()).href;
    const shareUrl = `${inject("siteUrl")}/share/projects/${path.split("/").at(-1)}`;

    // A crawler (no scripts, no redirects) reads the Open Graph / Twitter card tags.
    const response = await page.request.get(shareUrl, { headers: { "User-Agent": "Twitterbot/1.0" }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
    const html = await response.text();
    const tag = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
    expect(tag("og:title")).toBe("ふんわり家計簿");
    expect(tag("og:description")).toBeTruthy();
    expect(tag("og:url")).toBe(shareUrl);
    expect(tag("twitter:card")).toBe("summary_large_image");
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${workUrl}">`);
    // The thumbnail, absolute and served as an image.
    const image = tag("og:image")!;
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/storage\//);
    const picture = await page.request.get(image);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toMatch(/^image\//);

    // A person's browser lands on the work page, which tells search engines what it is: its own
    // description, a canonical address and JSON-LD.
    await page.goto(shareUrl);
    await page.waitForURL(workUrl);
    await page.getByRole("heading", { level: 1, name: "ふんわり家計簿" }).waitFor();
    expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toBe(workUrl);
    expect(await page.locator('head meta[name="description"]').getAttribute("content")).toContain("家計簿");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(ld).toMatchObject({ "@type": "CreativeWork", name: "ふんわり家計簿", url: workUrl });

    // A missing work: 404 with the site's card.
    const missing = await page.request.get(`${inject("siteUrl")}/share/projects/this-work-does-not-exist`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<meta property="og:title" content="バイブギャラリー | Vibe Gallery">');
  });

  test("a missing work shows プロジェクトが見つかりません with a way back", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/projects");
    await results(page).waitFor();
    await page.goto("/projects/this-work-does-not-exist");
    await page.getByRole("heading", { name: "プロジェクトが見つかりません" }).waitFor();
    await expectNoSeriousA11yViolations(page, "missing work");
    await page.getByRole("button", { name: "戻る" }).click();
    await page.waitForURL((url) => url.pathname === "/projects");

    await page.goto("/projects/this-work-does-not-exist");
    await page.getByRole("link", { name: "作品一覧へ" }).click();
    await results(page).waitFor();
  });

  test("a signed-out like asks to log in and changes nothing", async () => {
    const page = await browser.newPage();
    await openWork(page, "九九マスター");
    // Once the page knows the visitor is signed out.
    await page.getByText("コメントするにはログインが必要です").waitFor();
    const like = page.getByRole("button", { name: /^いいね/ });
    const before = await like.getAttribute("aria-label");
    await like.click();
    await page.getByText("いいねするにはログインが必要です").first().waitFor();
    expect(await like.getAttribute("aria-label")).toBe(before);
    expect(await like.getAttribute("aria-pressed")).toBe("false");
  });

  test("B likes and comments; A's open page shows the new counts and comment without reload", async () => {
    const title = "見積書メーカー";
    const a = await browser.newPage(PHONE);
    const path = await openWork(a, title);
    const likeA = a.getByRole("button", { name: /^いいね/ });
    const likesBefore = Number((await likeA.getAttribute("aria-label"))!.match(/\d+/)![0]);
    const commentsBefore = Number(
      (await reactions(a)
        .getByLabel(/^コメント \d+件$/)
        .getAttribute("aria-label"))!.match(/\d+/)![0],
    );
    await expectNoSeriousA11yViolations(a, "work page");

    const b = await browser.newPage();
    await b.goto(path);
    await signInWithProfile(b, newIdentity("ライブ 確認"));
    await b.goto(path);
    const likeB = b.getByRole("button", { name: /^いいね/ });
    await likeB.click();
    await b.getByRole("button", { name: `いいね ${likesBefore + 1}件` }).waitFor();
    await expectNoSeriousA11yViolations(b, "work page (signed in)");
    expect(await likeB.getAttribute("aria-pressed")).toBe("true");
    const comment = `ライブで届くコメント ${Date.now()}`;
    await b.getByRole("textbox", { name: "コメント" }).fill(comment);
    await b.getByRole("button", { name: "コメントする" }).click();
    await b.getByText(comment).waitFor();

    // A never reloads.
    await a.getByRole("button", { name: `いいね ${likesBefore + 1}件` }).waitFor();
    await reactions(a)
      .getByLabel(`コメント ${commentsBefore + 1}件`, { exact: true })
      .waitFor();
    await a.getByRole("list", { name: "コメント一覧" }).getByText(comment).waitFor();
    // The author's comment e-mail reached the local mail sink with the SPEC.md template params.
    const mail = await waitForMail(comment);
    expect(mail.template_params).toMatchObject({ project_title: title, from_name: "ライブ 確認", app_name: "Vibe Gallery" });
    expect(Object.keys(mail.template_params).sort()).toEqual(
      ["app_name", "comment_content", "comment_date", "from_name", "project_title", "project_url", "to_email", "to_name"].sort(),
    );
    expect(String(mail.template_params.project_url)).toMatch(/\/projects\/[^/]+$/);

    // B takes the like back and deletes the comment (after confirming); A's page follows.
    await likeB.click();
    await a.getByRole("button", { name: `いいね ${likesBefore}件` }).waitFor();
    await b.getByRole("button", { name: "コメントを削除" }).click();
    await b.getByRole("alertdialog", { name: "コメントを削除しますか？" }).getByRole("button", { name: "削除する" }).click();
    await a.getByRole("list", { name: "コメント一覧" }).getByText(comment).waitFor({ state: "detached" });
    await reactions(a).getByLabel(`コメント ${commentsBefore}件`, { exact: true }).waitFor();
  });
});
