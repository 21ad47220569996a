import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import type { QueryCtx } from "./_generated/server";
import { internalMutation, mutation, query } from "./_generated/server";

const article = v.object({ title: v.string(), body: v.string(), section: v.string() });

function searchArticles(ctx: QueryCtx, text: string, section: string | undefined) {
  return ctx.db
    .query("articles")
    .withSearchIndex("search_body", (q) =>
      section === undefined ? q.search("body", text) : q.search("body", text).eq("section", section),
    );
}

export const insert = mutation({
  args: { articles: v.array(article) },
  returns: v.array(v.id("articles")),
  handler: async (ctx, { articles }) => {
    const ids = [];
    for (const a of articles) ids.push(await ctx.db.insert("articles", a));
    return ids;
  },
});

/** Many articles with the same body, titled `${prefix}${i}`. */
export const seed = internalMutation({
  args: { count: v.number(), body: v.string(), prefix: v.string() },
  returns: v.null(),
  handler: async (ctx, { count, body, prefix }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("articles", { title: `${prefix}${i}`, body, section: "bulk" });
    return null;
  },
});

export const search = query({
  args: { text: v.string(), section: v.optional(v.string()), limit: v.number() },
  returns: v.array(v.string()),
  handler: async (ctx, { text, section, limit }) => (await searchArticles(ctx, text, section).take(limit)).map((a) => a.title),
});

export const first = query({
  args: { text: v.string() },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { text }) => (await searchArticles(ctx, text, undefined).first())?.title ?? null,
});

export const collectAll = query({
  args: { text: v.string() },
  returns: v.array(v.string()),
  handler: async (ctx, { text }) => (await searchArticles(ctx, text, undefined).collect()).map((a) => a.title),
});

export const page = query({
  args: { text: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { text, paginationOpts }) => await searchArticles(ctx, text, undefined).paginate(paginationOpts),
});

/** Writes, then searches in the same mutation: the search sees the write. */
export const insertAndSearch = mutation({
  args: { article, text: v.string() },
  returns: v.array(v.string()),
  handler: async (ctx, { article, text }) => {
    await ctx.db.insert("articles", article);
    return (await searchArticles(ctx, text, undefined).take(10)).map((a) => a.title);
  },
});

/** A search that logs each run, to count re-runs (read sets). */
export const watched = query({
  args: { text: v.string(), section: v.optional(v.string()) },
  returns: v.array(v.string()),
  handler: async (ctx, { text, section }) => {
    console.log(`run watched ${text}`);
    return (await searchArticles(ctx, text, section).take(10)).map((a) => a.title);
  },
});

export const setSection = mutation({
  args: { id: v.id("articles"), section: v.string() },
  returns: v.null(),
  handler: async (ctx, { id, section }) => {
    await ctx.db.patch("articles", id, { section });
    return null;
  },
});
