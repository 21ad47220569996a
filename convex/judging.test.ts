// Judging: criteria on a challenge, judges invited by user ID who accept or decline, scoring rules,
// the combined ranking on a worked example, ties, the results page and its notifications.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { TIE_NOTES } from "./model/challengeRanking";
import { challengeForm, createChallenge, enterNewWork, useJapanNoon } from "./model/challenges.testkit";
import { JUDGING_MESSAGES } from "./model/judgingRules";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 20, cursor: null };

/** アイデア counts twice as much as 完成度; judges 70%, votes 30%. */
const JUDGING = {
  criteria: [
    { name: "アイデア", description: "発想の新しさ", weight: 2 },
    { name: "完成度", description: "遊べる仕上がり", weight: 1 },
  ],
  judgeWeight: 70,
};

type User = Awaited<ReturnType<typeof createUser>>;

const createJudged = (organiser: User, judging: typeof JUDGING) =>
  organiser.as.mutation(api.challenges.create, { ...challengeForm(), judging });

async function judgedChallenge(t: TestConvex, entrants: number, judges: number) {
  const organiser = await createUser(t, { displayName: "主催者", handle: "organiser" });
  const challengeId = await createJudged(organiser, JUDGING);
  const judgeUsers: User[] = [];
  for (let i = 0; i < judges; i++) {
    const judge = await createUser(t, { displayName: `審査員${i + 1}`, handle: `judge${i + 1}` });
    await organiser.as.mutation(api.judging.invite, { challengeId, handle: `@judge${i + 1}` });
    await judge.as.mutation(api.judging.respond, { challengeId, accept: true });
    judgeUsers.push(judge);
  }
  const entries = [];
  for (let i = 0; i < entrants; i++) {
    vi.advanceTimersByTime(1000);
    const user = await createUser(t, { displayName: `参加者${i + 1}` });
    entries.push({ ...user, ...(await enterNewWork(t, user, challengeId, `作品${i + 1}`)) });
  }
  return { organiser, challengeId, judges: judgeUsers, entries };
}

async function addVotes(t: TestConvex, submissionId: Id<"challengeSubmissions">, count: number) {
  const voters: User[] = [];
  for (let i = 0; i < count; i++) {
    const voter = await createUser(t);
    await voter.as.mutation(api.challenges.toggleVote, { submissionId });
    voters.push(voter);
  }
  return voters;
}

describe("judging settings", () => {
  test("criteria are stored with the challenge; bad settings are refused in Japanese", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createJudged(organiser, JUDGING);
    expect(await t.query(api.judging.panel, { challengeId })).toMatchObject({ judging: JUDGING, judges: [], viewerJudge: null });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `基準${i}`, description: "", weight: 1 }));
    expect(await errorOf(createJudged(organiser, { criteria: six, judgeWeight: 70 }))).toMatchObject({
      message: JUDGING_MESSAGES.criteriaTooMany,
    });
    expect(
      await errorOf(createJudged(organiser, { criteria: [{ name: "a", description: "", weight: 0 }], judgeWeight: 70 })),
    ).toMatchObject({ message: JUDGING_MESSAGES.criterionWeightInvalid });
    expect(await errorOf(createJudged(organiser, { ...JUDGING, judgeWeight: 120 }))).toMatchObject({
      message: JUDGING_MESSAGES.judgeWeightInvalid,
    });
    // While entries are open the organiser may change them; nobody else may.
    const other = await createUser(t);
    expect(await errorOf(other.as.mutation(api.judging.setJudging, { challengeId, judging: null }))).toMatchObject({ code: "FORBIDDEN" });
    await organiser.as.mutation(api.judging.setJudging, { challengeId, judging: { ...JUDGING, judgeWeight: 50 } });
    expect((await t.query(api.judging.panel, { challengeId }))!.judging.judgeWeight).toBe(50);
  });
});

