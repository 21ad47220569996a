import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  counts: defineTable({ name: v.string(), value: v.number() }).index("by_name", ["name"]),
});
