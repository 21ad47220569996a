import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

// The app has its own `notes` table; the component's table of the same name is another table.
export default defineSchema({
  notes: defineTable({ text: v.string() }),
});
