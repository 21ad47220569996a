import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { newIdentity, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { PHONE, useBrowser } from "./browser";
import { fillAndPostWork, fillBasicInfo, nextStep, pickImages, pngFile } from "./work-posting";

const browser = useBrowser();

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });
const next = nextStep;

/** Drops a file on the drop area the way a drag from the desktop does. */
async function dropImage(page: Page, file: ReturnType<typeof pngFile>) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  const zone = page.getByRole("group", { name: "スクリーンショットを追加" });
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}

/** The og:image (and the tags about it) a crawler reads from the work's share link, the HTTP action on the site URL. */
async function sharedImage(page: Page, workPath: string) {
  const shareUrl = `${inject("siteUrl")}/share/projects/${workPath.split("/").at(-1)}`;
  const response = await page.request.get(shareUrl, { headers: { "User-Agent": "Twitterbot/1.0" }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const tag = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
  return { image: tag("og:image"), tag };
}

/** A stored image the page names as 1200×630: a share card (the thumbnail has no size, the site image is not stored). */
const isStoredCard = ({ image, tag }: Awaited<ReturnType<typeof sharedImage>>) =>
  /^http:\/\/127\.0\.0\.1:\d+\/api\/storage\//.test(image ?? "") && tag("og:image:width") === "1200";

/**
 * The share card the work's share link names, once the browser has drawn and sent it in the
 * background after 投稿する / 更新する (any card but `replaced`): polled, since nothing waits for it.
 * Then checks that it is the 1200×630 share card and loads as an image.
 */
async function shareCardOf(page: Page, workPath: string, replaced?: string): Promise<string> {
  await expect
    .poll(
      async () => {
        const shared = await sharedImage(page, workPath);
        return isStoredCard(shared) && shared.image !== replaced;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  const { image, tag } = await sharedImage(page, workPath);
  const card = image!;
  expect(tag("twitter:image")).toBe(card);
  expect(tag("twitter:card")).toBe("summary_large_image");
  expect([tag("og:image:width"), tag("og:image:height")]).toEqual(["1200", "630"]);
  const served = await page.request.get(card);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\/(webp|jpeg|png)$/);
  // It decodes in a browser, at the size the page names.
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, card);
  expect(size).toEqual([1200, 630]);
  return card;
}

describe("posting and editing a work", () => {
  test("post with 2 PNGs through all 4 steps, edit its images, and nobody else may edit it", { timeout: 240_000 }, async () => {
    const title = `植物みずやり日記 ${Date.now()}`;
    const page = await browser.newPage();
    await page.goto("/");
    await signInWithProfile(page, newIdentity("投稿 太郎"));
    await page.getByRole("banner").getByRole("link", { name: "投稿する" }).click();

    // Step 1: next is refused until the step validates.
    await stepHeading(page, "基本情報").waitFor();
    await next(page).click();
    await page.getByText("タイトルは必須です").waitFor();
    await expectNoSeriousA11yViolations(page, "submit step 1 (with errors)");
    await page.getByRole("textbox", { name: /タイトル/ }).fill(title);
    await page.getByRole("textbox", { name: /^説明/ }).fill("写真を撮るだけで、観葉植物の水やりを記録できるアプリです。");
    await page.getByRole("textbox", { name: /Vibeの説明/ }).fill("枯らしてしまった植物への反省から、Claudeと相談して作りました。");
    await page.getByRole("combobox", { name: /ジャンル/ }).click();
    await page.getByRole("option", { name: "ツール" }).click();
    await page.getByRole("textbox", { name: /^デモURL/ }).fill("https://example.com/plants");
    await next(page).click();

    // Step 2: two real PNG files, each uploaded with its progress.
    await stepHeading(page, "スクリーンショット").waitFor();
    await pickImages(page, [pngFile("first.png", 0), pngFile("second.png", 1)]);
    await page.getByRole("progressbar", { name: "first.pngのアップロード" }).waitFor();
    await page.getByText("アップロード完了").nth(1).waitFor();
    await page.getByRole("button", { name: "戻る", exact: true }).click();
    // Back keeps what was typed.
    expect(await page.getByRole("textbox", { name: /タイトル/ }).inputValue()).toBe(title);
    await next(page).click();
    await page.getByText("2/5枚").waitFor();
    await expectNoSeriousA11yViolations(page, "submit step 2");
    await next(page).click();

    // Step 3.
    await stepHeading(page, "技術情報").waitFor();
    await page.getByRole("button", { name: /^Claude/ }).click();
    await page.getByRole("textbox", { name: "リストにないツール" }).fill("Windsurf");
    await page.getByRole("button", { name: "追加", exact: true }).click();
    await page.getByRole("textbox", { name: /^タグ/ }).fill("植物、");
    await expectNoSeriousA11yViolations(page, "submit step 3");
    await next(page).click();

    // Step 4, then back to step 2 through the progress bar and forward again.
    await stepHeading(page, "内容の確認").waitFor();
    await expectNoSeriousA11yViolations(page, "submit step 4");
    await page.getByRole("button", { name: "ステップ2「スクリーンショット」に戻る" }).click();
    await stepHeading(page, "スクリーンショット").waitFor();
    await next(page).click();
    await next(page).click();
    await page.getByRole("button", { name: "投稿する" }).click();

    await page.getByText("作品を投稿しました！", { exact: true }).waitFor();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const workPath = new URL(page.url()).pathname;
    expect(workPath).toMatch(/^\/projects\/.+/);
    const carousel = page.getByRole("region", { name: "スクリーンショット" });
    const dots = carousel.getByRole("button", { name: /^画像 \d+を表示$/ });
    expect(await dots.count()).toBe(2);
    await carousel.getByRole("button", { name: "画像 2を表示" }).click();
    const secondImage = await carousel.getByRole("img").getAttribute("src");
    await page.getByRole("list", { name: "使用したAIツール" }).getByText("Windsurf").waitFor();
    await expectNoSeriousA11yViolations(page, "own work page");

    // The browser draws the work's share card after posting, in the background: its share link
    // names it once it arrives.
    const firstCard = await shareCardOf(page, workPath);

    // Edit: remove one image and add another.
    await page.getByRole("link", { name: "編集" }).click();
    await page.waitForURL((url) => url.searchParams.has("edit"));
    await stepHeading(page, "基本情報").waitFor();
    expect(await page.getByRole("textbox", { name: /タイトル/ }).inputValue()).toBe(title);
    await next(page).click();
    await page.getByRole("button", { name: "現在の画像1を削除" }).click();
    await dropImage(page, pngFile("third.png", 2));
    await page.getByText("アップロード完了").waitFor();
    await next(page).click();
    await next(page).click();
    await page.getByRole("button", { name: "更新する" }).click();
    await page.getByText("作品を更新しました", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === workPath);
    // The first image is gone (the old second one leads now) and the new one follows it.
    await carousel.getByRole("img", { name: /1\/2$/ }).waitFor();
    expect(await dots.count()).toBe(2);
    expect(await carousel.getByRole("img").getAttribute("src")).toBe(secondImage);
    // Another first image: the old card is gone, and a new one is drawn.
    const secondCard = await shareCardOf(page, workPath, firstCard);
    expect(secondCard).not.toBe(firstCard);
    expect((await page.request.get(firstCard)).status()).toBe(404);

    // Someone else cannot open its edit page.
    const other = await browser.newPage(PHONE);
    await other.goto("/");
    await signInWithProfile(other, newIdentity("他人 花子"));
    await other.goto(`/submit?edit=${workPath.split("/").pop()}`);
    await other.getByText("この作品を編集する権限がありません", { exact: true }).waitFor();
    await other.waitForURL((url) => url.pathname === "/");
  });

  test("a signed-out visitor is told to log in and sent home", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/submit");
    await page.getByText("作品を投稿するにはログインが必要です", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("the owner deletes a work: it leaves the gallery and its page shows the missing state", async () => {
    const title = `削除される作品 ${Date.now()}`;
    const page = await browser.newPage();
    await page.goto("/");
    await signInWithProfile(page, newIdentity("削除 次郎"));
    await page.goto("/submit");
    await fillAndPostWork(page, title);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const workPath = new URL(page.url()).pathname;

    const gallery = (p: Page) => p.getByRole("list", { name: "作品一覧" }).getByRole("link", { name: title, exact: true });
    const watcher = await browser.newPage(PHONE);
    await watcher.goto(`/projects?search=${encodeURIComponent(title)}`);
    await gallery(watcher).waitFor();

    await page.getByRole("button", { name: "削除" }).click();
    await page.getByRole("alertdialog", { name: "この作品を削除しますか？" }).getByRole("button", { name: "削除する" }).click();
    await page.getByText("作品を削除しました", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === "/projects");

    // The open gallery drops it live; its page shows the missing state.
    await gallery(watcher).waitFor({ state: "detached" });
    await watcher.goto(workPath);
    await watcher.getByRole("heading", { name: "プロジェクトが見つかりません" }).waitFor();
    await expectNoSeriousA11yViolations(watcher, "missing work (phone)");

    // Its edit page says so and goes home.
    await page.goto(`/submit?edit=${workPath.split("/").pop()}`);
    await page.getByText("作品が見つかりません", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test(
    "uploads as people make them: 30 images for three works in one session, none refused; a renamed text file is refused at once",
    { timeout: 300_000 },
    async () => {
      const page = await browser.newPage();
      await page.goto("/");
      await signInWithProfile(page, newIdentity("画像 多子"));
      const done = page.getByText("アップロード完了");
      const refused = page.getByText(/操作が多すぎます|アップロードに失敗しました/);
      /** Picks five images and waits until each has finished (or one was refused). */
      const pickFive = async (round: number) => {
        const files = [0, 1, 2, 3, 4].map((n) => pngFile(`shot-${round}-${n}.png`, n));
        await pickImages(page, files);
        await expect
          .poll(async () => (await refused.count()) > 0 || (await done.count()) === 5, { timeout: 120_000, interval: 250 })
          .toBe(true);
        expect(await refused.count()).toBe(0);
        return files;
      };

      for (let work = 0; work < 3; work++) {
        await page.goto("/submit");
        await stepHeading(page, "基本情報").waitFor();
        await fillBasicInfo(page, `画像たくさんの作品 ${work} ${Date.now()}`);
        await stepHeading(page, "スクリーンショット").waitFor();
        if (work === 0) {
          // A text file renamed .png: refused by name, it takes no slot and no upload.
          await pickImages(page, [{ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("買い物リスト: 牛乳、卵") }]);
          await page.getByText("「notes.png」は画像として読み込めませんでした。PNG、JPEG、GIF形式の画像を選択してください").waitFor();
          await page.getByText("0/5枚").waitFor();
          await page.screenshot({ path: "/tmp/uploads-fake-image.png" });
        }
        // Picked, all taken back, picked again: as people choose.
        for (const file of await pickFive(work * 2)) await page.getByRole("button", { name: `${file.name}を削除` }).click();
        await page.getByText("0/5枚").waitFor();
        await pickFive(work * 2 + 1);
        await page.getByText("5/5枚").waitFor();
        await next(page).click();
        await page.getByRole("button", { name: /^ChatGPT/ }).click();
        await next(page).click();
        await page.getByRole("button", { name: "投稿する" }).click();
        await page.getByText("作品を投稿しました！", { exact: true }).waitFor();
        await page.getByRole("region", { name: "スクリーンショット" }).getByRole("button", { name: "画像 5を表示" }).waitFor();
      }
    },
  );
});
