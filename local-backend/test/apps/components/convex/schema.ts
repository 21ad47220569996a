import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  scores: defineTable({ player: v.string(), score: v.number() }),
  attempts: defineTable({ label: v.string(), count: v.number() }).index("by_label", ["label"]),
  outcomes: defineTable({ runId: v.string(), result: v.any() }).index("by_run", ["runId"]),
});
