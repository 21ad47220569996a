import { ActionRetrier, onCompleteValidator, type RunId, runIdValidator } from "@convex-dev/action-retrier";
import { v } from "convex/values";
import { components, internal } from "./_generated/api";
import { action, internalAction, internalMutation, mutation, query } from "./_generated/server";

const retrier = new ActionRetrier(components.actionRetrier, { initialBackoffMs: 50, base: 2, maxFailures: 4 });

/** Fails until it has been tried `succeedOn` times. */
export const flaky = internalAction({
  args: { label: v.string(), succeedOn: v.number() },
  handler: async (ctx, { label, succeedOn }): Promise<string> => {
    const attempt: number = await ctx.runMutation(internal.retries.countAttempt, { label });
    if (attempt < succeedOn) throw new Error(`attempt ${attempt} failed`);
    return `succeeded on attempt ${attempt}`;
  },
});

export const countAttempt = internalMutation({
  args: { label: v.string() },
  handler: async (ctx, { label }) => {
    const row = await ctx.db
      .query("attempts")
      .withIndex("by_label", (q) => q.eq("label", label))
      .unique();
    if (!row) {
      await ctx.db.insert("attempts", { label, count: 1 });
      return 1;
    }
    await ctx.db.patch("attempts", row._id, { count: row.count + 1 });
    return row.count + 1;
  },
});

export const recordOutcome = internalMutation({
  args: onCompleteValidator,
  handler: async (ctx, { runId, result }) => {
    await ctx.db.insert("outcomes", { runId, result });
  },
});

export const start = mutation({
  args: { label: v.string(), succeedOn: v.number() },
  handler: (ctx, args): Promise<RunId> => retrier.run(ctx, internal.retries.flaky, args, { onComplete: internal.retries.recordOutcome }),
});

/** The same, started from an action. */
export const startFromAction = action({
  args: { label: v.string(), succeedOn: v.number() },
  handler: (ctx, args): Promise<RunId> => retrier.run(ctx, internal.retries.flaky, args),
});

export const status = query({
  args: { runId: runIdValidator, label: v.string() },
  handler: async (ctx, { runId, label }) => {
    const attempts = await ctx.db
      .query("attempts")
      .withIndex("by_label", (q) => q.eq("label", label))
      .unique();
    const outcome = await ctx.db
      .query("outcomes")
      .withIndex("by_run", (q) => q.eq("runId", runId))
      .unique();
    return {
      status: await retrier.status(ctx, runId),
      attempts: attempts?.count ?? 0,
      outcome: outcome ? (outcome.result as unknown) : null,
    };
  },
});
