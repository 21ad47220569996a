import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  // One row per acknowledged write: which writer sent it, its sequence number, and a payload
  // derived from both (so a half-written row would show).
  rows: defineTable({ writer: v.string(), seq: v.number(), payload: v.string() }).index("by_writer_seq", ["writer", "seq"]),
  // Incremented in the same transaction as each insert: always equal to the number of rows.
  counters: defineTable({ name: v.string(), value: v.number() }).index("by_name", ["name"]),
});
