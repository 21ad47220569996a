import type { Infer } from "convex/values";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { vSiteCounterKey } from "../schema";

export type SiteCounterKey = Infer<typeof vSiteCounterKey>;

/** Adds `delta` to a site counter in the caller's transaction; never goes below 0. */
export async function bumpSiteCounter(ctx: MutationCtx, key: SiteCounterKey, delta: number) {
  if (delta === 0) return;
  const row = await ctx.db
    .query("siteCounters")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (row) await ctx.db.patch("siteCounters", row._id, { value: Math.max(0, row.value + delta) });
  else await ctx.db.insert("siteCounters", { key, value: Math.max(0, delta) });
}

export async function readSiteCounter(ctx: QueryCtx, key: SiteCounterKey): Promise<number> {
  const row = await ctx.db
    .query("siteCounters")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  return row?.value ?? 0;
}
