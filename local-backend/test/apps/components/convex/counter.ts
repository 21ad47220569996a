import { ShardedCounter } from "@convex-dev/sharded-counter";
import { v } from "convex/values";
import { components } from "./_generated/api";
import { mutation, query } from "./_generated/server";

const counter = new ShardedCounter(components.shardedCounter, { defaultShards: 4 });

export const add = mutation({
  args: { name: v.string(), count: v.number() },
  handler: (ctx, { name, count }) => counter.add(ctx, name, count),
});

export const get = query({
  args: { name: v.string() },
  handler: (ctx, { name }) => counter.count(ctx, name),
});
