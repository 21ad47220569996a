// Mutations that write documents just under and just over Convex's document limits.
import { getDocumentSize, v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { mutation, query, type MutationCtx } from "./_generated/server";
import { fields, mark, nest, padding, range } from "./shared";

const tagged = { tag: v.string() };

async function markAndInsert(ctx: MutationCtx, tag: string, value: Record<string, unknown>): Promise<Id<"docs">> {
  await mark(ctx, tag);
  return await ctx.db.insert("docs", { tag, ...value });
}

async function existing(ctx: MutationCtx, id: Id<"docs">): Promise<Record<string, unknown>> {
  const doc = (await ctx.db.get("docs", id)) as Record<string, unknown> | null;
  if (!doc) throw new Error(`no document ${id}`);
  return doc;
}

/** Body padding so that the whole stored document (system fields included) is `size` bytes. */
function bodyFor(size: number, rest: Record<string, unknown>): string {
  return padding(size - getDocumentSize({ ...rest, body: "" }));
}

export const insertSized = mutation({
  args: { ...tagged, size: v.number() },
  handler: async (ctx, { tag, size }) => markAndInsert(ctx, tag, { body: bodyFor(size, { tag }) }),
});

export const patchToSize = mutation({
  args: { ...tagged, id: v.id("docs"), size: v.number() },
  handler: async (ctx, { tag, id, size }) => {
    await mark(ctx, tag);
    await ctx.db.patch("docs", id, { body: bodyFor(size, await existing(ctx, id)) });
  },
});

export const replaceToSize = mutation({
  args: { ...tagged, id: v.id("docs"), size: v.number() },
  handler: async (ctx, { tag, id, size }) => {
    await mark(ctx, tag);
    // The whole document back, system fields included, as apps often do.
    const doc = await existing(ctx, id);
    await ctx.db.replace("docs", id, { ...doc, body: bodyFor(size, doc) });
  },
});

/** Small in JSON, large in Convex's size: every number counts 9 bytes. */
export const insertNumberArrays = mutation({
  args: { ...tagged, arrays: v.number() },
  handler: async (ctx, { tag, arrays }) =>
    markAndInsert(ctx, tag, Object.fromEntries(range(arrays).map((i) => [`a${i}`, new Array<number>(8192).fill(0)]))),
});

export const sizeOf = query({
  args: { id: v.id("docs") },
  handler: async (ctx, { id }) => {
    const doc = await ctx.db.get("docs", id);
    return doc ? getDocumentSize(doc) : null;
  },
});

export const insertArray = mutation({
  args: { ...tagged, length: v.number() },
  handler: async (ctx, { tag, length }) => markAndInsert(ctx, tag, { items: range(length) }),
});

export const patchArray = mutation({
  args: { ...tagged, id: v.id("docs"), length: v.number() },
  handler: async (ctx, { tag, id, length }) => {
    await mark(ctx, tag);
    await ctx.db.patch("docs", id, { items: { inner: range(length) } });
  },
});

export const replaceArray = mutation({
  args: { ...tagged, id: v.id("docs"), length: v.number() },
  handler: async (ctx, { tag, id, length }) => {
    await mark(ctx, tag);
    const { tag: docTag } = await existing(ctx, id);
    await ctx.db.replace("docs", id, { tag: docTag, items: [range(length)] });
  },
});

export const insertNested = mutation({
  args: { ...tagged, depth: v.number() },
  handler: async (ctx, { tag, depth }) => markAndInsert(ctx, tag, { nested: nest(depth) }),
});

export const patchNested = mutation({
  args: { ...tagged, id: v.id("docs"), depth: v.number() },
  handler: async (ctx, { tag, id, depth }) => {
    await mark(ctx, tag);
    await ctx.db.patch("docs", id, { nested: nest(depth) });
  },
});

export const insertWideObject = mutation({
  args: { ...tagged, count: v.number() },
  handler: async (ctx, { tag, count }) => markAndInsert(ctx, tag, { wide: fields(count) }),
});

/** A document with `count` user fields at the top level, `tag` included. */
export const insertTopLevelFields = mutation({
  args: { ...tagged, count: v.number() },
  handler: async (ctx, { tag, count }) => markAndInsert(ctx, tag, fields(count - 1)),
});

export const patchAddFields = mutation({
  args: { ...tagged, id: v.id("docs"), count: v.number() },
  handler: async (ctx, { tag, id, count }) => {
    await mark(ctx, tag);
    await ctx.db.patch("docs", id, fields(count, "g"));
  },
});

export const insertFieldName = mutation({
  args: { ...tagged, name: v.string(), nested: v.boolean() },
  handler: async (ctx, { tag, name, nested }) => markAndInsert(ctx, tag, nested ? { inner: { [name]: 1 } } : { [name]: 1 }),
});

export const patchFieldName = mutation({
  args: { ...tagged, id: v.id("docs"), name: v.string() },
  handler: async (ctx, { tag, id, name }) => {
    await mark(ctx, tag);
    await ctx.db.patch("docs", id, { [name]: 1 });
  },
});

export const insertStrict = mutation({
  args: { ...tagged, extra: v.string() },
  handler: async (ctx, { tag, extra }) => {
    await mark(ctx, tag);
    // Deliberately more than the schema allows: the document check must come first.
    const value: { value: number } = { value: 1, [extra]: 2 };
    return await ctx.db.insert("strict", value);
  },
});

/** What a tag left behind: its markers and its documents. */
export const written = query({
  args: tagged,
  handler: async (ctx, { tag }) => {
    const markers = await ctx.db
      .query("markers")
      .withIndex("by_tag", (q) => q.eq("tag", tag))
      .collect();
    const docs = await ctx.db
      .query("docs")
      .withIndex("by_tag", (q) => q.eq("tag", tag))
      .collect();
    return { markers: markers.length, docs: docs.length };
  },
});

export const get = query({
  args: { id: v.id("docs") },
  handler: async (ctx, { id }) => await ctx.db.get("docs", id),
});
