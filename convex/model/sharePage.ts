// The HTML a share link (a work's, or a challenge's results) answers with (docs/decisions.md
// "SEO, share cards, feeds and embeds"): crawlers of X, LINE, Slack and the like read Open Graph / Twitter card tags without
// running scripts, and the app is a static SPA whose index.html carries only the site's default
// tags. So the share URL is an HTTP action (convex/share.ts) whose page holds the page's own tags
// and sends people on to the page in the app (meta refresh, a script, and a plain link).
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

/** The images a share page may show, best first: a 1200×630 card, a thumbnail, else the site image. */
export type ShareImages = { cardImageUrl?: string | null; imageUrl?: string | null };

function imageOf(images: ShareImages, siteUrl: string): Pick<Tags, "image" | "imageSize"> {
  if (images.cardImageUrl) return { image: images.cardImageUrl, imageSize: CARD_SIZE };
  if (images.imageUrl) return { image: images.imageUrl };
  return { image: `${siteUrl}${SITE_TAGS.imagePath}`, imageSize: CARD_SIZE };
}

/** Any shared page: its own tags, then off to `targetUrl` in the web app. */
export type SharedPage = {
  /** og:title (cut to SHARE_TITLE_MAX). */
  title: string;
  /** og:description (cut to SHARE_DESCRIPTION_MAX; the site's when empty). */
  description: string;
  images: ShareImages;
  /** The visible link's text, for people whose browser does not follow the refresh. */
  linkText: (title: string) => string;
  /** Whether the page announces an oEmbed card (works only). */
  oembed: boolean;
};

/**
 * A share page: the tags, then off to `targetUrl` (the page in the web app). `shareUrl` is this
 * page's own address (og:url: crawlers that follow og:url land here again).
 */
export function renderShareLinkPage(shared: SharedPage, urls: { shareUrl: string; targetUrl: string; siteUrl: string }): string {
  const title = summarize(shared.title, SHARE_TITLE_MAX);
  const description = summarize(shared.description, SHARE_DESCRIPTION_MAX) || SITE_TAGS.description;
  const tags: Tags = {
    pageTitle: `${title} | ${SITE_TAGS.siteName}`,
    title,
    description,
    url: urls.shareUrl,
    ...imageOf(shared.images, urls.siteUrl),
    type: "article",
  };
  const targetUrl = escapeHtml(urls.targetUrl);
  return page(
    head(tags, [
      `<meta http-equiv="refresh" content="0; url=${targetUrl}">`,
      // oEmbed discovery: sites that embed links (note, blogs) find the card here.
      ...(shared.oembed
        ? [
            `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${new URL(urls.shareUrl).origin}${OEMBED_PATH}?url=${encodeURIComponent(urls.shareUrl)}`)}" title="${escapeHtml(title)}">`,
          ]
        : []),
    ]),
    `<p><a href="${targetUrl}">${escapeHtml(shared.linkText(title))}</a></p>
      <script>location.replace(${scriptString(urls.targetUrl)});</script>`,
  );
}

/** The share page of a work: its title, description and card (else thumbnail), then the work page. */
export function renderSharePage(work: SharedWork, urls: { shareUrl: string; workUrl: string; siteUrl: string }): string {
  return renderShareLinkPage(
    {
      title: work.title,
      description: work.description,
      images: work,
      linkText: (title) => `「${title}」を${SITE_TAGS.siteName}で見る`,
      oembed: true,
    },
    { shareUrl: urls.shareUrl, targetUrl: urls.workUrl, siteUrl: urls.siteUrl },
  );
}

/** The answer for a work (or results) that do not exist: the site's default tags and a link home. */
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

/** What the results' share link tells of them. */
export type SharedResults = {
  challengeTitle: string;
  submissionsCount: number;
  winner: { title: string; authorName: string } | null;
  awards: ReadonlyArray<{ label: string; title: string }>;
};

/** og:title of a challenge's results. */
export function resultsShareTitle(challengeTitle: string): string {
  return `「${summarize(challengeTitle, SHARE_TITLE_MAX - 7)}」結果発表`;
}

/**
 * og:description of a challenge's results: the winner, the awards while there is room, and how
 * many works took part (always whole: the winner's part is what gets cut).
 */
export function resultsShareDescription(results: SharedResults): string {
  const tail = `${results.submissionsCount}作品が参加`;
  if (!results.winner) return `${tail}したチャレンジの結果です`;
  const room = SHARE_DESCRIPTION_MAX - tail.length - 1;
  const winner = `優勝：「${results.winner.title}」${results.winner.authorName}さん`;
  const parts = [winner];
  for (const award of results.awards) {
    const next = [...parts, `${award.label}：「${award.title}」`].join("・");
    if (Array.from(next).length > room) break;
    parts.push(`${award.label}：「${award.title}」`);
  }
  return `${summarize(parts.join("・"), room)}・${tail}`;
}
