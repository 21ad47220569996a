// Ranking a challenge's entries from their stored totals (model/challengeRanking.ts has the
// maths), and freezing that ranking as the results when the organiser decides.
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { rankEntries } from "./challengeRanking";

/**
 * Entries one ranking reads at most. Each entry carries its own judging totals, so ranking reads
 * one document per entry and never a judge's score.
 */
export const RANKING_MAX = 2000;

/** Every visible entry of a challenge ranked (up to RANKING_MAX), best first. */
/**
 * Ranks a challenge's entries. `withVotes: false` (counts still hidden) ranks by the judges
 * alone: neither the counts nor an order shaped by them may leave the server before the end.
 */
export async function rankChallenge(ctx: QueryCtx, challenge: Doc<"challenges">, { withVotes = true }: { withVotes?: boolean } = {}) {
  const entries = await ctx.db
    .query("challengeSubmissions")
    .withIndex("by_challengeId_and_hidden", (q) => q.eq("challengeId", challenge._id).eq("hidden", undefined))
    .take(RANKING_MAX);
  const ranked = rankEntries(
    entries.map((entry) => ({
      id: entry._id,
      votes: withVotes ? entry.votesCount : 0,
      enteredAt: entry._creationTime,
      judges: entry.judging?.judges ?? 0,
      weightedSum: entry.judging?.weightedSum ?? 0,
      criterionSums: entry.judging?.criterionSums ?? [],
    })),
    !withVotes ? 100 : challenge.judging ? challenge.judging.judgeWeight : 0,
  );
  return { ranked, entries: new Map(entries.map((entry) => [entry._id, entry])) };
}

/**
 * Writes the final ranking (one row per entry, read by rank on the results page) and starts
 * telling entrants and voters that the results are out.
 */
export async function publishResults(ctx: MutationCtx, challenge: Doc<"challenges">) {
  const { ranked } = await rankChallenge(ctx, challenge);
  for (const row of ranked) {
    await ctx.db.insert("challengeResults", {
      challengeId: challenge._id,
      submissionId: row.id,
      rank: row.rank,
      votes: row.votes,
      judgeAverage: row.judgeAverage,
      criterionAverages: row.criterionAverages,
      combined: row.combined,
      ...(row.tieNote ? { tieNote: row.tieNote } : {}),
    });
  }
  await ctx.scheduler.runAfter(0, internal.challengeResults.notifyResults, {
    challengeId: challenge._id,
    phase: "entrants",
    cursor: null,
    lastUserId: null,
  });
}
