import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  items: defineTable({ n: v.number(), g: v.string(), v: v.optional(v.any()) }).index("by_g_v", ["g", "v"]),
  other: defineTable({ n: v.number() }),
});
