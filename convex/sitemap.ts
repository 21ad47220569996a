// GET /sitemap.xml and /sitemaps/… on the HTTP-action site (model/sitemap.ts has the
// layout). Each query reads one bounded page of one index range; the HTTP action pages through a
// month's part, at most SITEMAP_MAX_URLS / SITEMAP_PAGE + 1 queries.
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { httpAction, internalMutation, internalQuery } from "./_generated/server";
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
  type SitemapPart,
} from "./model/sitemap";
import { webAppUrl, webPaths } from "./model/webApp";
import { xmlResponse } from "./model/xml";

const vKind = v.union(v.literal("works"), v.literal("profiles"), v.literal("challenges"));
const vEntry = v.object({ path: v.string(), lastmod: v.number(), createdAt: v.number() });
type Entry = { path: string; lastmod: number; createdAt: number };
/** More parts than any site will have (50,000 URLs each); the index reads them in one query. */
const MAX_PART_ROWS = 10_000;

/** When the first work, profile and challenge were created (null: none yet). */
export const firsts = internalQuery({
  args: {},
  returns: v.object({
    works: v.union(v.number(), v.null()),
    profiles: v.union(v.number(), v.null()),
    challenges: v.union(v.number(), v.null()),
  }),
  handler: async (ctx) => {
    const work = await ctx.db
      .query("projects")
      .withIndex("by_hidden", (q) => q.eq("hidden", undefined))
      .first();
    const user = await ctx.db.query("users").withIndex("by_creation_time").first();
    const challenge = await ctx.db
      .query("challenges")
      .withIndex("by_hidden", (q) => q.eq("hidden", undefined))
      .first();
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
      return pageOf(
        page,
        page.page.map((w) => ({ path: webPaths.work(w._id), lastmod: Math.max(w.updatedAt, w._creationTime), createdAt: w._creationTime })),
      );
    }
    if (kind === "challenges") {
      const page = await ctx.db
        .query("challenges")
        .withIndex("by_hidden", (q) => q.eq("hidden", undefined).gte("_creationTime", start).lt("_creationTime", end))
        .paginate(opts);
      return pageOf(
        page,
        page.page.map((c) => ({ path: webPaths.challenge(c._id), lastmod: c._creationTime, createdAt: c._creationTime })),
      );
    }
    const page = await ctx.db
      .query("users")
      .withIndex("by_creation_time", (q) => q.gte("_creationTime", start).lt("_creationTime", end))
      .paginate(opts);
    // Only profiles anyone may open: set up (a handle) and not private.
    const entries = page.page.flatMap((user) =>
      user.handle && profileAccess(user, null).canSeeDetails
        ? [{ path: webPaths.profile(user.handle), lastmod: Math.max(user.updatedAt, user._creationTime), createdAt: user._creationTime }]
        : [],
    );
    return pageOf(page, entries);
  },
});

const pageOf = (page: { isDone: boolean; continueCursor: string }, entries: Entry[]) => ({
  entries,
  isDone: page.isDone,
  continueCursor: page.continueCursor,
});

/** The further parts recorded (part 2 on) of every kind's months, in index order. */
export const recordedParts = internalQuery({
  args: {},
  returns: v.array(v.object({ kind: vKind, month: v.string(), part: v.number() })),
  handler: async (ctx) => {
    const rows = await ctx.db.query("sitemapParts").withIndex("by_kind_and_month_and_part").take(MAX_PART_ROWS);
    return rows.map(({ kind, month, part }) => ({ kind, month, part }));
  },
});

/** The creation-time range a part covers; null for a part not recorded (yet). */
export const partRange = internalQuery({
  args: { kind: vKind, month: v.string(), part: v.number() },
  returns: v.union(v.object({ start: v.number(), end: v.number() }), v.null()),
  handler: async (ctx, { kind, month, part }) => {
    const range = monthRange(month);
    if (!range) return null;
    const at = (n: number) =>
      ctx.db
        .query("sitemapParts")
        .withIndex("by_kind_and_month_and_part", (q) => q.eq("kind", kind).eq("month", month).eq("part", n))
        .unique();
    const own = part === 1 ? null : await at(part);
    if (part !== 1 && !own) return null;
    const next = await at(part + 1);
    return { start: own?.start ?? range.start, end: next?.start ?? range.end };
  },
});

