// Saved works (ストック) as people meet them: a visitor saves a work in this browser, signs in and
// the save joins their account; on a second browser (the same account signed in again) it is on
// /saved, private to them.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newIdentity, signIn } from "./auth";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { completeProfileSetup } from "./stand-in-sign-in";

const browser = useBrowser();

/** Opens the first work of the gallery and returns its title. */
async function openFirstWork(page: Page): Promise<string> {
  await page.goto("/projects");
  const card = page.getByRole("list", { name: "作品一覧" }).getByRole("link").first();
  const title = (await card.textContent())!.trim();
  await card.click();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  return title;
}

const savedList = (page: Page) => page.getByRole("list", { name: "ストックした作品" });

describe("saved works (ストック)", () => {
  test("a visitor saves a work, signs in, and finds it on /saved in a second browser", { timeout: 240_000 }, async () => {
    const identity = newIdentity("ストック はな");

    // A visitor on a phone saves a work: it is kept in this browser.
    const phone = await browser.newPage(PHONE);
    const title = await openFirstWork(phone);
    // Clickable once the page knows where saves go (this browser, for a visitor).
    await phone.getByRole("button", { name: "ストック", exact: true }).and(phone.locator('[aria-busy="false"]')).click();
    await phone.getByRole("button", { name: "ストック済み" }).waitFor();
    expect(await phone.evaluate(() => localStorage.getItem("vibe-gallery:bookmarks"))).toContain('"');

    // Their /saved shows it, with the note that signing in keeps it in an account.
    await phone.goto("/saved");
    await savedList(phone).getByRole("link", { name: title }).waitFor();
    await phone.getByRole("heading", { name: "このブラウザに保存されたストックです" }).waitFor();
    await expectNoSeriousA11yViolations(phone, "/saved (visitor)");

    // Signing in merges it into the account and clears the browser's list.
    await signIn(phone, identity);
    await completeProfileSetup(phone, `stock_${Date.now().toString(36)}`);
    await phone.waitForFunction(() => localStorage.getItem("vibe-gallery:bookmarks") === null);
    await phone.goto("/saved");
    await savedList(phone).getByRole("link", { name: title }).waitFor();
    await expectNoSeriousA11yViolations(phone, "/saved (signed in)");

    // A second browser, the same account: /saved, from the user menu, lists it.
    const desktop = await browser.newPage(DESKTOP);
    await desktop.goto("/");
    await signIn(desktop, identity);
    await desktop.getByRole("button", { name: "ユーザーメニュー" }).click();
    await desktop.getByRole("menuitem", { name: "ストック" }).click();
    await desktop.waitForURL((url) => url.pathname === "/saved");
    await savedList(desktop).getByRole("link", { name: title }).waitFor();
    expect(await desktop.getByText("このブラウザに保存されたストックです").count()).toBe(0);
    await expectNoSeriousA11yViolations(desktop, "/saved (second browser)");

    // The work page shows it saved there too (from the server), and unsaving empties /saved.
    await savedList(desktop).getByRole("link", { name: title }).click();
    await desktop.getByRole("heading", { level: 1, name: title }).waitFor();
    await desktop.getByRole("button", { name: "ストック済み" }).click();
    await desktop.getByRole("button", { name: "ストック", exact: true }).waitFor();
    await desktop.goto("/saved");
    await desktop.getByRole("heading", { name: "まだストックした作品はありません" }).waitFor();
    await expectNoSeriousA11yViolations(desktop, "/saved (empty)");
  });

  test("someone else sees none of my saves", { timeout: 120_000 }, async () => {
    const other = await browser.newPage(PHONE);
    await other.goto("/");
    await signIn(other, newIdentity("ほかの人"));
    await completeProfileSetup(other, `other_${Date.now().toString(36)}`);
    await other.goto("/saved");
    await other.getByRole("heading", { name: "まだストックした作品はありません" }).waitFor();
    await expectNoSeriousA11yViolations(other, "/saved (empty, phone)");
  });
});
