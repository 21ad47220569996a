// Mutations that schedule just under and just over Convex's scheduling limits.
import { getConvexSize, v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, mutation, query } from "./_generated/server";
import { mark, nest, padding, range } from "./shared";

const LATER_MS = 60 * 60 * 1000;

export const noop = internalMutation({
  args: { tag: v.string(), pad: v.optional(v.string()), value: v.optional(v.any()) },
  handler: () => null,
});

export const scheduleMany = mutation({
  args: { tag: v.string(), count: v.number() },
  handler: async (ctx, { tag, count }) => {
    await mark(ctx, tag);
    for (let i = 0; i < count; i++) await ctx.scheduler.runAfter(LATER_MS, internal.scheduling.noop, { tag });
    return count;
  },
});

/** Schedules `count` functions whose argument list `[args]` is `bytes` bytes each. */
export const scheduleArgBytes = mutation({
  args: { tag: v.string(), count: v.number(), bytes: v.number() },
  handler: async (ctx, { tag, count, bytes }) => {
    await mark(ctx, tag);
    const pad = padding(bytes - getConvexSize([{ tag, pad: "" }]));
    for (let i = 0; i < count; i++) await ctx.scheduler.runAfter(LATER_MS, internal.scheduling.noop, { tag, pad });
    return count;
  },
});

export const scheduleArray = mutation({
  args: { tag: v.string(), length: v.number() },
  handler: async (ctx, { tag, length }) => {
    await mark(ctx, tag);
    await ctx.scheduler.runAfter(LATER_MS, internal.scheduling.noop, { tag, value: range(length) });
  },
});

export const scheduleNested = mutation({
  args: { tag: v.string(), depth: v.number() },
  handler: async (ctx, { tag, depth }) => {
    await mark(ctx, tag);
    await ctx.scheduler.runAfter(LATER_MS, internal.scheduling.noop, { tag, value: nest(depth) });
  },
});

/** The tag of the most recently scheduled function (reads one job, however large its arguments). */
export const latestScheduledTag = query({
  args: {},
  handler: async (ctx) => {
    const job = await ctx.db.system.query("_scheduled_functions").order("desc").first();
    return job ? (job.args[0] as { tag: string }).tag : null;
  },
});
