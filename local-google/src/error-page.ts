// What a browser sees when /authorize cannot send the person back to the app (bad client_id or
// redirect_uri, an expired chooser): a readable page instead of raw JSON.
import { escapeHtml as h } from "./html.js";
import { PAGE_TITLE } from "./chooser-page.js";

export function renderErrorPage(status: number, error: string, description: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>エラー - ${PAGE_TITLE}</title>
<style>
body{margin:0;padding:24px 16px;background:#f0f4f9;color:#1f1f1f;font:16px/1.6 Roboto,"Noto Sans JP","Hiragino Sans",system-ui,sans-serif}
main{max-width:450px;margin:0 auto;background:#fff;border-radius:28px;padding:32px}
h1{margin:0 0 12px;font-size:22px;font-weight:400}
code{background:#f1f3f4;padding:2px 6px;border-radius:4px;word-break:break-all}
p{margin:8px 0}
</style>
</head>
<body>
<main>
  <h1>ログインできませんでした</h1>
  <p>エラー ${status}: <code>${h(error)}</code></p>
  <p>${h(description)}</p>
  <p>アプリに戻って、もう一度ログインからやり直してください。</p>
</main>
</body>
</html>
`;
}
