import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, japanDate } from "../../convex/model/japanTime";
import { newIdentity, signIn, signInWithProfile } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { PHONE, useBrowser } from "./browser";
import { fillAndPostWork } from "./work-posting";

const browser = useBrowser();

// B is a demo creator with works of her own (the seed links her to the Google stand-in).
const ENTRANT = { name: "山本ゆい", email: "yui@demo.vibe-gallery.example", handle: "yui_teacher" };
const ENTRANT_WORK = "九九マスター";

const field = (page: Page, name: RegExp) => page.getByRole("textbox", { name });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const entryCard = (page: Page, title: string) =>
  page
    .getByRole("list", { name: "提出作品" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
const voteButton = (page: Page, title: string) => entryCard(page, title).getByRole("button", { name: /^投票 \d+票$/ });
const votesShown = (page: Page, title: string, votes: number) =>
  entryCard(page, title)
    .getByRole("button", { name: `投票 ${votes}票`, exact: true })
    .waitFor();

describe("challenges", () => {
  test("A creates one, B enters from its page, C posts into it, everyone votes live, A picks the winner", async () => {
    // A creates a challenge; every form message shows first.
    const a = await browser.newPage();
    await a.goto("/challenges");
    await signInWithProfile(a, newIdentity("主催 花子"));
    await a.goto("/challenges");
    await a.getByRole("heading", { level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(a, "challenges list");
    await a.getByRole("link", { name: "チャレンジを作成" }).click();
    await a.waitForURL((url) => url.pathname === "/challenges/create");
    const create = a.getByRole("button", { name: "チャレンジを作成" });
    await create.click();
    for (const message of [
      "タイトルを入力してください",
      "説明を入力してください",
      "要件・ルールを入力してください",
      "終了日を選択してください",
    ]) {
      await a.getByText(message, { exact: true }).waitFor();
    }
    await expectNoSeriousA11yViolations(a, "challenge create (with errors)");
    await field(a, /タイトル/).fill("あ".repeat(101));
    await field(a, /^説明/).fill("い".repeat(1001));
    await a.getByLabel(/終了日/).fill(japanDate(Date.now()));
    await a.getByRole("switch", { name: /賞品あり/ }).click();
    await create.click();
    for (const message of [
      "タイトルは100文字以内で入力してください",
      "説明は1000文字以内で入力してください",
      "終了日は明日以降を選択してください",
      "賞品の詳細を入力してください",
    ]) {
      await a.getByText(message, { exact: true }).waitFor();
    }
    const title = `冬のミニゲーム祭り ${Date.now()}`;
    await field(a, /タイトル/).fill(title);
    await field(a, /^説明/).fill("冬にぴったりの小さなゲームを募集します。");
    await field(a, /要件・ルール/).fill("・ブラウザで遊べること");
    await a.getByLabel(/終了日/).fill(addDays(japanDate(Date.now()), 14));
    await field(a, /賞品の詳細/).fill("優勝作品をトップで紹介します");
    await create.click();
    await a.waitForURL((url) => /^\/challenges\/(?!create)[^/]+$/.test(url.pathname));
    await a.getByRole("heading", { level: 1, name: title }).waitFor();
    const challengePath = new URL(a.url()).pathname;
    await a.getByText("募集中", { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(a, "challenge detail");

    // B enters one of her works from the challenge page.
    const b = await browser.newPage(PHONE);
    await b.goto(challengePath);
    await signIn(b, ENTRANT);
    await b.getByRole("button", { name: "作品を提出する" }).click();
    await b.getByRole("radio", { name: ENTRANT_WORK }).click();
    await b.getByRole("button", { name: "この作品を提出" }).click();
    await toast(b, "チャレンジに作品を提出しました！");
    await b.getByText("提出済み", { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(b, "challenge detail (phone)");

    // C posts a new work through /submit?challengeId= and lands on the challenge.
    const c = await browser.newPage();
    await c.goto("/");
    await signInWithProfile(c, newIdentity("参加 三郎"));
    await c.goto(`/submit?challengeId=${challengePath.split("/").pop()}`);
    await c.getByText(title).waitFor();
    const cWork = `雪だるまパズル ${Date.now()}`;
    await fillAndPostWork(c, cWork);
    await toast(c, "作品を投稿し、チャレンジに提出しました！");
    await c.waitForURL((url) => url.pathname === challengePath);
    await c.getByText("提出済み", { exact: true }).waitFor();

    // A's open page saw both entries arrive and was notified; A starts voting.
    await a.getByRole("heading", { name: /提出作品\s*2件/ }).waitFor();
    await entryCard(a, cWork).waitFor();
    await a.getByRole("banner").getByRole("button", { name: "通知：未読 2 件" }).waitFor();
    // The organiser downloads the entries as CSV: BOM, a header and one line per entry.
    const [download] = await Promise.all([
      a.waitForEvent("download"),
      a.getByRole("button", { name: "提出作品をCSVでダウンロード" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.trim().split("\r\n")).toHaveLength(3);
    // Voting for 3 days instead of the default 7: the page counts down to its end.
    await a.getByRole("combobox", { name: "投票期間" }).click();
    await a.getByRole("option", { name: "3日間" }).click();
    await a.getByRole("button", { name: "投票期間を開始" }).click();
    await a.getByRole("alertdialog", { name: "投票期間を開始しますか？" }).getByRole("button", { name: "開始する" }).click();
    await toast(a, "投票期間を開始しました！");
    await a.getByText("投票中", { exact: true }).first().waitFor();
    await a.getByText("投票の残り", { exact: true }).waitFor();
    await a.getByText("あと3日", { exact: true }).waitFor();

    // B and C vote for each other's entry (not their own); A's page follows live.
    await voteButton(b, cWork).click();
    await b.getByRole("button", { name: "投票 1票", pressed: true }).waitFor();
    expect(await entryCard(b, ENTRANT_WORK).getByRole("button", { name: /^投票/ }).count()).toBe(0);
    await voteButton(c, ENTRANT_WORK).click();
    await votesShown(a, cWork, 1);
    await votesShown(a, ENTRANT_WORK, 1);
    // C takes the vote back and gives it again: still one.
    await voteButton(c, ENTRANT_WORK).click();
    await votesShown(a, ENTRANT_WORK, 0);
    await voteButton(c, ENTRANT_WORK).click();
    await votesShown(a, ENTRANT_WORK, 1);

    // A visitor sees the counts and is asked to log in to vote.
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(challengePath);
    await votesShown(visitor, ENTRANT_WORK, 1);
    await voteButton(visitor, ENTRANT_WORK).click();
    await toast(visitor, "投票するにはログインが必要です");
    await votesShown(visitor, ENTRANT_WORK, 1);

    // A picks B's entry as the winner.
    await entryCard(a, ENTRANT_WORK).getByRole("button", { name: "優勝者に選ぶ" }).click();
    await a
      .getByRole("alertdialog", { name: "この作品を優勝者として選択しますか？この操作は取り消せません。" })
      .getByRole("button", { name: "優勝者に決定" })
      .click();
    await toast(a, "優勝者を選択しました！");
    await a.getByText("終了", { exact: true }).first().waitFor();
    await entryCard(visitor, ENTRANT_WORK).getByText("優勝", { exact: true }).waitFor();
    expect(await a.getByRole("button", { name: "優勝者に選ぶ" }).count()).toBe(0);

    // The winner's bell has the news, and her profile the badge.
    await b.getByRole("banner").getByRole("button", { name: /^通知/ }).click();
    await b
      .getByRole("menu")
      .getByRole("menuitem", { name: new RegExp(`チャレンジで優勝しました.*「${title}」で優勝しました`) })
      .click();
    await b.waitForURL((url) => url.pathname === challengePath);
    await b.goto(`/profile/${ENTRANT.handle}`);
    await b.getByRole("region", { name: "獲得バッジ" }).getByText("チャレンジ優勝", { exact: true }).waitFor();
  });

  test("すべて lists what one can join, then what one can vote on (with its voting countdown), then what is over", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/challenges");
    await page.getByText("募集中は締切が近い順、投票中は投票締切が近い順、終了したものは新しい順に並んでいます。").waitFor();
    const list = page.getByRole("list", { name: "チャレンジ一覧" });
    await list.waitFor();
    const rank = { 募集中: 0, 投票中: 1, 終了: 2 } as Record<string, number>;
    const statuses = await list
      .getByRole("listitem")
      .evaluateAll((cards) => cards.map((card) => ["募集中", "投票中", "終了"].find((label) => card.textContent?.includes(label)) ?? ""));
    const ranks = statuses.map((status) => rank[status]);
    expect(ranks.length).toBeGreaterThanOrEqual(3);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    // The seeded challenge in voting closes its votes in two days.
    await list.getByRole("listitem").filter({ hasText: "仕事をラクにするツール選手権" }).getByText("投票締切まであと2日").waitFor();
  });

  test("a missing challenge says so", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/challenges/no-such-challenge");
    await page.getByRole("heading", { name: "チャレンジが見つかりません" }).waitFor();
    await expectNoSeriousA11yViolations(page, "missing challenge");
    await page.getByRole("link", { name: "チャレンジ一覧へ" }).click();
    await page.waitForURL((url) => url.pathname === "/challenges");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page, "challenges list (phone)");
  });
});
