import { describe, expect, test } from "vitest";
import { newIdentity, signInWithProfile } from "./auth";
import { PHONE, useBrowser } from "./browser";

const browser = useBrowser();

describe("abuse limits", () => {
  test("a burst of comments meets the rate limit: a toast says when to retry, and only the accepted ones exist", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    await signInWithProfile(page, newIdentity("連投 太郎"));
    await page.goto(`/projects?search=${encodeURIComponent("シフト自動作成くん")}`);
    await page.getByRole("link", { name: "シフト自動作成くん" }).first().click();
    await page.getByRole("heading", { level: 1, name: "シフト自動作成くん" }).waitFor();

    const box = page.getByRole("textbox", { name: "コメント" });
    const refusal = page.getByText(/^コメントの投稿に失敗しました: 操作が多すぎます。(?:\d+秒|約\d+分)後にもう一度お試しください$/).first();
    const stamp = Date.now();
    let accepted = 0;
    // Post as fast as the form allows until the server says stop (a burst of 5 is allowed).
    for (let n = 0; n < 20; n++) {
      const text = `連投テスト ${stamp} #${n}`;
      await box.fill(text);
      await page.getByRole("button", { name: "コメントする" }).click();
      const outcome = await Promise.race([
        // The loser keeps waiting; its eventual timeout must not surface as an unhandled error.
        page
          .getByRole("list", { name: "コメント一覧" })
          .getByText(text, { exact: true })
          .waitFor()
          .then(
            () => "posted" as const,
            () => "timeout" as const,
          ),
        refusal.waitFor().then(
          () => "refused" as const,
          () => "timeout" as const,
        ),
      ]);
      expect(outcome).not.toBe("timeout");
      if (outcome === "refused") {
        // The refused text stays in the box, to send again later.
        expect(await box.inputValue()).toBe(text);
        break;
      }
      accepted++;
    }
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThan(20);
    // The list holds exactly the accepted comments of this burst, even after a reload.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "シフト自動作成くん" }).waitFor();
    const mine = page.getByRole("list", { name: "コメント一覧" }).getByText(new RegExp(`^連投テスト ${stamp} #`));
    await mine.nth(accepted - 1).waitFor();
    expect(await mine.count()).toBe(accepted);
  });
});
