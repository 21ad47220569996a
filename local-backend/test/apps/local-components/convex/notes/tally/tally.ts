import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

export const increment = mutation({
  args: { name: v.string() },
  returns: v.null(),
  handler: async (ctx, { name }) => {
    const row = await ctx.db
      .query("counts")
      .withIndex("by_name", (q) => q.eq("name", name))
      .unique();
    if (row) await ctx.db.patch("counts", row._id, { value: row.value + 1 });
    else await ctx.db.insert("counts", { name, value: 1 });
    return null;
  },
});

export const get = query({
  args: { name: v.string() },
  returns: v.number(),
  handler: async (ctx, { name }) => {
    const row = await ctx.db
      .query("counts")
      .withIndex("by_name", (q) => q.eq("name", name))
      .unique();
    return row?.value ?? 0;
  },
});
