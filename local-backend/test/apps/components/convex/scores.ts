import { TableAggregate } from "@convex-dev/aggregate";
import { v } from "convex/values";
import { components } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { mutation, query } from "./_generated/server";

const byScore = new TableAggregate<{ Key: number; DataModel: DataModel; TableName: "scores" }>(components.aggregate, {
  sortKey: (doc) => doc.score,
});
const byPlayer = new TableAggregate<{ Namespace: string; Key: number; DataModel: DataModel; TableName: "scores" }>(
  components.scoresByPlayer,
  { namespace: (doc) => doc.player, sortKey: (doc) => doc.score },
);

export const add = mutation({
  args: { player: v.string(), score: v.number() },
  handler: async (ctx, args) => {
    const id = await ctx.db.insert("scores", args);
    const doc = (await ctx.db.get("scores", id))!;
    await byScore.insert(ctx, doc);
    await byPlayer.insert(ctx, doc);
    return id;
  },
});

export const remove = mutation({
  args: { id: v.id("scores") },
  handler: async (ctx, { id }) => {
    const doc = await ctx.db.get("scores", id);
    if (!doc) return;
    await ctx.db.delete("scores", id);
    await byScore.delete(ctx, doc);
    await byPlayer.delete(ctx, doc);
  },
});

export const stats = query({
  args: { player: v.optional(v.string()) },
  handler: async (ctx, { player }) => ({
    count: await byScore.count(ctx),
    sum: await byScore.sum(ctx),
    atLeast50: await byScore.count(ctx, { bounds: { lower: { key: 50, inclusive: true } } }),
    playerCount: player === undefined ? null : await byPlayer.count(ctx, { namespace: player }),
  }),
});
