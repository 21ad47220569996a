// Functions whose return value is just under or just over Convex's 16 MiB result limit.
import { v } from "convex/values";
import { action, mutation, query } from "./_generated/server";
import { mark, padding } from "./shared";

/** A string whose Convex size is `size` bytes (a string counts its UTF-8 bytes plus 2). */
const sized = (size: number) => padding(size - 2);

export const mutationReturning = mutation({
  args: { tag: v.string(), size: v.number() },
  handler: async (ctx, { tag, size }) => {
    await mark(ctx, tag);
    return sized(size);
  },
});

export const queryReturning = query({
  args: { size: v.number() },
  handler: (_ctx, { size }) => sized(size),
});

export const actionReturning = action({
  args: { size: v.number() },
  handler: (_ctx, { size }) => Promise.resolve(sized(size)),
});
