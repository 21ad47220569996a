// Atom feeds on the HTTP-action site (docs/decisions.md "SEO, share cards, feeds and embeds"), for
// feed readers and the pages' <link rel="alternate">: GET /feeds/works.xml (new works),
// /feeds/users/{handle}.xml (one creator's, when their profile shows its works to everyone) and
// /feeds/tags/{tag}.xml (one tag's, any spelling). Each reads the newest FEED_SIZE visible works
// through one index range.
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import { httpAction, internalQuery, type QueryCtx } from "./_generated/server";
import { FEED_SIZE, renderAtom, summaryOf, type FeedEntry } from "./model/atom";
import { findTagStats, tagKeyOf } from "./model/discovery";
import { FEED_PREFIX, feedPaths } from "./model/feedLinks";
import { profileAccess } from "./model/profiles";
import { DELETED_USER_NAME, displayNameOf } from "./model/users";
import { SITE_TAGS } from "./model/sharePage";
import { webAppUrl, webPaths } from "./model/webApp";
import { xmlResponse } from "./model/xml";

const SITE_NAME = SITE_TAGS.siteName;

const vEntry = v.object({
  id: v.string(),
  title: v.string(),
  summary: v.string(),
  author: v.string(),
  published: v.number(),
  updated: v.number(),
});
const vFeedContent = v.object({ title: v.string(), pagePath: v.string(), entries: v.array(vEntry) });

async function entriesOf(ctx: QueryCtx, works: readonly (Doc<"projects"> | null)[]) {
  const visible = works.filter((work): work is Doc<"projects"> => work !== null && work.hidden !== true);
  // One read per author, not per work: a creator's feed is all one author.
  const authors = new Map<Id<"users">, Promise<Doc<"users"> | null>>();
  const authorOf = (userId: Id<"users">) => {
    if (!authors.has(userId)) authors.set(userId, ctx.db.get("users", userId));
    return authors.get(userId)!;
  };
  return await Promise.all(
    visible.map(async (work) => {
      const author = await authorOf(work.userId);
      return {
        id: work._id,
        title: work.title,
        summary: summaryOf(work.description),
        author: author ? displayNameOf(author) : DELETED_USER_NAME,
        published: work._creationTime,
        updated: Math.max(work.updatedAt, work._creationTime),
      };
    }),
  );
}

/** What a feed lists, or null when there is no such feed (an unknown or private creator). */
export const content = internalQuery({
  args: { kind: v.union(v.literal("works"), v.literal("user"), v.literal("tag")), key: v.string() },
  returns: v.union(v.null(), vFeedContent),
  handler: async (ctx, { kind, key }) => {
    if (kind === "works") {
      const works = await ctx.db
        .query("projects")
        .withIndex("by_hidden", (q) => q.eq("hidden", undefined))
        .order("desc")
        .take(FEED_SIZE);
      return { title: `${SITE_NAME}の新着作品`, pagePath: "/projects", entries: await entriesOf(ctx, works) };
    }
    if (kind === "user") {
      const user = await ctx.db
        .query("users")
        .withIndex("by_handle", (q) => q.eq("handle", key))
        .unique();
      if (!user || !profileAccess(user, null).canSeeProjects) return null;
      const works = await ctx.db
        .query("projects")
        .withIndex("by_userId_and_hidden", (q) => q.eq("userId", user._id).eq("hidden", undefined))
        .order("desc")
        .take(FEED_SIZE);
      return {
        title: `${displayNameOf(user)}さんの作品 | ${SITE_NAME}`,
        pagePath: webPaths.profile(user.handle!),
        entries: await entriesOf(ctx, works),
      };
    }
    const tagKey = tagKeyOf(key);
    if (!tagKey || tagKey.length > 100) return null;
    const rows = await ctx.db
      .query("projectTags")
      .withIndex("by_tagKey_and_projectCreationTime", (q) => q.eq("tagKey", tagKey))
      .order("desc")
      .take(FEED_SIZE);
    const display = (await findTagStats(ctx, tagKey))?.display ?? key.trim().replace(/^#+/, "");
    const works = await Promise.all(rows.map((row) => ctx.db.get("projects", row.projectId)));
    return { title: `#${display}の作品 | ${SITE_NAME}`, pagePath: webPaths.tag(display), entries: await entriesOf(ctx, works) };
  },
});

/** `/feeds/works.xml`, `/feeds/users/{handle}.xml`, `/feeds/tags/{tag}.xml` → what to list. */
export function parseFeedPath(pathname: string): { kind: "works" | "user" | "tag"; key: string } | null {
  if (pathname === feedPaths.works()) return { kind: "works", key: "" };
  if (!pathname.startsWith(FEED_PREFIX)) return null;
  const match = /^(users|tags)\/([^/]+)\.xml$/.exec(pathname.slice(FEED_PREFIX.length));
  if (!match) return null;
  try {
    return { kind: match[1] === "users" ? "user" : "tag", key: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/** GET /feeds/…: an Atom feed, or 404. */
export const feed = httpAction(async (ctx, request) => {
  const url = new URL(request.url);
  const parsed = parseFeedPath(url.pathname);
  const found = parsed === null ? null : await ctx.runQuery(internal.feeds.content, parsed);
  if (found === null)
    return new Response("フィードが見つかりません", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const site = webAppUrl();
  const entries: FeedEntry[] = found.entries.map(({ id, ...entry }) => ({ ...entry, url: `${site}${webPaths.work(id)}` }));
  const body = renderAtom({
    title: found.title,
    selfUrl: `${url.origin}${url.pathname}`,
    pageUrl: `${site}${found.pagePath}`,
    entries,
    // With no entries the feed is as new as the request (Atom requires a date).
    updated: entries.reduce((latest, entry) => Math.max(latest, entry.updated), 0) || Date.now(),
  });
  return xmlResponse(body, 200, "application/atom+xml", "public, max-age=600");
});