describe("judge invitations", () => {
  test("invite by user ID notifies; accept, decline, remove; only the organiser invites", async () => {
    const t = newTest();
    const organiser = await createUser(t, { handle: "host" });
    const challengeId = await createJudged(organiser, JUDGING);
    const judge = await createUser(t, { handle: "judge_a", displayName: "審査員A" });
    const other = await createUser(t, { handle: "judge_b" });

    expect(await errorOf(t.mutation(api.judging.invite, { challengeId, handle: "judge_a" }))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await errorOf(other.as.mutation(api.judging.invite, { challengeId, handle: "judge_a" }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(organiser.as.mutation(api.judging.invite, { challengeId, handle: "nobody" }))).toMatchObject({
      message: JUDGING_MESSAGES.judgeNotFound,
    });
    expect(await errorOf(organiser.as.mutation(api.judging.invite, { challengeId, handle: "host" }))).toMatchObject({
      message: JUDGING_MESSAGES.judgeIsOrganiser,
    });
    await organiser.as.mutation(api.judging.invite, { challengeId, handle: "@judge_a" });
    expect(await errorOf(organiser.as.mutation(api.judging.invite, { challengeId, handle: "judge_a" }))).toMatchObject({
      message: JUDGING_MESSAGES.judgeAlreadyInvited,
    });
    const notes = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", judge.userId))
        .collect(),
    );
    expect(notes).toMatchObject([{ type: "challenge_judge", title: "審査員に招待されました", challengeId }]);

    // Others see accepted judges only; the organiser sees the invitation; the invitee sees theirs.
    expect((await t.query(api.judging.panel, { challengeId }))!.judges).toEqual([]);
    expect((await organiser.as.query(api.judging.panel, { challengeId }))!.judges).toMatchObject([{ status: "invited" }]);
    expect((await judge.as.query(api.judging.panel, { challengeId }))!.viewerJudge).toMatchObject({ status: "invited" });

    expect(await errorOf(other.as.mutation(api.judging.respond, { challengeId, accept: true }))).toMatchObject({
      message: JUDGING_MESSAGES.invitationNotFound,
    });
    await judge.as.mutation(api.judging.respond, { challengeId, accept: false });
    expect((await organiser.as.query(api.judging.panel, { challengeId }))!.judges).toMatchObject([{ status: "declined" }]);
    await judge.as.mutation(api.judging.respond, { challengeId, accept: true });
    expect((await t.query(api.judging.panel, { challengeId }))!.judges).toMatchObject([
      { status: "accepted", user: { displayName: "審査員A" } },
    ]);

    expect(await errorOf(other.as.mutation(api.judging.remove, { challengeId, userId: judge.userId }))).toMatchObject({
      code: "FORBIDDEN",
    });
    // Judging cannot be switched off under a judge; once they are removed it can.
    expect(await errorOf(organiser.as.mutation(api.judging.setJudging, { challengeId, judging: null }))).toMatchObject({
      message: JUDGING_MESSAGES.judgingHasJudges,
    });
    await organiser.as.mutation(api.judging.remove, { challengeId, userId: judge.userId });
    expect((await organiser.as.query(api.judging.panel, { challengeId }))!.judges).toEqual([]);
    await organiser.as.mutation(api.judging.setJudging, { challengeId, judging: null });
    expect(await t.query(api.judging.panel, { challengeId })).toBeNull();
  });

  test("judges cannot enter the challenge they judge, and an entrant cannot be invited", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 1, 1);
    const projectId = await createWork(t, judges[0]!.userId, { title: "審査員の作品" });
    expect(await errorOf(judges[0]!.as.mutation(api.challenges.enter, { challengeId, projectId }))).toMatchObject({
      code: "FORBIDDEN",
      message: "審査員は審査するチャレンジに応募できません",
    });
    await t.run(async (ctx) => {
      await ctx.db.patch("users", entries[0]!.userId, { handle: "entrant" });
    });
    expect(await errorOf(organiser.as.mutation(api.judging.invite, { challengeId, handle: "entrant" }))).toMatchObject({
      message: "応募者を審査員に招待することはできません",
    });
  });
});

