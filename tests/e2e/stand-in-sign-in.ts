// The sign-in steps a person takes, shared by the e2e journeys and the benchmarks: the app's
// ログイン button, Convex Auth's redirect to the local Google stand-in, its account chooser, and
// the redirect back with the code.
import type { Page } from "playwright-core";
import { SUBMIT_LABEL } from "../../local-google/src/index";

export async function signInThroughStandIn(page: Page, identity: { name: string; email: string }, appOrigin: string) {
  await page.getByRole("banner").getByRole("button", { name: "ログイン" }).click();
  await page.getByLabel("メールアドレス").waitFor();
  await page.getByLabel("名前").fill(identity.name);
  await page.getByLabel("メールアドレス").fill(identity.email);
  await page.getByRole("button", { name: SUBMIT_LABEL }).click();
  await page.waitForURL((url) => url.origin === appOrigin);
  // Signed in once the header shows the user menu.
  await page.getByRole("button", { name: "ユーザーメニュー" }).waitFor();
}

/** A brand-new user is sent to /profile/setup; this fills it in and finishes on /. */
export async function completeProfileSetup(page: Page, handle: string) {
  await page.waitForURL((url) => url.pathname === "/profile/setup");
  await page.getByRole("textbox", { name: /ユーザーID/ }).fill(handle);
  await page.getByText("使用できます").waitFor();
  await page.getByRole("textbox", { name: /自己紹介/ }).fill("AIと一緒にアプリを作るのが好きな会社員です。よろしくお願いします！");
  await page.getByRole("button", { name: "次へ", exact: true }).click();
  await page.getByRole("button", { name: "完了", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
}
