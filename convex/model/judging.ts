// Judges of a challenge and their scores (docs/product.md "Judging"): the lookups the judging,
// entry and results functions share, and the entry totals kept in step as judges score.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { userError } from "./errors";
import { JUDGING_LIMITS, JUDGING_MESSAGES } from "./judgingRules";

export async function findJudge(ctx: QueryCtx, challengeId: Id<"challenges">, userId: Id<"users">) {
  return await ctx.db
    .query("challengeJudges")
    .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", challengeId).eq("userId", userId))
    .unique();
}

/** A challenge's judge rows, invitations included (at most JUDGING_LIMITS.judgesMax). */
export async function judgesOf(ctx: QueryCtx, challengeId: Id<"challenges">) {
  return await ctx.db
    .query("challengeJudges")
    .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", challengeId))
    .take(JUDGING_LIMITS.judgesMax);
}

/** Judges, and people invited to judge, may not enter the challenge (a declined invitation frees them). */
export async function assertNotJudge(ctx: QueryCtx, challengeId: Id<"challenges">, userId: Id<"users">) {
  const judge = await findJudge(ctx, challengeId, userId);
  if (judge && judge.status !== "declined") throw userError("FORBIDDEN", JUDGING_MESSAGES.judgeCannotEnter);
}

export function assertJudged(challenge: Doc<"challenges">): NonNullable<Doc<"challenges">["judging"]> {
  if (!challenge.judging) throw userError("INVALID_STATE", JUDGING_MESSAGES.notJudged);
  return challenge.judging;
}

/** The entry's totals with one judge's scores taken out (`sign` -1) or put in (+1). */
export function adjustTotals(
  totals: Doc<"challengeSubmissions">["judging"],
  score: Pick<Doc<"judgeScores">, "scores" | "weighted">,
  sign: 1 | -1,
): NonNullable<Doc<"challengeSubmissions">["judging"]> {
  const base = totals ?? { judges: 0, weightedSum: 0, criterionSums: [] };
  const length = Math.max(base.criterionSums.length, score.scores.length);
  return {
    judges: base.judges + sign,
    weightedSum: base.weightedSum + sign * score.weighted,
    criterionSums: Array.from({ length }, (_, index) => (base.criterionSums[index] ?? 0) + sign * (score.scores[index] ?? 0)),
  };
}

/** Writes an entry's new totals. */
export async function saveTotals(
  ctx: MutationCtx,
  submissionId: Id<"challengeSubmissions">,
  totals: NonNullable<Doc<"challengeSubmissions">["judging"]>,
) {
  await ctx.db.patch("challengeSubmissions", submissionId, { judging: totals });
}

/**
 * An entry is going away (its work was deleted): its scores go with it, each judge's progress
 * counts one fewer, and its results row is dropped. Bounded: one score per judge.
 */
export async function removeEntryJudging(ctx: MutationCtx, submissionId: Id<"challengeSubmissions">) {
  const scores = await ctx.db
    .query("judgeScores")
    .withIndex("by_submissionId_and_judgeId", (q) => q.eq("submissionId", submissionId))
    .take(JUDGING_LIMITS.judgesMax * 2);
  for (const score of scores) {
    const judge = await findJudge(ctx, score.challengeId, score.judgeId);
    if (judge) await ctx.db.patch("challengeJudges", judge._id, { scoredCount: Math.max(0, judge.scoredCount - 1) });
    await ctx.db.delete("judgeScores", score._id);
  }
  const result = await ctx.db
    .query("challengeResults")
    .withIndex("by_submissionId", (q) => q.eq("submissionId", submissionId))
    .first();
  if (result) await ctx.db.delete("challengeResults", result._id);
}
