// The scheduled send of a challenge reminder (model/challengeReminders.ts): the first run claims
// the reminder (so it goes out once), then each run notifies one batch and schedules the next.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { claimReminder, reminderBatch, remindBatch, type FanOutCursor } from "./model/challengeReminders";

export const send = internalMutation({
  args: {
    challengeId: v.id("challenges"),
    kind: v.union(v.literal("entry_deadline"), v.literal("voting_end")),
    dueAt: v.number(),
    /** Null on the first run; then the fan-out's place (a JSON FanOutCursor). */
    cursor: v.union(v.string(), v.null()),
  },
  returns: v.null(),
  handler: async (ctx, { challengeId, kind, dueAt, cursor }) => {
    const challenge = await ctx.db.get("challenges", challengeId);
    if (cursor === null && !(await claimReminder(ctx, challenge, kind, dueAt, challengeId))) return null;
    if (!challenge || challenge.hidden) return null;
    const at: FanOutCursor = cursor === null ? { source: 0, cursor: null } : (JSON.parse(cursor) as FanOutCursor);
    const { userIds, next } = await reminderBatch(ctx, challenge, kind, at);
    await remindBatch(ctx, challenge, kind, userIds);
    if (next) {
      await ctx.scheduler.runAfter(0, internal.challengeReminders.send, { challengeId, kind, dueAt, cursor: JSON.stringify(next) });
    }
    return null;
  },
});
