// Embeds (docs/decisions.md "SEO, share cards, feeds and embeds"): any work as a card creators
// paste into note, Zenn or a blog. The card is an HTML page on the HTTP-action site
// (convex/embeds.ts) shown in an iframe; /oembed describes it for sites that discover embeds
// themselves. Plain functions, shared with the browser, which offers the 埋め込みコード.
import { escapeHtml } from "./markup";

export const EMBED_PREFIX = "/embed/projects/";
export const OEMBED_PATH = "/oembed";
/** The card's size: as wide as the column allows up to EMBED_WIDTH, and this tall. */
export const EMBED_WIDTH = 480;
export const EMBED_HEIGHT = 440;

export const embedPath = (projectId: string) => `${EMBED_PREFIX}${encodeURIComponent(projectId)}`;

/**
 * The <iframe> a creator pastes; `actionSite` is the deployment's HTTP-action site, `width` a
 * number of pixels or "100%".
 */
export function embedCode(
  actionSite: string,
  projectId: string,
  title: string,
  width: number | "100%" = "100%",
  height = EMBED_HEIGHT,
): string {
  return (
    `<iframe src="${escapeHtml(actionSite + embedPath(projectId))}" title="${escapeHtml(`${title} | バイブギャラリー`)}" ` +
    `width="${width}" height="${height}" style="max-width:${EMBED_WIDTH}px;border:0;border-radius:16px" loading="lazy"></iframe>`
  );
}
