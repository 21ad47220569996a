// robots.txt (docs/decisions.md "SEO, share cards, feeds and embeds"), written into the build by
// vite.config.ts: every public page may be crawled; pages that are personal or for staff are not
// worth it; the sitemap lives on the deployment's HTTP-action site (convex/sitemap.ts), which
// robots.txt may point to across hosts.

/** Pages a crawler gains nothing from: signed-in pages, forms, staff pages. */
export const NOT_FOR_CRAWLERS = [
  "/admin",
  "/settings",
  "/notifications",
  "/following",
  "/saved",
  "/dashboard",
  "/submit",
  "/challenges/create",
  "/profile/setup",
  "/profile/edit",
  "/styleguide",
] as const;

export function robotsTxt(sitemapUrl: string | null): string {
  const lines = ["User-agent: *", "Allow: /", ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`)];
  if (sitemapUrl) lines.push("", `Sitemap: ${sitemapUrl}`);
  return `${lines.join("\n")}\n`;
}
