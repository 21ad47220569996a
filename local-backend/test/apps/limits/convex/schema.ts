import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  // Free-form documents for the document limits.
  docs: defineTable(v.any()).index("by_tag", ["tag"]),
  // A strict table: Convex's document checks come before its schema check.
  strict: defineTable({ value: v.number() }),
  // One marker per mutation call, written first, to prove a failed mutation wrote nothing.
  markers: defineTable({ tag: v.string() }).index("by_tag", ["tag"]),
  rows: defineTable({ n: v.number() }),
  written: defineTable({ tag: v.string() }).index("by_tag", ["tag"]),
  blobs: defineTable({ tag: v.string(), body: v.string() }),
});
