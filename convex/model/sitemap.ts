// The sitemap (docs/decisions.md "SEO, share cards, feeds and embeds"): a sitemap index at
// /sitemap.xml on the HTTP-action site, listing one sitemap of the fixed pages and, per Japan
// calendar month since the first of each kind, one of the works, one of the public profiles and one
// of the challenges created that month. A month's sitemap is read in pages of SITEMAP_PAGE rows
// (each one bounded query) and holds at most SITEMAP_MAX_URLS, the protocol's limit: a fuller
// month goes on in parts (`works-2026-11-p2.xml` …), each starting at a recorded creation time
// (the sitemapParts table), found and recorded when the part before it is served full. Hidden works
// and challenges, private profiles and profiles without a handle never appear.
import { xmlEscape } from "./xml";
import { JAPAN_OFFSET_MS } from "./japanTime";

export const SITEMAP_PAGE = 1000;
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_KINDS = ["works", "profiles", "challenges"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];
/** The web app's fixed pages worth finding (never sign-in, settings or admin pages). */
export const FIXED_PAGES = ["/", "/projects", "/ranking", "/challenges", "/tools"] as const;

/** The Japan calendar month of a time, `YYYY-MM`. */
export function monthOf(ms: number): string {
  const d = new Date(ms + JAPAN_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The first and the first-after-last millisecond of a `YYYY-MM` Japan month; null if malformed. */
export function monthRange(month: string): { start: number; end: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11) return null;
  return { start: Date.UTC(year, index, 1) - JAPAN_OFFSET_MS, end: Date.UTC(year, index + 1, 1) - JAPAN_OFFSET_MS };
}

/** Every month from the one holding `first` to the one holding `now`, oldest first. */
export function monthsBetween(first: number, now: number): string[] {
  const months: string[] = [];
  for (let month = monthOf(first); ;) {
    months.push(month);
    if (month >= monthOf(now)) return months;
    month = monthOf(monthRange(month)!.end);
  }
}

export type SitemapPart = { kind: SitemapKind; month: string; part: number };

/**
 * `/sitemaps/works-2026-11.xml` → part 1 of that month's works, `…-2026-11-p2.xml` → part 2;
 * `/sitemaps/pages.xml` → "pages"; else null.
 */
export function parseSitemapPath(pathname: string): SitemapPart | "pages" | null {
  if (pathname === "/sitemaps/pages.xml") return "pages";
  const match = /^\/sitemaps\/(works|profiles|challenges)-(\d{4}-\d{2})(?:-p([2-9]|[1-9]\d+))?\.xml$/.exec(pathname);
  if (!match || monthRange(match[2]!) === null) return null;
  return { kind: match[1] as SitemapKind, month: match[2]!, part: match[3] === undefined ? 1 : Number(match[3]) };
}

export const sitemapPath = (kind: SitemapKind, month: string, part = 1) => `/sitemaps/${kind}-${month}${part === 1 ? "" : `-p${part}`}.xml`;

const w3cDate = (ms: number) => new Date(ms).toISOString();

export function renderSitemapIndex(locations: readonly string[]): string {
  const entries = locations.map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries,
    `</sitemapindex>`,
    "",
  ].join("\n");
}

export function renderUrlset(urls: readonly { loc: string; lastmod?: number }[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${xmlEscape(loc)}</loc>${lastmod === undefined ? "" : `<lastmod>${w3cDate(lastmod)}</lastmod>`}</url>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries,
    `</urlset>`,
    "",
  ].join("\n");
}
