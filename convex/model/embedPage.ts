// The embed card's HTML (convex/embeds.ts): one small self-contained page, no script, every
// value escaped; it links out to the work page in a new tab.
import { summarize } from "./cleanText";
import { escapeHtml } from "./markup";

/** The card shows about two lines of the description. */
const EMBED_DESCRIPTION_MAX = 120;

export type EmbedWork = {
  title: string;
  description: string;
  imageUrl: string | null;
  authorName: string;
  isZeroCode: boolean;
  likesCount: number;
};

const STYLE = `<style>
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;color:#18181b;background:transparent}
a.card{display:flex;flex-direction:column;height:100%;border:1px solid #e4e4e7;border-radius:16px;overflow:hidden;background:#fff;color:inherit;text-decoration:none}
a.card:hover{border-color:#c4b5fd}a.card:focus-visible{outline:2px solid #7c3aed;outline-offset:-2px}
.image{position:relative;flex:1;min-height:120px;background:#f4f4f5}
.image img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.zero{position:absolute;top:10px;left:10px;padding:2px 10px;border-radius:999px;background:#f5f3ff;color:#5b21b6;font-size:12px;font-weight:700}
.body{display:flex;flex-direction:column;gap:6px;padding:14px 16px;flex:none}
h1{margin:0;font-size:17px;line-height:1.4;overflow:hidden;display:-webkit-box;-webkit-line-clamp:1;-webkit-box-orient:vertical}
p{margin:0;font-size:13px;line-height:1.6;color:#52525b;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.meta{margin-top:4px;display:flex;justify-content:space-between;gap:8px;font-size:12px;color:#71717a}
.site{font-weight:700;color:#6d28d9}
</style>`;

export function renderEmbedCard(work: EmbedWork, workUrl: string): string {
  const image = work.imageUrl ? `<img src="${escapeHtml(work.imageUrl)}" alt="" width="480" height="300">` : "";
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(work.title)} | バイブギャラリー</title>
${STYLE}
</head>
<body>
<a class="card" href="${escapeHtml(workUrl)}" target="_blank" rel="noopener">
  <div class="image">${image}${work.isZeroCode ? '<span class="zero">ゼロコード</span>' : ""}</div>
  <div class="body">
    <h1>${escapeHtml(work.title)}</h1>
    <p>${escapeHtml(summarize(work.description, EMBED_DESCRIPTION_MAX))}</p>
    <div class="meta"><span>${escapeHtml(work.authorName)} ・ ♥ ${work.likesCount}</span><span class="site">バイブギャラリーで見る →</span></div>
  </div>
</a>
</body>
</html>
`;
}

export function renderEmbedMissing(siteUrl: string): string {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>バイブギャラリー</title>${STYLE}</head>
<body><a class="card" href="${escapeHtml(siteUrl)}/" target="_blank" rel="noopener"><div class="body"><h1>この作品は表示できません</h1><p>削除されたか、非公開になっています。</p><div class="meta"><span></span><span class="site">バイブギャラリー →</span></div></div></a></body></html>
`;
}
