// Functions for the read-set tests: each query logs when it runs, so a test can count which
// subscriptions a commit re-ran.
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

export const insert = mutation({
  args: { items: v.array(v.object({ n: v.number(), g: v.string(), v: v.optional(v.any()) })) },
  handler: async (ctx, { items }) => {
    const ids = [];
    for (const item of items) ids.push(await ctx.db.insert("items", item));
    return ids;
  },
});

export const firstThreeOfGroup = query({
  args: { g: v.string() },
  handler: async (ctx, { g }) => {
    console.log(`run firstThreeOfGroup ${g}`);
    const docs = await ctx.db
      .query("items")
      .withIndex("by_g_v", (q) => q.eq("g", g))
      .take(3);
    return docs.map((d) => d.n);
  },
});

export const pageOfGroup = query({
  args: { g: v.string(), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { g, cursor }) => {
    console.log(`run pageOfGroup ${g}`);
    const result = await ctx.db
      .query("items")
      .withIndex("by_g_v", (q) => q.eq("g", g))
      .order("desc")
      .paginate({ numItems: 2, cursor });
    return result.page.map((d) => d.n);
  },
});

export const one = query({
  args: { id: v.id("items") },
  handler: async (ctx, { id }) => {
    console.log(`run one ${id}`);
    return (await ctx.db.get("items", id))?.n ?? null;
  },
});

export const countOther = query({
  args: {},
  handler: async (ctx) => {
    console.log("run countOther");
    return (await ctx.db.query("other").collect()).length;
  },
});

export const setV = mutation({
  args: { id: v.id("items"), v: v.number() },
  handler: async (ctx, { id, v: value }) => {
    await ctx.db.patch("items", id, { v: value });
  },
});

export const remove = mutation({
  args: { id: v.id("items") },
  handler: async (ctx, { id }) => {
    await ctx.db.delete("items", id);
  },
});

export const addOther = mutation({
  args: { n: v.number() },
  handler: async (ctx, { n }) => {
    await ctx.db.insert("other", { n });
  },
});
