// GET /sitemap.xml and /sitemaps/… on the HTTP-action site (model/sitemap.ts has the
// layout). Each query reads one bounded page of one index range; the HTTP action pages through a
// month, at most SITEMAP_MAX_URLS / SITEMAP_PAGE queries.
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { httpAction, internalQuery } from "./_generated/server";
import { profileAccess } from "./model/profiles";
import {
  FIXED_PAGES,
  monthRange,
  monthsBetween,
  parseSitemapPath,
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_KINDS,
  SITEMAP_MAX_URLS,
  SITEMAP_PAGE,
  sitemapPath,
  type SitemapKind,
} from "./model/sitemap";
import { webAppUrl, webPaths } from "./model/webApp";
import { xmlResponse } from "./model/xml";

const vKind = v.union(v.literal("works"), v.literal("profiles"), v.literal("challenges"));
const vEntry = v.object({ path: v.string(), lastmod: v.number() });

/** When the first work, profile and challenge were created (null: none yet). */
export const firsts = internalQuery({
  args: {},
  returns: v.object({ works: v.union(v.number(), v.null()), profiles: v.union(v.number(), v.null()), challenges: v.union(v.number(), v.null()) }),
  handler: async (ctx) => {
    const work = await ctx.db.query("projects").withIndex("by_hidden", (q) => q.eq("hidden", undefined)).first();
    const user = await ctx.db.query("users").withIndex("by_creation_time").first();
    const challenge = await ctx.db.query("challenges").withIndex("by_hidden", (q) => q.eq("hidden", undefined)).first();
    return { works: work?._creationTime ?? null, profiles: user?._creationTime ?? null, challenges: challenge?._creationTime ?? null };
  },
});

/** One page of a month's entries of one kind: web-app paths with their last change. */
export const monthPage = internalQuery({
  args: { kind: vKind, start: v.number(), end: v.number(), paginationOpts: paginationOptsValidator },
  returns: v.object({ entries: v.array(vEntry), isDone: v.boolean(), continueCursor: v.string() }),
  handler: async (ctx, { kind, start, end, paginationOpts }) => {
    const opts = { ...paginationOpts, numItems: Math.min(paginationOpts.numItems, SITEMAP_PAGE) };
    if (kind === "works") {
      const page = await ctx.db
        .query("projects")
        .withIndex("by_hidden", (q) => q.eq("hidden", undefined).gte("_creationTime", start).lt("_creationTime", end))
        .paginate(opts);
      return pageOf(page, page.page.map((w) => ({ path: webPaths.work(w._id), lastmod: Math.max(w.updatedAt, w._creationTime) })));
    }
    if (kind === "challenges") {
      const page = await ctx.db
        .query("challenges")
        .withIndex("by_hidden", (q) => q.eq("hidden", undefined).gte("_creationTime", start).lt("_creationTime", end))
        .paginate(opts);
      return pageOf(page, page.page.map((c) => ({ path: webPaths.challenge(c._id), lastmod: c._creationTime })));
    }
    const page = await ctx.db
      .query("users")
      .withIndex("by_creation_time", (q) => q.gte("_creationTime", start).lt("_creationTime", end))
      .paginate(opts);
    // Only profiles anyone may open: set up (a handle) and not private.
    const entries = page.page.flatMap((user) =>
      user.handle && profileAccess(user, null).canSeeDetails ? [{ path: webPaths.profile(user.handle), lastmod: Math.max(user.updatedAt, user._creationTime) }] : [],
    );
    return pageOf(page, entries);
  },
});

const pageOf = (page: { isDone: boolean; continueCursor: string }, entries: { path: string; lastmod: number }[]) => ({
  entries,
  isDone: page.isDone,
  continueCursor: page.continueCursor,
});

/** GET /sitemap.xml: the sitemap index. */
export const sitemapIndex = httpAction(async (ctx, request) => {
  const origin = new URL(request.url).origin;
  const firstOf = await ctx.runQuery(internal.sitemap.firsts, {});
  const now = Date.now();
  const locations = [`${origin}/sitemaps/pages.xml`];
  for (const kind of SITEMAP_KINDS) {
    const first = firstOf[kind];
    if (first !== null) for (const month of monthsBetween(first, now)) locations.push(`${origin}${sitemapPath(kind, month)}`);
  }
  return xmlResponse(renderSitemapIndex(locations), 200, "application/xml", "public, max-age=3600");
});

/** GET /sitemaps/pages.xml and /sitemaps/{kind}-{YYYY-MM}.xml. */
export const sitemapPart = httpAction(async (ctx, request) => {
  const site = webAppUrl();
  const part = parseSitemapPath(new URL(request.url).pathname);
  if (part === null) return xmlResponse(renderUrlset([]), 404, "application/xml", "no-store");
  if (part === "pages") return xmlResponse(renderUrlset(FIXED_PAGES.map((path) => ({ loc: `${site}${path}` }))), 200, "application/xml", "public, max-age=3600");
  const urls = await monthUrls(ctx, part.kind, monthRange(part.month)!);
  return xmlResponse(renderUrlset(urls.map(({ path, lastmod }) => ({ loc: `${site}${path}`, lastmod }))), 200, "application/xml", "public, max-age=3600");
});

type Runner = Parameters<Parameters<typeof httpAction>[0]>[0];

async function monthUrls(ctx: Runner, kind: SitemapKind, { start, end }: { start: number; end: number }) {
  const urls: { path: string; lastmod: number }[] = [];
  let cursor: string | null = null;
  while (urls.length < SITEMAP_MAX_URLS) {
    const page: { entries: { path: string; lastmod: number }[]; isDone: boolean; continueCursor: string } = await ctx.runQuery(
      internal.sitemap.monthPage,
      { kind, start, end, paginationOpts: { numItems: SITEMAP_PAGE, cursor } },
    );
    urls.push(...page.entries);
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  return urls.slice(0, SITEMAP_MAX_URLS);
}