describe("judging.score", () => {
  test("only accepted judges, only during voting, whole 1–5 per criterion; re-scoring replaces", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 1, 1);
    const submissionId = entries[0]!.submissionId;
    const judge = judges[0]!;
    const args = { submissionId, scores: [4, 3], comment: "" };
    expect(await errorOf(judge.as.mutation(api.judging.score, args))).toMatchObject({ message: JUDGING_MESSAGES.scoringNotVoting });
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });

    const stranger = await createUser(t);
    expect(await errorOf(stranger.as.mutation(api.judging.score, args))).toMatchObject({ message: JUDGING_MESSAGES.notJudge });
    expect(await errorOf(t.mutation(api.judging.score, args))).toMatchObject({ code: "UNAUTHENTICATED" });
    for (const scores of [[4], [4, 6], [0, 3], [4.5, 3], [4, 3, 2]]) {
      expect(await errorOf(judge.as.mutation(api.judging.score, { ...args, scores }))).toMatchObject({
        message: JUDGING_MESSAGES.scoresInvalid,
      });
    }

    await judge.as.mutation(api.judging.score, args);
    await judge.as.mutation(api.judging.score, { submissionId, scores: [5, 2], comment: "アイデアが光っています" });
    const stored = await t.run(async (ctx) => ({
      rows: await ctx.db.query("judgeScores").collect(),
      entry: await ctx.db.get("challengeSubmissions", submissionId),
    }));
    // One row; the totals hold only the latest scores: (5×2 + 2×1) / 3 = 4.
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ scores: [5, 2], weighted: 4, comment: "アイデアが光っています" });
    expect(stored.entry!.judging).toEqual({ judges: 1, weightedSum: 4, criterionSums: [5, 2] });
    expect((await judge.as.query(api.judging.panel, { challengeId }))!.viewerJudge).toEqual({
      status: "accepted",
      scoredCount: 1,
      total: 1,
    });
    expect((await judge.as.query(api.judging.scoreSheet, { challengeId, paginationOpts: page })).page).toMatchObject([
      { submissionId, scores: [5, 2], comment: "アイデアが光っています" },
    ]);
    // An invited judge who has not accepted cannot score or read the sheet.
    const pending = await createUser(t, { handle: "pending" });
    await organiser.as.mutation(api.judging.invite, { challengeId, handle: "pending" });
    expect(await errorOf(pending.as.mutation(api.judging.score, args))).toMatchObject({ message: JUDGING_MESSAGES.notJudge });
    expect(await errorOf(pending.as.query(api.judging.scoreSheet, { challengeId, paginationOpts: page }))).toMatchObject({
      code: "FORBIDDEN",
    });
  });

  test("a judge cannot score their own entry", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 1, 1);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    // Only reachable by a row written around the rules (judges cannot enter): still refused.
    await t.run(async (ctx) => {
      await ctx.db.patch("challengeSubmissions", entries[0]!.submissionId, { userId: judges[0]!.userId });
    });
    expect(
      await errorOf(judges[0]!.as.mutation(api.judging.score, { submissionId: entries[0]!.submissionId, scores: [3, 3], comment: "" })),
    ).toMatchObject({ message: JUDGING_MESSAGES.ownEntryScore });
  });
});

describe("an entry whose work is deleted", () => {
  test("takes its scores with it and the judge's progress counts one fewer", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 2, 1);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    for (const entry of entries) {
      await judges[0]!.as.mutation(api.judging.score, { submissionId: entry.submissionId, scores: [3, 3], comment: "" });
    }
    await entries[0]!.as.mutation(api.projects.remove, { id: entries[0]!.projectId });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run((ctx) => ctx.db.query("judgeScores").collect())).toHaveLength(1);
    expect((await judges[0]!.as.query(api.judging.panel, { challengeId }))!.viewerJudge).toEqual({
      status: "accepted",
      scoredCount: 1,
      total: 1,
    });
  });
});

