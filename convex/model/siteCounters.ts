// Site-wide totals (home statistics, gallery and challenge summaries) in
// @convex-dev/sharded-counter: each bump touches one shard of several, so concurrent likes on
// different works never conflict on one hot document; a read sums a key's few shards.
import { ShardedCounter } from "@convex-dev/sharded-counter";
import type { Infer } from "convex/values";
import { components } from "../_generated/api";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { vSiteCounterKey } from "../schema";

export type SiteCounterKey = Infer<typeof vSiteCounterKey>;

const counters = new ShardedCounter<SiteCounterKey>(components.siteCounters, {
  // Likes change on every heart; the other totals move at the pace of posts and sign-ups.
  shards: { likes: 16, projects: 8 },
  defaultShards: 4,
});

/** Adds `delta` to a site total in the caller's transaction. */
export async function bumpSiteCounter(ctx: MutationCtx, key: SiteCounterKey, delta: number) {
  if (delta === 0) return;
  await counters.add(ctx, key, delta);
}

/** A site total; reads only that key's shards. */
export async function readSiteCounter(ctx: QueryCtx, key: SiteCounterKey): Promise<number> {
  return Math.max(0, await counters.count(ctx, key));
}
