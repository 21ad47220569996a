// Judging at scale: a judged challenge with 1,000 entries and 10,000 votes from 5,000 voters. The
// organiser's ranking reads each entry's stored totals (never every judge's scores), the decision
// freezes the ranking, the results page pages through it, and the results notice reaches every
// entrant and voter once in bounded batches, all under a documents-read cap.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { FAN_OUT_BATCH } from "./challenges";
import { challengeForm, useJapanNoon } from "./model/challenges.testkit";
import { newUserDocument } from "./model/users";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";

/** Reads allowed per function: the ranking reads one document per entry, plus its top rows; a results page and a notice batch far fewer. */
const READ_CAP = 1500;
const ENTRANTS = 1000;
const VOTERS = 5000;
const CHUNK = 500;

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

async function seed(t: TestConvex) {
  const organiser = await createUser(t, { displayName: "主催者" });
  const challengeId = await organiser.as.mutation(api.challenges.create, {
    ...challengeForm(),
    judging: { criteria: [{ name: "アイデア", description: "", weight: 1 }], judgeWeight: 70 },
  });
  const projectId = await createWork(t, organiser.userId, { title: "共通の作品" });
  const submissions: Id<"challengeSubmissions">[] = [];
  for (let start = 0; start < ENTRANTS; start += CHUNK) {
    submissions.push(
      ...(await t.run(async (ctx) => {
        const ids = [];
        for (let i = start; i < start + CHUNK; i++) {
          const userId = await ctx.db.insert("users", newUserDocument({ name: `参加者${i}` }, Date.now()));
          // Judging totals as judges' scoring leaves them: two judges gave entry i a score of
          // i % 5 + 1 (the first two, which also hold every vote, a 5).
          const score = i < 2 ? 5 : (i % 5) + 1;
          ids.push(
            await ctx.db.insert("challengeSubmissions", {
              challengeId,
              projectId,
              userId,
              votesCount: i < 2 ? 5000 : 0,
              isWinner: false,
              tieOrder: -i,
              updatedAt: Date.now(),
              judging: { judges: 2, weightedSum: 2 * score, criterionSums: [2 * score] },
            }),
          );
        }
        return ids;
      })),
    );
  }
  // 5,000 voters, each voting for the first two entries: 10,000 votes.
  for (let start = 0; start < VOTERS; start += CHUNK) {
    await t.run(async (ctx) => {
      for (let i = start; i < start + CHUNK; i++) {
        const userId = await ctx.db.insert("users", newUserDocument({ name: `投票者${i}` }, Date.now()));
        for (const submissionId of submissions.slice(0, 2)) await ctx.db.insert("challengeVotes", { userId, submissionId, challengeId });
      }
    });
  }
  await t.run(async (ctx) => {
    await ctx.db.patch("challenges", challengeId, { status: "voting", submissionsCount: ENTRANTS, votingStartedAt: Date.now() });
  });
  return { organiser, challengeId, submissions };
}

describe(`judging with ${ENTRANTS} entries and ${VOTERS * 2} votes`, () => {
  test("ranking, decision, paged results and the results notice stay under the read cap", { timeout: 600_000 }, async () => {
    const t = newTest({ documentsRead: READ_CAP });
    const { organiser, challengeId, submissions } = await seed(t);

    const ranking = await organiser.as.query(api.challengeResults.ranking, { challengeId });
    expect(ranking.total).toBe(ENTRANTS);
    expect(ranking.rows).toHaveLength(50);
    // The two voted entries lead with 100 points (a tie at equal votes: the earlier first).
    expect(ranking.rows.slice(0, 3).map((row) => [row.submissionId, row.combined, row.tieNote])).toEqual([
      [submissions[0], 100, "同点: 応募が早い順"],
      [submissions[1], 100, "同点: 応募が早い順"],
      [submissions[4], 70, "同点: 応募が早い順"],
    ]);

    await organiser.as.mutation(api.challenges.selectWinner, {
      challengeId,
      submissionId: submissions[1]!,
      awards: { excellence: submissions[0]! },
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers, 1000);

    let cursor: string | null = null;
    let seen = 0;
    let pages = 0;
    for (;;) {
      const result: { page: { rank: number }[]; isDone: boolean; continueCursor: string } = await t.query(api.challengeResults.results, {
        challengeId,
        paginationOpts: { numItems: 20, cursor },
      });
      for (const row of result.page) expect(row.rank).toBe(++seen);
      pages++;
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(seen).toBe(ENTRANTS);
    expect(pages).toBeGreaterThanOrEqual(ENTRANTS / 20);

    // The cap is live: one function reading every vote fails.
    await expect(t.run((ctx) => ctx.db.query("challengeVotes").collect())).rejects.toThrow(/Scanned too many documents/);

    // Every entrant and every voter once; each run handled one batch.
    let notified = 0;
    let notes: string | null = null;
    for (;;) {
      const result: { page: { type: string }[]; isDone: boolean; continueCursor: string } = await t.run((ctx) =>
        ctx.db
          .query("notifications")
          .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
          .paginate({ numItems: 1000, cursor: notes }),
      );
      notified += result.page.filter((row) => row.type === "challenge_results").length;
      if (result.isDone) break;
      notes = result.continueCursor;
    }
    expect(notified).toBe(ENTRANTS + VOTERS);
    expect(FAN_OUT_BATCH * 4).toBeLessThanOrEqual(READ_CAP);
  });
});
