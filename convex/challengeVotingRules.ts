// A challenge's voting rules after creation (model/votingRules.ts): the organiser may change them
// while entries are open, never once voting has opened; and whether the viewer may vote under them.
import { v } from "convex/values";
import { migrations } from "./migrations";
import { shuffleKeyOf } from "./model/entryShuffle";
import { memberMutation, publicQuery } from "./model/functions";
import { assertOrganiser, loadChallenge } from "./model/challenges";
import { CHALLENGE_MESSAGES } from "./model/challengeTerms";
import { userError } from "./model/errors";
import { voteRefusal } from "./model/voterEligibility";
import { vVotingRules, VOTING_RULES_MESSAGES } from "./model/votingRules";

/** Replaces the voting rules of the caller's challenge while it is still open for entries. */
export const update = memberMutation({
  rateLimit: "editChallenge",
  args: { challengeId: v.id("challenges"), votingRules: vVotingRules },
  returns: v.null(),
  handler: async (ctx, { challengeId, votingRules }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    if (challenge.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
    assertOrganiser(challenge, ctx.viewer._id);
    if (challenge.status !== "active") throw userError("INVALID_STATE", VOTING_RULES_MESSAGES.lockedAfterVoting);
    await ctx.db.patch("challenges", challengeId, { votingRules, updatedAt: Date.now() });
    return null;
  },
});

/**
 * Whether the signed-in viewer may cast a vote here under the rules (null for a visitor, who is
 * asked to sign in when voting): the page says why not before they try.
 */
export const eligibility = publicQuery({
  args: { challengeId: v.id("challenges") },
  returns: v.union(v.object({ refusal: v.union(v.string(), v.null()) }), v.null()),
  handler: async (ctx, { challengeId }) => {
    const viewerId = ctx.viewerId;
    if (!viewerId) return null;
    const challenge = await ctx.db.get("challenges", challengeId);
    const viewer = await ctx.db.get("users", viewerId);
    if (!challenge || !viewer) return null;
    return { refusal: await voteRefusal(ctx, challenge, viewer, Date.now()) };
  },
});

/**
 * Gives entries made before the shuffled order existed their shuffle key. A migration
 * (convex/migrations.ts): patches only entries without one.
 */
export const backfillShuffleKeys = migrations.define({
  table: "challengeSubmissions",
  migrateOne: (_ctx, entry) => (entry.shuffleKey === undefined ? { shuffleKey: shuffleKeyOf(entry._id) } : undefined),
});
