// The HTML a work's share link answers with (docs/decisions.md "SEO, share cards, feeds and
// embeds"): crawlers of X, LINE, Slack and the like read Open Graph / Twitter card tags without
// running scripts, and the app is a static SPA whose index.html carries only the site's default
// tags. So the share URL is an HTTP action (convex/share.ts) whose page holds the work's own tags
// and sends people on to the work page (meta refresh, a script, and a plain link).
import { SHARE_CARD } from "../constants";
import { summarize } from "./cleanText";
import { OEMBED_PATH } from "./embedLinks";
import { escapeHtml } from "./markup";

/** The site's default tags; index.html carries the same (checked by convex/share.test.ts). */
export const SITE_TAGS = {
  siteName: "バイブギャラリー",
  title: "バイブギャラリー | Vibe Gallery",
  description: "AIツールで作られた作品を共有・発見できるクリエイターコミュニティ",
  /** In the web app's public/ folder, 1200×630 (as a share card). */
  imagePath: "/og-image.png",
} as const;

/** og:description is cut to this many characters (an ellipsis included). */
export const SHARE_DESCRIPTION_MAX = 120;
/** og:title likewise (titles are shorter than this by the work rules; a safety net). */
export const SHARE_TITLE_MAX = 100;

/** A string literal safe inside an inline <script>: no "<", ">", "&" or line separators as such. */
function scriptString(text: string): string {
  return JSON.stringify(text).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

type Tags = {
  pageTitle: string;
  title: string;
  description: string;
  /** Absolute URL of this page (og:url). */
  url: string;
  /** Absolute image URL. */
  image: string;
  /** Its pixel size when known (a share card, the site image), so crawlers can lay it out at once. */
  imageSize?: { width: number; height: number };
  type: "article" | "website";
};

function head(tags: Tags, extra: string[] = []): string {
  const meta = (attr: "name" | "property", key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(tags.pageTitle)}</title>`,
    meta("name", "description", tags.description),
    meta("property", "og:site_name", SITE_TAGS.siteName),
    meta("property", "og:locale", "ja_JP"),
    meta("property", "og:type", tags.type),
    meta("property", "og:title", tags.title),
    meta("property", "og:description", tags.description),
    meta("property", "og:url", tags.url),
    meta("property", "og:image", tags.image),
    ...(tags.imageSize
      ? [
          meta("property", "og:image:width", String(tags.imageSize.width)),
          meta("property", "og:image:height", String(tags.imageSize.height)),
        ]
      : []),
    meta("property", "og:image:alt", tags.title),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", tags.title),
    meta("name", "twitter:description", tags.description),
    meta("name", "twitter:image", tags.image),
    ...extra,
  ].join("\n    ");
}

const STYLE =
  "<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;" +
  "color:#18181b;background:#fafafa}main{padding:24px;text-align:center}a{color:#7c3aed}</style>";

function page(headHtml: string, body: string): string {
  return `<!doctype html>
<html lang="ja" prefix="og: https://ogp.me/ns#">
  <head>
    ${headHtml}
    ${STYLE}
  </head>
  <body>
    <main>
      ${body}
    </main>
  </body>
</html>
`;
}

export type SharedWork = {
  title: string;
  description: string;
  /** Absolute URL of the work's thumbnail, or null when it has no screenshot. */
  imageUrl: string | null;
  /** Absolute URL of the work's 1200×630 share card, or null when it has none. */
  cardImageUrl?: string | null;
};

const CARD_SIZE = { width: SHARE_CARD.width, height: SHARE_CARD.height };

/** The work's share card, else its thumbnail, else the site image; the card and the site image are 1200×630. */
function imageOf(work: SharedWork, siteUrl: string): Pick<Tags, "image" | "imageSize"> {
  if (work.cardImageUrl) return { image: work.cardImageUrl, imageSize: CARD_SIZE };
  if (work.imageUrl) return { image: work.imageUrl };
  return { image: `${siteUrl}${SITE_TAGS.imagePath}`, imageSize: CARD_SIZE };
}

/**
 * The share page of a work: its tags, then off to `workUrl` (the work page in the web app).
 * `shareUrl` is this page's own address (og:url: crawlers that follow og:url land here again).
 */
export function renderSharePage(work: SharedWork, urls: { shareUrl: string; workUrl: string; siteUrl: string }): string {
  const title = summarize(work.title, SHARE_TITLE_MAX);
  const description = summarize(work.description, SHARE_DESCRIPTION_MAX) || SITE_TAGS.description;
  const tags: Tags = {
    pageTitle: `${title} | ${SITE_TAGS.siteName}`,
    title,
    description,
    url: urls.shareUrl,
    ...imageOf(work, urls.siteUrl),
    type: "article",
  };
  const workUrl = escapeHtml(urls.workUrl);
  return page(
    head(tags, [
      `<meta http-equiv="refresh" content="0; url=${workUrl}">`,
      // oEmbed discovery: sites that embed links (note, blogs) find the card here.
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${new URL(urls.shareUrl).origin}${OEMBED_PATH}?url=${encodeURIComponent(urls.shareUrl)}`)}" title="${escapeHtml(title)}">`,
    ]),
    `<p><a href="${workUrl}">「${escapeHtml(title)}」を${SITE_TAGS.siteName}で見る</a></p>
      <script>location.replace(${scriptString(urls.workUrl)});</script>`,
  );
}

/** The answer for a work that does not exist: the site's default tags and a link home. */
export function renderNotFoundPage(urls: { siteUrl: string }, message: string): string {
  const tags: Tags = {
    pageTitle: `${message} | ${SITE_TAGS.siteName}`,
    title: SITE_TAGS.title,
    description: SITE_TAGS.description,
    url: `${urls.siteUrl}/`,
    image: `${urls.siteUrl}${SITE_TAGS.imagePath}`,
    imageSize: CARD_SIZE,
    type: "website",
  };
  const home = escapeHtml(`${urls.siteUrl}/`);
  return page(
    head(tags),
    `<h1>${escapeHtml(message)}</h1>
      <p><a href="${home}">${SITE_TAGS.siteName}のトップへ</a></p>`,
  );
}
