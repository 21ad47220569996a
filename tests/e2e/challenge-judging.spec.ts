import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { addDays, japanDate } from "../../convex/model/japanTime";
import { newIdentity, signIn, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();

// Demo creators (the seed links them to the Google stand-in): a judge and two entrants.
const JUDGE = { name: "佐藤けんじ", email: "kenji@demo.vibe-gallery.example", handle: "kenji_dev" };
const YUI = { name: "山本ゆい", email: "yui@demo.vibe-gallery.example" };
const YUI_WORK = "九九マスター";
const MIO = { name: "高橋みお", email: "mio@demo.vibe-gallery.example" };
const MIO_WORK = "AI絵本スタジオ";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/judging-${name}.png`, fullPage: true });

/** The tags a crawler reads from a share link (an HTTP action on the site URL). */
async function shareTags(page: Page, path: string) {
  const response = await page.request.get(`${inject("siteUrl")}${path}`, { headers: { "User-Agent": "Twitterbot/1.0" }, maxRedirects: 0 });
  const html = await response.text();
  const tag = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
  return { status: response.status(), tag };
}

async function enter(page: Page, path: string, who: { name: string; email: string }, work: string) {
  await page.goto(path);
  await signIn(page, who);
  await page.getByRole("button", { name: "作品を提出する" }).click();
  await page.getByRole("radio", { name: work }).click();
  await page.getByRole("button", { name: "この作品を提出" }).click();
  await toast(page, "チャレンジに作品を提出しました！");
}

async function score(page: Page, work: string, idea: string, finish: string, comment: string) {
  const form = page.getByRole("form", { name: `「${work}」の採点` });
  await form.getByRole("combobox", { name: "アイデア" }).selectOption(idea);
  await form.getByRole("combobox", { name: "完成度" }).selectOption(finish);
  await form.getByRole("textbox").fill(comment);
  await form.getByRole("button", { name: "採点を保存" }).click();
  await form.getByText("採点済み", { exact: true }).waitFor();
}

/** The id of an entry's work, from its link on the results page it shows. */
async function workIdOf(page: Page, work: string) {
  const href = await page.getByRole("list", { name: "順位" }).getByRole("link", { name: work }).getAttribute("href");
  return href!.split("/").at(-1)!;
}

describe("challenge judging", () => {
  test("criteria and a judge, scoring during voting, the organiser's ranking and awards, the results page", async () => {
    // The organiser creates a judged challenge with two criteria.
    const a = await browser.newPage(DESKTOP);
    await a.goto("/");
    await signInWithProfile(a, newIdentity("主催 審査子"));
    await a.goto("/challenges/create");
    const title = `AI工作コンテスト ${Date.now()}`;
    await a.getByRole("textbox", { name: /タイトル/ }).fill(title);
    await a.getByRole("textbox", { name: /^説明/ }).fill("AIと作る小さなアプリを審査員が審査します。");
    await a.getByRole("textbox", { name: /要件・ルール/ }).fill("・ブラウザで動くこと");
    await a.getByLabel(/終了日/).fill(addDays(japanDate(Date.now()), 14));
    await a.getByRole("switch", { name: /審査員による審査/ }).click();
    await a.getByRole("textbox", { name: "審査基準1の名前" }).fill("アイデア");
    await a.getByRole("textbox", { name: "審査基準1の説明" }).fill("発想の新しさ");
    await a.getByRole("spinbutton", { name: "重み" }).fill("2");
    await a.getByRole("button", { name: "審査基準を追加" }).click();
    await a.getByRole("textbox", { name: "審査基準2の名前" }).fill("完成度");
    await expectNoSeriousA11yViolations(a, "challenge create with judging");
    await shot(a, "create-desktop");
    await a.getByRole("button", { name: "チャレンジを作成" }).click();
    await a.waitForURL((url) => /^\/challenges\/(?!create)[^/]+$/.test(url.pathname));
    const challengePath = new URL(a.url()).pathname;

    // The organiser invites a judge by user ID.
    await a.getByRole("textbox", { name: "審査員のユーザーID" }).fill(JUDGE.handle);
    await a.getByRole("button", { name: "審査員を招待" }).click();
    await toast(a, "審査員を招待しました");
    await a.getByRole("list", { name: "審査員" }).getByText("招待中").waitFor();

    // The judge accepts from the challenge page.
    const judge = await browser.newPage(DESKTOP);
    await judge.goto(challengePath);
    await signIn(judge, JUDGE);
    await judge.getByRole("button", { name: "承諾する" }).click();
    await toast(judge, "審査員を引き受けました");
    await judge.getByText("投票期間が始まると採点できます。").waitFor();

    // Two creators enter; the organiser opens voting.
    const yui = await browser.newPage(PHONE);
    await enter(yui, challengePath, YUI, YUI_WORK);
    const mio = await browser.newPage(DESKTOP);
    await enter(mio, challengePath, MIO, MIO_WORK);
    await a.getByRole("heading", { name: /提出作品\s*2件/ }).waitFor();
    await a.getByRole("button", { name: "投票期間を開始" }).click();
    await a.getByRole("alertdialog", { name: "投票期間を開始しますか？" }).getByRole("button", { name: "開始する" }).click();
    await toast(a, "投票期間を開始しました！");

    // Yui votes for Mio's entry.
    const mioCard = yui
      .getByRole("list", { name: "提出作品" })
      .getByRole("listitem")
      .filter({ has: yui.getByRole("link", { name: MIO_WORK, exact: true }) });
    await mioCard.getByRole("button", { name: /^投票 \d+票$/ }).click();
    await yui.getByRole("button", { name: "投票 1票", pressed: true }).waitFor();

    // The judge scores both entries, with a comment for each entrant.
    await judge.getByText("採点の進み具合: 0 / 2").waitFor();
    await score(judge, YUI_WORK, "5", "4", "九九の練習がゲームになっていて楽しいです。");
    await score(judge, MIO_WORK, "4", "5", "絵本の仕上がりがとても丁寧です。");
    await judge.getByText("採点の進み具合: 2 / 2").waitFor();
    await expectNoSeriousA11yViolations(judge, "judge's score sheet");
    await shot(judge, "scoring-desktop");

    // The organiser sees the ranking. Yui: (5×2 + 4) / 3 = 4.67 → 93.3 points, no votes: 65.3.
    // Mio: (4×2 + 5) / 3 = 4.33 → 86.7 points, the top votes → 100: 60.7 + 30 = 90.7.
    const ranking = a.getByRole("table");
    await ranking.getByText("90.7").waitFor();
    await ranking.getByText("65.3").waitFor();
    await expectNoSeriousA11yViolations(a, "organiser's ranking");
    await shot(a, "ranking-desktop");
    await a.setViewportSize(PHONE);
    await expectNoSeriousA11yViolations(a, "organiser's ranking (phone)");
    await shot(a, "ranking-phone");
    await a.setViewportSize(DESKTOP);

    // Before the decision the results page says they are not out.
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(`${challengePath}/results`);
    await visitor.getByText("結果はまだ発表されていません").waitFor();
    const challengeId = challengePath.split("/").at(-1)!;
    const resultsShare = `/share/challenges/${challengeId}/results`;
    // Nor does their share link tell anything yet.
    expect((await shareTags(visitor, resultsShare)).status).toBe(404);

    // The organiser picks the winner and an 優秀賞.
    await a.getByRole("combobox", { name: "優勝" }).selectOption({ label: `1位 ${MIO_WORK}（${MIO.name}）` });
    await a.getByRole("combobox", { name: "優秀賞（任意）" }).selectOption({ label: `2位 ${YUI_WORK}（${YUI.name}）` });
    await a.getByRole("button", { name: "受賞作品を決定" }).click();
    await a.getByRole("alertdialog").getByRole("button", { name: "決定する" }).click();
    await toast(a, "優勝者を選択しました！");
    await a.getByRole("link", { name: "結果を見る" }).click();
    await a.waitForURL((url) => url.pathname === `${challengePath}/results`);
    await a.getByRole("heading", { level: 1, name: "結果発表" }).waitFor();
    await a.getByText("優秀賞", { exact: true }).waitFor();
    await a.getByRole("button", { name: "共有" }).waitFor();
    await expectNoSeriousA11yViolations(a, "results (organiser)");
    await shot(a, "results-desktop");

    // The results' share link: their title and winner now, and, once the organiser's browser has
    // drawn and sent it in the background, the results card as og:image (polled: nothing waits for it).
    const winnerWork = (await shareTags(a, `/share/projects/${await workIdOf(a, MIO_WORK)}`)).tag("og:image");
    const shared = await shareTags(a, resultsShare);
    expect(shared.status).toBe(200);
    expect(shared.tag("og:title")).toBe(`「${title}」結果発表`);
    expect(shared.tag("og:description")).toContain(`優勝：「${MIO_WORK}」${MIO.name}さん`);
    await expect
      .poll(
        async () => {
          const { tag } = await shareTags(a, resultsShare);
          const image = tag("og:image") ?? "";
          return /\/api\/storage\//.test(image) && image !== winnerWork && tag("og:image:width") === "1200";
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);
    const card = (await shareTags(a, resultsShare)).tag("og:image")!.replace(/&amp;/g, "&");
    const cardPage = await browser.newPage({ width: 1200, height: 630 });
    await cardPage.goto(card);
    const size = await cardPage.evaluate(() => [document.images[0]?.naturalWidth, document.images[0]?.naturalHeight]);
    expect(size).toEqual([1200, 630]);
    await cardPage.screenshot({ path: "/tmp/card-results.png" });

    // Yui reads her feedback on the results page (phone); Mio's comment stays Mio's.
    await yui.goto(`${challengePath}/results`);
    await yui.getByText("九九の練習がゲームになっていて楽しいです。").waitFor();
    expect(await yui.getByText("絵本の仕上がりがとても丁寧です。").count()).toBe(0);
    await expectNoSeriousA11yViolations(yui, "results (entrant, phone)");
    await shot(yui, "results-phone");

    // A visitor sees the ranking and no comment.
    await visitor.reload();
    await visitor.getByRole("list", { name: "順位" }).getByText(MIO_WORK).waitFor();
    expect(await visitor.getByText("九九の練習がゲームになっていて楽しいです。").count()).toBe(0);
    expect(await visitor.title()).toContain("結果発表");
    await expectNoSeriousA11yViolations(visitor, "results (visitor, phone)");
  });
});
