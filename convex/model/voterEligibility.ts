// Whether a signed-in person may cast a new vote under a challenge's voting rules
// (model/votingRules.ts). One or two index reads, whatever the rule.
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { DAY_MS } from "./japanTime";
import { ESTABLISHED_ACCOUNT_DAYS, VOTER_REFUSALS, votingRulesOf } from "./votingRules";

/** Null when the person may vote, else the Japanese reason they may not. */
export async function voteRefusal(
  ctx: QueryCtx,
  challenge: Doc<"challenges">,
  voter: Pick<Doc<"users">, "_id" | "_creationTime">,
  now: number,
): Promise<string | null> {
  const rule = votingRulesOf(challenge).voters;
  switch (rule) {
    case "anyone":
      return null;
    case "established":
      return now - voter._creationTime >= ESTABLISHED_ACCOUNT_DAYS * DAY_MS ? null : VOTER_REFUSALS.established;
    case "creators":
      return (await hasPostedWork(ctx, voter._id)) ? null : VOTER_REFUSALS.creators;
    case "entrants":
      return (await hasEntry(ctx, challenge._id, voter._id)) ? null : VOTER_REFUSALS.entrants;
  }
}

/** A work of theirs that others can see (a hidden one does not count). */
async function hasPostedWork(ctx: QueryCtx, userId: Id<"users">) {
  const work = await ctx.db
    .query("projects")
    .withIndex("by_userId_and_hidden", (q) => q.eq("userId", userId).eq("hidden", undefined))
    .first();
  return work !== null;
}

async function hasEntry(ctx: QueryCtx, challengeId: Id<"challenges">, userId: Id<"users">) {
  const entry = await ctx.db
    .query("challengeSubmissions")
    .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", challengeId).eq("userId", userId))
    .first();
  return entry !== null;
}
