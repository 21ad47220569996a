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
const grid = (page: Page) => page.getByRole("list", { name: "提出作品" });
const entryCard = (page: Page, title: string) =>
  grid(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
const voteButton = (page: Page, title: string) => entryCard(page, title).getByRole("button", { name: /^投票/ });

/** No count anywhere in the grid: no 「N票」 in a label and no bare number beside a heart. */
async function expectNoCounts(page: Page) {
  const labels = await grid(page)
    .getByRole("button")
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""));
  expect(labels.filter((label) => /\d+票/.test(label))).toEqual([]);
  expect(await grid(page).innerText()).not.toMatch(/\d+票|投票済み\s*\d|投票\s*\d/);
}

describe("challenge voting rules", () => {
  test("creators-only voting with hidden counts: the rules show first, outsiders are told why, no count until the end", async () => {
    // A creates the challenge with 作品を1件以上投稿した人 and hidden counts.
    const a = await browser.newPage();
    await a.goto("/");
    await signInWithProfile(a, newIdentity("主催 ルール子"));
    await a.goto("/challenges/create");
    await a.getByRole("heading", { level: 1, name: "チャレンジを作成" }).waitFor();
    const title = `投票ルールのチャレンジ ${Date.now()}`;
    await field(a, /タイトル/).fill(title);
    await field(a, /^説明/).fill("作品を投稿した人どうしで、投票数を伏せて選びます。");
    await field(a, /要件・ルール/).fill("・ブラウザで遊べること");
    await a.getByLabel(/終了日/).fill(addDays(japanDate(Date.now()), 14));
    await a.getByRole("radio", { name: /作品を1件以上投稿した人/ }).check();
    await a.getByRole("switch", { name: /投票数を終了まで非公開/ }).click();
    await expectNoSeriousA11yViolations(a, "challenge create with voting rules");
    await a.screenshot({ path: "/tmp/voting-create.png", fullPage: true });
    await a.getByRole("button", { name: "チャレンジを作成" }).click();
    await a.waitForURL((url) => /^\/challenges\/(?!create)[^/]+$/.test(url.pathname));
    await a.getByRole("heading", { level: 1, name: title }).waitFor();
    const challengePath = new URL(a.url()).pathname;
    const rules = a.getByRole("region", { name: "投票のルール" });
    await rules.getByText("作品を1件以上投稿した人", { exact: true }).waitFor();
    await rules.getByText("終了まで非公開", { exact: true }).waitFor();
    // The organiser does not enter their own challenge.
    await a.getByText("主催者は自分のチャレンジに応募できません", { exact: true }).waitFor();

    // B (a demo creator, on a phone) enters one of her works.
    const b = await browser.newPage(PHONE);
    await b.goto(challengePath);
    await signIn(b, ENTRANT);
    await b.getByRole("button", { name: "作品を提出する" }).click();
    await b.getByRole("radio", { name: ENTRANT_WORK }).click();
    await b.getByRole("button", { name: "この作品を提出" }).click();
    await toast(b, "チャレンジに作品を提出しました！");

    // C posts a new work into it.
    const c = await browser.newPage();
    await c.goto("/");
    await signInWithProfile(c, newIdentity("参加 ルール三郎"));
    await c.goto(`/submit?challengeId=${challengePath.split("/").pop()}`);
    await c.getByText(title).waitFor();
    const cWork = `ひみつの投票パズル ${Date.now()}`;
    await fillAndPostWork(c, cWork);
    await toast(c, "作品を投稿し、チャレンジに提出しました！");
    await c.waitForURL((url) => url.pathname === challengePath);

    // A opens voting.
    await a.getByRole("heading", { name: /提出作品\s*2件/ }).waitFor();
    await a.getByRole("button", { name: "投票期間を開始" }).click();
    await a.getByRole("alertdialog", { name: "投票期間を開始しますか？" }).getByRole("button", { name: "開始する" }).click();
    await toast(a, "投票期間を開始しました！");
    await a.getByText("ランダム順（投票数は終了まで非公開）", { exact: true }).waitFor();

    // D has posted nothing: the page says why before they try, and a vote is refused with it.
    const d = await browser.newPage(PHONE);
    await d.goto("/");
    await signInWithProfile(d, newIdentity("見学 ルール四郎"));
    await d.goto(challengePath);
    const refusal = "このチャレンジに投票できるのは、作品を1件以上投稿した人だけです";
    await d.getByRole("region", { name: "投票のルール" }).getByText(refusal, { exact: true }).waitFor();
    await voteButton(d, ENTRANT_WORK).click();
    // The toast repeats the panel's sentence.
    await d.getByText(refusal, { exact: true }).nth(1).waitFor();

    // B and C vote for each other's entry; each sees their own vote, nobody sees a count.
    await b.goto(challengePath);
    await voteButton(b, cWork).click();
    await entryCard(b, cWork).getByRole("button", { name: "投票済み", pressed: true }).waitFor();
    await voteButton(c, ENTRANT_WORK).click();
    await entryCard(c, ENTRANT_WORK).getByRole("button", { name: "投票済み", pressed: true }).waitFor();
    await entryCard(c, ENTRANT_WORK).getByText("投票済み").waitFor();
    for (const page of [a, b, c, d]) await expectNoCounts(page);
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(challengePath);
    await entryCard(visitor, ENTRANT_WORK).waitFor();
    await expectNoCounts(visitor);
    await expectNoSeriousA11yViolations(b, "voting with hidden counts (phone)");
    await expectNoSeriousA11yViolations(c, "voting with hidden counts");
    await b.screenshot({ path: "/tmp/voting-hidden-phone.png", fullPage: true });
    await c.screenshot({ path: "/tmp/voting-hidden-desktop.png", fullPage: true });

    // A ends it by picking the winner: counts appear for everyone, in the votes order.
    await entryCard(a, ENTRANT_WORK).getByRole("button", { name: "優勝者に選ぶ" }).click();
    await a
      .getByRole("alertdialog", { name: "この作品を優勝者として選択しますか？この操作は取り消せません。" })
      .getByRole("button", { name: "優勝者に決定" })
      .click();
    await toast(a, "優勝者を選択しました！");
    await visitor.reload();
    await entryCard(visitor, ENTRANT_WORK).getByText("1", { exact: true }).waitFor();
    await entryCard(visitor, cWork).getByText("1", { exact: true }).waitFor();
    await visitor.getByText("得票数順", { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(visitor, "ended with counts (phone)");
    await visitor.screenshot({ path: "/tmp/voting-ended-phone.png", fullPage: true });
    await a.reload();
    await entryCard(a, ENTRANT_WORK).getByText("優勝", { exact: true }).waitFor();
    await a.screenshot({ path: "/tmp/voting-ended-desktop.png", fullPage: true });
    // Five people through a whole challenge: longer than one page's journey.
  }, 240_000);
});