/**
 * Records where the part after a full one begins. A boundary only ever moves earlier (a part that
 * grew past the limit, say profiles made public again, hands its tail to the next part).
 */
export const recordPart = internalMutation({
  args: { kind: vKind, month: v.string(), part: v.number(), start: v.number() },
  returns: v.null(),
  handler: async (ctx, { kind, month, part, start }) => {
    const existing = await ctx.db
      .query("sitemapParts")
      .withIndex("by_kind_and_month_and_part", (q) => q.eq("kind", kind).eq("month", month).eq("part", part))
      .unique();
    if (!existing) await ctx.db.insert("sitemapParts", { kind, month, part, start });
    else if (start < existing.start) await ctx.db.patch("sitemapParts", existing._id, { start });
    return null;
  },
});

/** GET /sitemap.xml: the sitemap index. */
export const sitemapIndex = httpAction(async (ctx, request) => {
  const origin = new URL(request.url).origin;
  const firstOf = await ctx.runQuery(internal.sitemap.firsts, {});
  const further = await ctx.runQuery(internal.sitemap.recordedParts, {});
  const now = Date.now();
  const locations = [`${origin}/sitemaps/pages.xml`];
  for (const kind of SITEMAP_KINDS) {
    const first = firstOf[kind];
    if (first === null) continue;
    for (const month of monthsBetween(first, now)) {
      locations.push(`${origin}${sitemapPath(kind, month)}`);
      for (const row of further)
        if (row.kind === kind && row.month === month) locations.push(`${origin}${sitemapPath(kind, month, row.part)}`);
    }
  }
  return xmlResponse(renderSitemapIndex(locations), 200, "application/xml", "public, max-age=3600");
});

/** GET /sitemaps/pages.xml and /sitemaps/{kind}-{YYYY-MM}[-p{N}].xml. */
export const sitemapPart = httpAction(async (ctx, request) => {
  const site = webAppUrl();
  const part = parseSitemapPath(new URL(request.url).pathname);
  const notFound = () => xmlResponse(renderUrlset([]), 404, "application/xml", "no-store");
  if (part === null) return notFound();
  if (part === "pages")
    return xmlResponse(
      renderUrlset(FIXED_PAGES.map((path) => ({ loc: `${site}${path}` }))),
      200,
      "application/xml",
      "public, max-age=3600",
    );
  const range = await ctx.runQuery(internal.sitemap.partRange, part);
  if (!range) return notFound();
  const urls = await partUrls(ctx, part, range);
  return xmlResponse(
    renderUrlset(urls.map(({ path, lastmod }) => ({ loc: `${site}${path}`, lastmod }))),
    200,
    "application/xml",
    "public, max-age=3600",
  );
});

type Runner = Parameters<Parameters<typeof httpAction>[0]>[0];

/**
 * A part's entries, at most SITEMAP_MAX_URLS. When more follow within its range, the part ends
 * just before the first entry past the limit, and the next part is recorded as starting there
 * (the index lists it from then on).
 */
async function partUrls(ctx: Runner, part: SitemapPart, { start, end }: { start: number; end: number }) {
  const urls: Entry[] = [];
  let cursor: string | null = null;
  // One entry past the limit tells whether the part is full.
  while (urls.length <= SITEMAP_MAX_URLS) {
    const numItems = Math.min(SITEMAP_PAGE, SITEMAP_MAX_URLS + 1 - urls.length);
    const page: { entries: Entry[]; isDone: boolean; continueCursor: string } = await ctx.runQuery(internal.sitemap.monthPage, {
      kind: part.kind,
      start,
      end,
      paginationOpts: { numItems, cursor },
    });
    urls.push(...page.entries);
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  if (urls.length <= SITEMAP_MAX_URLS) return urls;
  const nextStart = urls[SITEMAP_MAX_URLS]!.createdAt;
  await ctx.runMutation(internal.sitemap.recordPart, { kind: part.kind, month: part.month, part: part.part + 1, start: nextStart });
  // Entries created in the same millisecond as the next part's first go with it.
  return urls.slice(0, SITEMAP_MAX_URLS).filter((entry) => entry.createdAt < nextStart);
}
