// Challenges. For now what the posting wizard needs: the challenge a work is posted for.
import { v } from "convex/values";
import { query } from "./_generated/server";
import { vChallengeStatus } from "./schema";

/** A challenge's title and state; null when the id is malformed or the challenge is gone. */
export const get = query({
  args: { id: v.string() },
  returns: v.union(
    v.object({ _id: v.id("challenges"), title: v.string(), status: vChallengeStatus, endDate: v.number() }),
    v.null(),
  ),
  handler: async (ctx, { id }) => {
    const challengeId = ctx.db.normalizeId("challenges", id);
    const challenge = challengeId ? await ctx.db.get("challenges", challengeId) : null;
    if (!challenge) return null;
    return { _id: challenge._id, title: challenge.title, status: challenge.status, endDate: challenge.endDate };
  },
});