describe("the ranking", () => {
  test("worked example: 3 entries, 2 judges, 2 criteria (アイデア×2, 完成度×1), votes, 70/30", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 3, 2);
    const [a, b, c] = entries as [(typeof entries)[0], (typeof entries)[0], (typeof entries)[0]];
    const [j1, j2] = judges as [User, User];
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    const score = (judge: User, submissionId: Id<"challengeSubmissions">, scores: number[]) =>
      judge.as.mutation(api.judging.score, { submissionId, scores, comment: "" });
    // A: J1 (5, 4) → (10 + 4) / 3 = 4.667; J2 (4, 4) → 4. Judges' average 4.333 → 86.67 points.
    await score(j1, a.submissionId, [5, 4]);
    await score(j2, a.submissionId, [4, 4]);
    // B: J1 (3, 3) → 3; J2 (3, 5) → (6 + 5) / 3 = 3.667. Average 3.333 → 66.67 points.
    await score(j1, b.submissionId, [3, 3]);
    await score(j2, b.submissionId, [3, 5]);
    // C: J1 (5, 5) → 5; J2 (5, 2) → (10 + 2) / 3 = 4. Average 4.5 → 90 points.
    await score(j1, c.submissionId, [5, 5]);
    await score(j2, c.submissionId, [5, 2]);
    // Votes: A 2, B 4 (the top: 100 points), C 0. A: 2 / 4 → 50 points.
    await addVotes(t, a.submissionId, 2);
    await addVotes(t, b.submissionId, 4);
    // Combined = 0.7 × judges + 0.3 × votes:
    //   A 0.7 × 86.67 + 0.3 × 50 = 60.67 + 15 = 75.67
    //   B 0.7 × 66.67 + 0.3 × 100 = 46.67 + 30 = 76.67
    //   C 0.7 × 90 + 0.3 × 0 = 63
    // So B, A, C.
    const { rows, total } = await organiser.as.query(api.challengeResults.ranking, { challengeId });
    expect(total).toBe(3);
    expect(rows.map((row) => [row.title, row.rank, row.votes, round(row.judgeAverage!), round(row.combined), row.tieNote])).toEqual([
      ["作品2", 1, 4, 3.33, 76.67, null],
      ["作品1", 2, 2, 4.33, 75.67, null],
      ["作品3", 3, 0, 4.5, 63, null],
    ]);
    expect(round(rows[0]!.judgePoints)).toBe(66.67);
    expect(rows[1]!.votePoints).toBe(50);

    // Only the organiser sees it.
    expect(await errorOf(j1.as.query(api.challengeResults.ranking, { challengeId }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(t.query(api.challengeResults.ranking, { challengeId }))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test("while the challenge hides its counts, the organiser's ranking shows none and ranks by the judges alone", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 2, 1);
    const [a, b] = entries as [(typeof entries)[0], (typeof entries)[0]];
    await organiser.as.mutation(api.challengeVotingRules.update, { challengeId, votingRules: { voters: "anyone", hideCounts: true } });
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    await judges[0]!.as.mutation(api.judging.score, { submissionId: a.submissionId, scores: [5, 5], comment: "" });
    await judges[0]!.as.mutation(api.judging.score, { submissionId: b.submissionId, scores: [2, 2], comment: "" });
    // B gets every vote; during voting they are neither shown nor counted in the order (A: 5 → 100
    // points, B: 2 → 40, the judges' points alone).
    await addVotes(t, b.submissionId, 5);
    const during = await organiser.as.query(api.challengeResults.ranking, { challengeId });
    expect(during.countsHidden).toBe(true);
    expect(during.rows.map((row) => [row.title, row.votes, row.votePoints, row.combined])).toEqual([
      ["作品1", null, null, 100],
      ["作品2", null, null, 40],
    ]);
    // Once voting has closed the counts are part of it again.
    const { votingEndsAt } = (await t.run((ctx) => ctx.db.get("challenges", challengeId)))!;
    vi.setSystemTime(votingEndsAt! + 1);
    const after = await organiser.as.query(api.challengeResults.ranking, { challengeId });
    expect(after.countsHidden).toBe(false);
    expect(after.rows.map((row) => [row.title, row.votes])).toEqual([
      ["作品1", 0],
      ["作品2", 5],
    ]);
  });

  test("ties: more votes first, then the earlier entry, each with its note", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 4, 2);
    await organiser.as.mutation(api.judging.setJudging, { challengeId, judging: { ...JUDGING, judgeWeight: 50 } });
    const [x, y, z, w] = entries as [(typeof entries)[0], (typeof entries)[0], (typeof entries)[0], (typeof entries)[0]];
    const [j1, j2] = judges as [User, User];
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    // 50/50. X: judges 5 → 100 points, votes 1 of 2 → 50: 75. Y: judges (2 + 3) / 2 = 2.5 → 50,
    // votes 2 of 2 → 100: 75. A tie broken by votes: Y before X.
    await j1.as.mutation(api.judging.score, { submissionId: x.submissionId, scores: [5, 5], comment: "" });
    await j2.as.mutation(api.judging.score, { submissionId: x.submissionId, scores: [5, 5], comment: "" });
    await j1.as.mutation(api.judging.score, { submissionId: y.submissionId, scores: [2, 2], comment: "" });
    await j2.as.mutation(api.judging.score, { submissionId: y.submissionId, scores: [3, 3], comment: "" });
    await addVotes(t, x.submissionId, 1);
    await addVotes(t, y.submissionId, 2);
    // Z and W: nobody scored or voted: 0 each, the same votes: the earlier entry (Z) first.
    const { rows } = await organiser.as.query(api.challengeResults.ranking, { challengeId });
    expect(rows.map((row) => [row.title, round(row.combined), row.tieNote])).toEqual([
      ["作品2", 75, TIE_NOTES.votes],
      ["作品1", 75, TIE_NOTES.votes],
      ["作品3", 0, TIE_NOTES.earlier],
      ["作品4", 0, TIE_NOTES.earlier],
    ]);
    expect([z, w]).toHaveLength(2);
  });
});

