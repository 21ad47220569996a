// The account chooser shown at /authorize: demo accounts to click, a form to type any identity,
// and a cancel button. Plain HTML forms, no script, so it works in any browser and is easy to
// drive from Playwright by role and label.
import { escapeHtml as h } from "./html.js";
import type { Identity, IdentityErrors, IdentityInput } from "./identity.js";

export const PAGE_TITLE = "Googleでログイン（ローカル開発用）";
export const SUBMIT_LABEL = "このアカウントでログイン";
export const CANCEL_LABEL = "キャンセル";

export interface ChooserPageOptions {
  /** Id of the pending authorization request, posted back with every choice. */
  requestId: string;
  /** Where the person is signing in to, shown as "<host> に移動". */
  destination: string;
  /** Demo identities with their picture URLs filled in. */
  accounts: readonly Required<Pick<Identity, "name" | "email" | "picture">>[];
  /** Values to put back into the custom form (after a refused submission, or from login_hint). */
  values?: IdentityInput;
  errors?: IdentityErrors;
}

export function renderChooserPage(options: ChooserPageOptions): string {
  const { requestId, destination, accounts, values = {}, errors = {} } = options;
  const hidden = `<input type="hidden" name="request" value="${h(requestId)}">`;
  const accountItems = accounts
    .map(
      (account) => `
        <li>
          <button type="submit" class="account" name="account" value="${h(account.email)}">
            <img class="avatar" src="${h(account.picture)}" alt="" width="32" height="32">
            <span class="who"><span class="name">${h(account.name)}</span> <span class="email">${h(account.email)}</span></span>
          </button>
        </li>`,
    )
    .join("");
  const hasErrors = Object.keys(errors).length > 0;
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${PAGE_TITLE}</title>
<style>${STYLES}</style>
</head>
<body>
<main class="card">
  <header class="head">
    <p class="brand"><span class="logo" aria-hidden="true">G</span>${PAGE_TITLE}</p>
    <h1>アカウントの選択</h1>
    <p class="destination"><strong>${h(destination)}</strong> に移動</p>
  </header>
  <p class="notice">開発・テスト専用のログイン画面です。本物のGoogleには接続せず、パスワードも不要です。</p>
  ${hasErrors ? `<p class="alert" role="alert">入力内容を確認してください。</p>` : ""}
  <form method="post" action="/authorize" class="accounts-form">
    ${hidden}
    <ul class="accounts" aria-label="デモ用アカウント">${accountItems}
    </ul>
  </form>
  <section class="custom" aria-labelledby="custom-heading">
    <h2 id="custom-heading">別のアカウントを使用</h2>
    <form method="post" action="/authorize">
      ${hidden}
      <input type="hidden" name="action" value="custom">
      ${field({ id: "name", label: "名前", type: "text", autocomplete: "name", required: true, value: values.name, error: errors.name })}
      ${field({ id: "email", label: "メールアドレス", type: "email", autocomplete: "email", required: true, value: values.email, error: errors.email })}
      ${field({ id: "picture", label: "プロフィール画像URL（任意）", type: "url", autocomplete: "photo", required: false, value: values.picture, error: errors.picture, hint: "空欄なら頭文字のアイコンを使います" })}
      <button type="submit" class="primary">${SUBMIT_LABEL}</button>
    </form>
  </section>
  <form method="post" action="/authorize" class="cancel-form">
    ${hidden}
    <button type="submit" class="text" name="action" value="cancel">${CANCEL_LABEL}</button>
  </form>
</main>
<footer class="foot">local-google ・ 開発・テスト専用</footer>
</body>
</html>
`;
}

interface FieldOptions {
  id: "name" | "email" | "picture";
  label: string;
  type: string;
  autocomplete: string;
  required: boolean;
  value: string | undefined;
  error: string | undefined;
  hint?: string;
}

function field(o: FieldOptions): string {
  const describedBy = [o.hint ? `${o.id}-hint` : "", o.error ? `${o.id}-error` : ""].filter(Boolean).join(" ");
  return `<div class="field">
        <label for="${o.id}">${h(o.label)}</label>
        <input id="${o.id}" name="${o.id}" type="${o.type}" autocomplete="${o.autocomplete}"${o.required ? " required" : ""}${
          o.value ? ` value="${h(o.value)}"` : ""
        }${o.error ? ' aria-invalid="true"' : ""}${describedBy ? ` aria-describedby="${describedBy}"` : ""}${
          o.type === "text" ? "" : ' inputmode="' + (o.type === "email" ? "email" : "url") + '" spellcheck="false" autocapitalize="off"'
        }>
        ${o.hint ? `<p class="hint" id="${o.id}-hint">${h(o.hint)}</p>` : ""}
        ${o.error ? `<p class="error" id="${o.id}-error">${h(o.error)}</p>` : ""}
      </div>`;
}

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
  background:#f0f4f9;color:#1f1f1f;font:16px/1.5 "Google Sans",Roboto,"Noto Sans JP","Hiragino Sans","Hiragino Kaku Gothic ProN",Meiryo,system-ui,sans-serif}
.card{width:100%;max-width:450px;background:#fff;border-radius:28px;padding:36px 40px 28px;margin:24px 16px 8px}
.head{text-align:center}
.brand{display:inline-flex;align-items:center;gap:8px;margin:0 0 16px;font-size:14px;color:#444746}
.logo{display:inline-grid;place-items:center;width:24px;height:24px;border-radius:50%;background:#1a73e8;color:#fff;font-weight:700;font-size:14px}
h1{margin:0;font-size:28px;font-weight:400;line-height:1.3}
.destination{margin:8px 0 0;color:#444746;word-break:break-all}
.notice{margin:20px 0 8px;padding:10px 12px;border-radius:8px;background:#fef7e0;color:#5c4200;font-size:13px}
.alert{margin:12px 0 0;padding:10px 12px;border-radius:8px;background:#fce8e6;color:#8c1d18;font-size:14px}
.accounts{list-style:none;margin:12px 0 0;padding:0;border-top:1px solid #e1e3e1}
.accounts li{border-bottom:1px solid #e1e3e1}
.account{display:flex;align-items:center;gap:12px;width:100%;min-height:56px;padding:10px 8px;border:0;background:none;
  text-align:left;font:inherit;color:inherit;cursor:pointer}
.account:hover{background:#f2f2f2}
.account:focus-visible{outline:2px solid #0b57d0;outline-offset:-2px;border-radius:4px}
.avatar{flex:none;width:32px;height:32px;border-radius:50%;object-fit:cover;background:#e1e3e1}
.who{display:flex;flex-direction:column;min-width:0}
.name{font-size:14px;font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.email{font-size:12px;color:#444746;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.custom{margin-top:24px}
h2{margin:0 0 12px;font-size:16px;font-weight:500}
.field{margin-bottom:14px}
label{display:block;margin-bottom:4px;font-size:14px;color:#444746}
input{width:100%;height:48px;padding:0 14px;border:1px solid #747775;border-radius:4px;font:inherit;color:inherit;background:#fff}
input:focus{outline:none;border-color:#0b57d0;box-shadow:inset 0 0 0 1px #0b57d0}
input[aria-invalid="true"]{border-color:#b3261e}
.hint{margin:4px 0 0;font-size:12px;color:#5e5e5e}
.error{margin:4px 0 0;font-size:13px;color:#b3261e}
.error::before{content:"⚠ "}
button{font:inherit;cursor:pointer}
.primary{display:block;width:100%;min-height:44px;margin-top:8px;border:0;border-radius:22px;background:#0b57d0;color:#fff;font-size:15px;font-weight:500}
.primary:hover{background:#0a4fbf;box-shadow:0 1px 3px rgba(0,0,0,.25)}
.primary:focus-visible,.text:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}
.cancel-form{margin-top:12px;text-align:center}
.text{min-height:44px;padding:0 16px;border:0;border-radius:22px;background:none;color:#0b57d0;font-size:14px;font-weight:500}
.text:hover{background:#f0f4f9}
.foot{max-width:450px;margin:0 16px 24px;font-size:12px;color:#5e5e5e;text-align:center}
@media (max-width:600px){
  body{justify-content:flex-start;background:#fff}
  .card{border-radius:0;padding:24px 20px 16px;margin:0}
  h1{font-size:24px}
}
`;
