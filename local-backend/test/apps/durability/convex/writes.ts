// The durability tests' writes: each inserts a row and increments a counter in one transaction,
// so after any crash the counter must equal the number of rows.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { MutationCtx } from "./_generated/server";
import { internalMutation, mutation, query } from "./_generated/server";

const row = { writer: v.string(), seq: v.number(), payload: v.string() };

async function insertRow(ctx: MutationCtx, args: { writer: string; seq: number; payload: string }): Promise<number> {
  await ctx.db.insert("rows", args);
  const counter = await ctx.db
    .query("counters")
    .withIndex("by_name", (q) => q.eq("name", "rows"))
    .unique();
  if (counter) {
    await ctx.db.patch("counters", counter._id, { value: counter.value + 1 });
    return counter.value + 1;
  }
  await ctx.db.insert("counters", { name: "rows", value: 1 });
  return 1;
}

export const write = mutation({
  args: row,
  returns: v.number(),
  handler: insertRow,
});

/** The same write, run by the scheduler after `delayMs`. */
export const writeLater = mutation({
  args: { ...row, delayMs: v.number() },
  returns: v.null(),
  handler: async (ctx, { delayMs, ...args }) => {
    await ctx.scheduler.runAfter(delayMs, internal.writes.writeScheduled, args);
    return null;
  },
});

export const writeScheduled = internalMutation({
  args: row,
  returns: v.number(),
  handler: insertRow,
});

export const state = query({
  args: {},
  handler: async (ctx) => {
    const counter = await ctx.db
      .query("counters")
      .withIndex("by_name", (q) => q.eq("name", "rows"))
      .unique();
    const rows = await ctx.db.query("rows").collect();
    return { counter: counter?.value ?? 0, rows: rows.map(({ writer, seq, payload }) => ({ writer, seq, payload })) };
  },
});

/** Many documents at once (benchmarks): `count` rows of `size` characters each. */
export const bulk = internalMutation({
  args: { writer: v.string(), from: v.number(), count: v.number(), size: v.number() },
  returns: v.null(),
  handler: async (ctx, { writer, from, count, size }) => {
    for (let i = from; i < from + count; i++) await ctx.db.insert("rows", { writer, seq: i, payload: `${writer}:${i}:`.padEnd(size, "x") });
    return null;
  },
});

/** An upload URL (writes nothing, so it works on a full disk too). */
export const uploadUrl = mutation({
  args: {},
  returns: v.string(),
  handler: async (ctx) => await ctx.storage.generateUploadUrl(),
});