describe("results", () => {
  test("not out before the end; then ranked with awards; comments only to their entrant unless public", async () => {
    const t = newTest();
    const { organiser, challengeId, judges, entries } = await judgedChallenge(t, 3, 1);
    const [a, b, c] = entries as [(typeof entries)[0], (typeof entries)[0], (typeof entries)[0]];
    const judge = judges[0]!;
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    await judge.as.mutation(api.judging.score, { submissionId: a.submissionId, scores: [5, 5], comment: "Aへの講評" });
    await judge.as.mutation(api.judging.score, { submissionId: b.submissionId, scores: [4, 4], comment: "Bへの講評" });
    const voters = await addVotes(t, b.submissionId, 2);

    expect(await t.query(api.challengeResults.summary, { id: challengeId })).toMatchObject({ published: false });
    expect((await t.query(api.challengeResults.results, { challengeId, paginationOpts: page })).page).toEqual([]);
    expect(await a.as.query(api.challengeResults.feedback, { submissionId: a.submissionId })).toEqual([]);

    // Awards must go to other entries than the winner, each a different one.
    expect(
      await errorOf(
        organiser.as.mutation(api.challenges.selectWinner, {
          challengeId,
          submissionId: a.submissionId,
          awards: { excellence: a.submissionId },
        }),
      ),
    ).toMatchObject({ message: JUDGING_MESSAGES.awardsInvalid });
    await organiser.as.mutation(api.challenges.selectWinner, {
      challengeId,
      submissionId: a.submissionId,
      awards: { excellence: b.submissionId, special: c.submissionId },
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await t.query(api.challengeResults.summary, { id: challengeId })).toMatchObject({ published: true });
    // 70/30: A judges 100 → 70, no votes → 70. B judges 80 → 56 + votes 100 → 30: 86. C: 0.
    const results = await a.as.query(api.challengeResults.results, { challengeId, paginationOpts: page });
    expect(results.page.map((row) => [row.title, row.rank, row.isWinner, row.award, row.criterionAverages, row.isOwn])).toEqual([
      ["作品2", 1, false, "excellence", [4, 4], false],
      ["作品1", 2, true, null, [5, 5], true],
      ["作品3", 3, false, "special", [], false],
    ]);

    expect(await a.as.query(api.challengeResults.feedback, { submissionId: a.submissionId })).toMatchObject([
      { comment: "Aへの講評", public: false, judge: { displayName: "審査員1" } },
    ]);
    expect(await b.as.query(api.challengeResults.feedback, { submissionId: a.submissionId })).toEqual([]);
    expect(await t.query(api.challengeResults.feedback, { submissionId: a.submissionId })).toEqual([]);
    const [shown] = await organiser.as.query(api.challengeResults.feedback, { submissionId: a.submissionId });
    expect(await errorOf(a.as.mutation(api.judging.setCommentPublic, { scoreId: shown!.scoreId, public: true }))).toMatchObject({
      code: "FORBIDDEN",
    });
    await organiser.as.mutation(api.judging.setCommentPublic, { scoreId: shown!.scoreId, public: true });
    expect(await t.query(api.challengeResults.feedback, { submissionId: a.submissionId })).toMatchObject([
      { comment: "Aへの講評", public: true },
    ]);

    // Entrants and voters heard that the results are out, each once; the organiser did not.
    const notified = await t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter((row) => row.type === "challenge_results").map((row) => row.userId),
    );
    expect(notified.sort()).toEqual([a.userId, b.userId, c.userId, ...voters.map((voter) => voter.userId)].sort());
    // Scoring stops with the decision.
    expect(
      await errorOf(judge.as.mutation(api.judging.score, { submissionId: c.submissionId, scores: [1, 1], comment: "" })),
    ).toMatchObject({ message: JUDGING_MESSAGES.scoringNotVoting });
  });

  test("a challenge without judges ranks by votes alone", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const one = await createUser(t);
    const two = await createUser(t);
    vi.advanceTimersByTime(1000);
    const first = await enterNewWork(t, one, challengeId, "一");
    vi.advanceTimersByTime(1000);
    const second = await enterNewWork(t, two, challengeId, "二");
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    await addVotes(t, second.submissionId, 1);
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: first.submissionId });
    const results = await t.query(api.challengeResults.results, { challengeId, paginationOpts: page });
    expect(results.page.map((row) => [row.title, row.combined, row.judgeAverage])).toEqual([
      ["二", 100, null],
      ["一", 0, null],
    ]);
  });
});

const round = (value: number) => Math.round(value * 100) / 100;
