// Queries and mutations that read, write and scan just under and just over Convex's
// per-transaction budgets.
import { getDocumentSize, v } from "convex/values";
import { mutation, query } from "./_generated/server";
import { padding } from "./shared";

export const seedRows = mutation({
  args: { from: v.number(), count: v.number() },
  handler: async (ctx, { from, count }) => {
    for (let n = from; n < from + count; n++) await ctx.db.insert("rows", { n });
  },
});

/** Reads every row. */
export const countRows = query({
  args: {},
  handler: async (ctx) => (await ctx.db.query("rows").collect()).length,
});

/** Scans rows until one matches: a filter that drops documents still reads them. */
export const findRow = query({
  args: { n: v.number() },
  handler: async (ctx, { n }) => {
    const row = await ctx.db
      .query("rows")
      // eslint-disable-next-line @convex-dev/no-filter-in-query -- the scan is what is measured
      .filter((q) => q.eq(q.field("n"), n))
      .first();
    return row?.n ?? null;
  },
});

export const findRowPaginated = query({
  args: { n: v.number() },
  handler: async (ctx, { n }) => {
    const { page } = await ctx.db
      .query("rows")
      // eslint-disable-next-line @convex-dev/no-filter-in-query -- the scan is what is measured
      .filter((q) => q.eq(q.field("n"), n))
      .paginate({ numItems: 1, cursor: null });
    return page.length;
  },
});

export const rowIds = query({
  args: { count: v.number() },
  handler: async (ctx, { count }) => (await ctx.db.query("rows").take(count)).map((row) => row._id),
});

/** One index range per db.get. */
export const getRows = query({
  args: { ids: v.array(v.id("rows")) },
  handler: async (ctx, { ids }) => {
    let found = 0;
    for (const id of ids) if (await ctx.db.get("rows", id)) found += 1;
    return found;
  },
});

export const writeRows = mutation({
  args: { tag: v.string(), count: v.number() },
  handler: async (ctx, { tag, count }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("written", { tag });
  },
});

export const countWritten = query({
  args: { tag: v.string() },
  handler: async (ctx, { tag }) =>
    (
      await ctx.db
        .query("written")
        .withIndex("by_tag", (q) => q.eq("tag", tag))
        .collect()
    ).length,
});

export const writeBlobs = mutation({
  args: { tag: v.string(), count: v.number(), bodyBytes: v.number() },
  handler: async (ctx, { tag, count, bodyBytes }) => {
    const body = padding(bodyBytes);
    for (let i = 0; i < count; i++) await ctx.db.insert("blobs", { tag, body });
  },
});

/** Reads the first `count` blobs and reports how many documents and bytes that was. */
export const readBlobs = query({
  args: { count: v.number() },
  handler: async (ctx, { count }) => {
    const blobs = await ctx.db.query("blobs").take(count);
    return { count: blobs.length, bytes: blobs.reduce((sum, blob) => sum + getDocumentSize(blob), 0) };
  },
});

export const blobTags = query({
  args: {},
  handler: async (ctx) => {
    const tags: string[] = [];
    for await (const blob of ctx.db.query("blobs")) tags.push(blob.tag);
    return tags;
  },
});
