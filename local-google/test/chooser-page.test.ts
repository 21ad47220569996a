// The account chooser as a page: Japanese, accessible names for Playwright, and safe with
// whatever a test (or attacker) puts into the URL.
import * as o from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleStandIn, type GoogleStandIn } from "../src/index.js";
import { CLIENT_ID, discover, openChooser, startAuthorization } from "./helpers.js";

let standIn: GoogleStandIn;
let as: o.AuthorizationServer;
beforeAll(async () => {
  standIn = await startGoogleStandIn({ port: 0, clientId: CLIENT_ID });
  as = await discover(standIn.issuer);
});
afterAll(() => standIn.stop());

async function chooser(extra: Record<string, string> = {}) {
  const start = await startAuthorization(as, { extra });
  return openChooser(start.url);
}

describe("chooser page", () => {
  it("is a Japanese UTF-8 page that fits phone widths", async () => {
    const response = await fetch((await startAuthorization(as)).url);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<title>Googleでログイン（ローカル開発用）</title>");
    expect(html).toContain("アカウントの選択");
    expect(html).toContain("<strong>127.0.0.1:3211</strong> に移動");
  });

  it("offers each demo account as a button named by the person's name and email", async () => {
    const { html } = await chooser();
    for (const [name, email] of [
      ["山田 花子", "hanako@example.com"],
      ["鈴木 一郎", "ichiro@example.com"],
      ["Test User", "test@example.com"],
    ]) {
      // The button's text (its accessible name) is "<name> <email>"; the avatar has alt="".
      const button = new RegExp(
        `<button type="submit" class="account" name="account" value="${email}">\\s*<img[^>]+alt=""[^>]*>\\s*` +
          `<span class="who"><span class="name">${name}</span> <span class="email">${email}</span></span>\\s*</button>`,
      );
      expect(html).toMatch(button);
    }
  });

  it("labels the custom identity fields and names the buttons", async () => {
    const { html } = await chooser();
    expect(html).toMatch(/<label for="name">名前<\/label>\s*<input id="name" name="name" type="text" autocomplete="name" required/);
    expect(html).toMatch(/<label for="email">メールアドレス<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="picture">プロフィール画像URL（任意）<\/label>\s*<input id="picture" name="picture" type="url"/);
    expect(html).toContain('<button type="submit" class="primary">このアカウントでログイン</button>');
    expect(html).toContain('value="cancel">キャンセル</button>');
  });

  it("pre-fills the email from login_hint when it is not a demo account", async () => {
    const { html } = await chooser({ login_hint: "new.person@example.com" });
    expect(html).toContain('value="new.person@example.com"');
    const demo = await chooser({ login_hint: "hanako@example.com" });
    expect(demo.html).not.toMatch(/id="email"[^>]*value=/);
  });

  it("escapes login_hint", async () => {
    const { html } = await chooser({ login_hint: '"><script>alert(1)</script>' });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("sends a strict CSP and no caching", async () => {
    const response = await fetch((await startAuthorization(as)).url);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("shows field errors and keeps the typed values when the typed identity is refused", async () => {
    const page = await chooser();
    const form = new URLSearchParams({
      request: page.requestId,
      action: "custom",
      name: "",
      email: "not-an-email",
      picture: "ftp://x",
    });
    const response = await fetch(`${standIn.issuer}/authorize`, { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("名前を入力してください");
    expect(html).toContain("メールアドレスの形式が正しくありません");
    expect(html).toContain("画像URLは http:// または https:// で始まるURLを入力してください");
    expect(html).toMatch(/id="email"[^>]*value="not-an-email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-error"/);

    // The same page can then be submitted correctly.
    form.set("name", "直した 名前");
    form.set("email", "fixed@example.com");
    form.set("picture", "");
    const retry = await fetch(`${standIn.issuer}/authorize`, { method: "POST", body: form, redirect: "manual" });
    expect(retry.status).toBe(302);
    expect(new URL(retry.headers.get("location")!).searchParams.get("code")).toBeTruthy();
  });
});
