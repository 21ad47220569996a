import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { publicQuery } from "./model/functions";
import { vBadgeColor, vBadgeId } from "./schema";
import { BADGE_DEFINITIONS } from "./model/badgeDefinitions";

const vBadge = v.object({
  badgeId: vBadgeId,
  name: v.string(),
  description: v.string(),
  icon: v.string(),
  color: vBadgeColor,
});

/**
 * Writes the badge definitions from code into the `badges` table: inserts new ones, updates
 * changed ones, removes ones no longer defined. Safe to run any number of times.
 */
export const seed = internalMutation({
  args: {},
  returns: v.object({ inserted: v.number(), updated: v.number(), removed: v.number() }),
  handler: async (ctx) => {
    let inserted = 0;
    let updated = 0;
    let removed = 0;
    // The table holds one row per definition (a handful), so reading it whole is bounded.
    const existing = await ctx.db.query("badges").take(100);
    for (const definition of BADGE_DEFINITIONS) {
      const row = existing.find((b) => b.badgeId === definition.badgeId);
      if (!row) {
        await ctx.db.insert("badges", { ...definition });
        inserted++;
      } else if (
        row.name !== definition.name ||
        row.description !== definition.description ||
        row.icon !== definition.icon ||
        row.color !== definition.color
      ) {
        await ctx.db.patch("badges", row._id, { ...definition });
        updated++;
      }
    }
    for (const row of existing) {
      if (!BADGE_DEFINITIONS.some((d) => d.badgeId === row.badgeId)) {
        await ctx.db.delete("badges", row._id);
        removed++;
      }
    }
    return { inserted, updated, removed };
  },
});

/** Every badge that can be earned, in definition order. */
export const list = publicQuery({
  args: {},
  returns: v.array(vBadge),
  handler: async (ctx) => {
    const rows = await ctx.db.query("badges").take(100);
    const order = (id: string) => BADGE_DEFINITIONS.findIndex((d) => d.badgeId === id);
    return rows
      .sort((a, b) => order(a.badgeId) - order(b.badgeId))
      .map(({ badgeId, name, description, icon, color }) => ({ badgeId, name, description, icon, color }));
  },
});
