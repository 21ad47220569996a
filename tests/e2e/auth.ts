// Signing in through the real OAuth flow: the app's ログイン button, Convex Auth's redirect to the
// local Google stand-in, its account chooser, and the redirect back with the code.
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { SUBMIT_LABEL } from "../../local-google/src/index";

export type TestIdentity = { name: string; email: string };

let counter = 0;
/** A Google identity no earlier test used, so it signs in as a brand-new user. */
export function newIdentity(name = "テスト太郎"): TestIdentity {
  counter++;
  return { name, email: `e2e-${Date.now().toString(36)}-${counter}@example.com` };
}

export async function signIn(page: Page, identity: TestIdentity) {
  const appOrigin = new URL(inject("appUrl")).origin;
  await page.getByRole("banner").getByRole("button", { name: "ログイン" }).click();
  await page.getByLabel("メールアドレス").waitFor();
  await page.getByLabel("名前").fill(identity.name);
  await page.getByLabel("メールアドレス").fill(identity.email);
  await page.getByRole("button", { name: SUBMIT_LABEL }).click();
  await page.waitForURL((url) => url.origin === appOrigin);
  // Signed in once the header shows the user menu.
  await page.getByRole("button", { name: "ユーザーメニュー" }).waitFor();
}

/** Signs a brand-new identity in and finishes the profile setup it is sent to (ends on /). */
export async function signInWithProfile(page: Page, identity: TestIdentity) {
  await signIn(page, identity);
  await page.waitForURL((url) => url.pathname === "/profile/setup");
  await page.getByRole("textbox", { name: /ユーザーID/ }).fill(`e2e_${Date.now().toString(36)}${counter}`);
  await page.getByText("使用できます").waitFor();
  await page
    .getByRole("textbox", { name: /自己紹介/ })
    .fill("AIと一緒にアプリを作るのが好きな会社員です。よろしくお願いします！");
  await page.getByRole("button", { name: "次へ", exact: true }).click();
  await page.getByRole("button", { name: "完了", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
}
