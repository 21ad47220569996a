// The ranking the organiser sees before deciding, and the results page keeps (docs/product.md
// "Judging"). Plain maths, no database: the inputs are each entry's stored totals.
//
// - Judges' part: the judges' average of their weighted averages (1–5), as a share of 5
//   (an average of 4 counts 80 points). An entry no judge scored gets 0.
// - Votes' part: the entry's votes as a share of the most-voted entry's (the top entry counts 100
//   points; when nobody voted every entry gets 0).
// - Combined: judgeWeight% of the judges' part plus the rest of the votes' part, 0–100.
// - Ties on the combined score: more votes first (同点: 投票数で順位を決めました), then the earlier
//   entry (同点: 応募が早い順).

export const TIE_NOTES = {
  votes: "同点: 投票数で順位を決めました",
  earlier: "同点: 応募が早い順",
} as const;

/** One judge's weighted average of their per-criterion scores. */
export function weightedAverage(scores: number[], weights: number[]): number {
  let sum = 0;
  let total = 0;
  scores.forEach((score, index) => {
    const weight = weights[index] ?? 0;
    sum += score * weight;
    total += weight;
  });
  return total === 0 ? 0 : sum / total;
}

export type RankInput<Id> = {
  id: Id;
  votes: number;
  /** When it was entered: earlier wins a full tie. */
  enteredAt: number;
  judges: number;
  weightedSum: number;
  criterionSums: number[];
};

export type Ranked<Id> = {
  id: Id;
  rank: number;
  votes: number;
  judgeAverage: number | null;
  criterionAverages: number[];
  judgePoints: number;
  votePoints: number;
  combined: number;
  tieNote: string | null;
};

/** Scores compared as shown (to a hundredth of a point), so float noise never breaks a tie. */
const same = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * Ranks entries by the combined score; `judgeWeight` is the judges' share in percent (0 for a
 * challenge without judges: votes alone). Equal combined scores share nothing: the tie rules
 * order them and each gets its own rank with a note saying which rule decided.
 */
export function rankEntries<Id>(entries: RankInput<Id>[], judgeWeight: number): Ranked<Id>[] {
  const topVotes = entries.reduce((top, entry) => Math.max(top, entry.votes), 0);
  const scored = entries.map((entry) => {
    const judgeAverage = entry.judges > 0 ? entry.weightedSum / entry.judges : null;
    const judgePoints = judgeAverage === null ? 0 : (judgeAverage / 5) * 100;
    const votePoints = topVotes === 0 ? 0 : (entry.votes / topVotes) * 100;
    const combined = (judgeWeight * judgePoints + (100 - judgeWeight) * votePoints) / 100;
    return {
      entry,
      judgeAverage,
      criterionAverages: entry.judges > 0 ? entry.criterionSums.map((sum) => sum / entry.judges) : [],
      judgePoints,
      votePoints,
      combined,
    };
  });
  scored.sort((a, b) => {
    if (!same(a.combined, b.combined)) return b.combined - a.combined;
    if (a.entry.votes !== b.entry.votes) return b.entry.votes - a.entry.votes;
    return a.entry.enteredAt - b.entry.enteredAt;
  });
  return scored.map((row, index) => {
    const neighbours = [scored[index - 1], scored[index + 1]].filter((other) => other && same(other.combined, row.combined));
    const tieNote =
      neighbours.length === 0
        ? null
        : neighbours.every((other) => other!.entry.votes === row.entry.votes)
          ? TIE_NOTES.earlier
          : TIE_NOTES.votes;
    return {
      id: row.entry.id,
      rank: index + 1,
      votes: row.entry.votes,
      judgeAverage: row.judgeAverage,
      criterionAverages: row.criterionAverages,
      judgePoints: row.judgePoints,
      votePoints: row.votePoints,
      combined: row.combined,
      tieNote,
    };
  });
}
