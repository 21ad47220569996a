// Voting on challenge entries: toggling, who may vote when, 200 voters at once, and the order
// and per-viewer flags of the entries grid.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createChallenge, enterNewWork, signedInUsers, useJapanNoon } from "./model/challenges.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 24, cursor: null };

const storedVotes = (t: TestConvex, submissionId: Id<"challengeSubmissions">) =>
  t.run(async (ctx) => ({
    votesCount: (await ctx.db.get("challengeSubmissions", submissionId))!.votesCount,
    rows: (
      await ctx.db
        .query("challengeVotes")
        .withIndex("by_submissionId_and_userId", (q) => q.eq("submissionId", submissionId))
        .collect()
    ).length,
  }));

/** An organiser's challenge with `entrants` entries a second apart (`voting` starts the vote). */
async function challengeWithEntries(t: TestConvex, entrants: number, { voting = true } = {}) {
  const organiser = await createUser(t, { displayName: "主催者" });
  const challengeId = await createChallenge(organiser.as);
  const entries = [];
  for (let i = 0; i < entrants; i++) {
    vi.advanceTimersByTime(1000);
    const user = await createUser(t, { displayName: `参加者${i + 1}` });
    entries.push({ ...user, ...(await enterNewWork(t, user, challengeId, `作品${i + 1}`)) });
  }
  if (voting) await organiser.as.mutation(api.challenges.startVoting, { challengeId });
  return { organiser, challengeId, entries };
}

describe("challenges.toggleVote", () => {
  test("vote, unvote and vote again: exact counts, one row per voter, the viewer's flag follows", async () => {
    const t = newTest();
    const { challengeId, entries, organiser } = await challengeWithEntries(t, 1);
    const submissionId = entries[0]!.submissionId;
    const [a, b] = [await createUser(t), await createUser(t)];

    expect(await a.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: true, votesCount: 1 });
    expect(await b.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: true, votesCount: 2 });
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: 2, rows: 2 });
    expect((await a.as.query(api.challenges.entries, { challengeId, paginationOpts: page })).page[0]).toMatchObject({
      votesCount: 2,
      viewerVoted: true,
      isOwn: false,
    });

    expect(await a.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: false, votesCount: 1 });
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: 1, rows: 1 });
    expect((await a.as.query(api.challenges.entries, { challengeId, paginationOpts: page })).page[0]).toMatchObject({
      votesCount: 1,
      viewerVoted: false,
    });
    expect((await b.as.query(api.challenges.entries, { challengeId, paginationOpts: page })).page[0]?.viewerVoted).toBe(true);

    expect(await a.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: true, votesCount: 2 });
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: 2, rows: 2 });
    // The organiser may vote too (it is not their entry).
    expect(await organiser.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: true, votesCount: 3 });
  });

  test("one's own entry, signed out and a missing entry are refused; nothing changes", async () => {
    const t = newTest();
    const { entries } = await challengeWithEntries(t, 2);
    const [mine, theirs] = [entries[0]!, entries[1]!];
    expect(await errorOf(mine.as.mutation(api.challenges.toggleVote, { submissionId: mine.submissionId }))).toEqual({
      code: "FORBIDDEN",
      message: "自分の作品には投票できません",
    });
    expect(await errorOf(t.mutation(api.challenges.toggleVote, { submissionId: theirs.submissionId }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "投票するにはログインが必要です",
    });
    const gone = await t.run(async (ctx) => {
      const doc = (await ctx.db.get("challengeSubmissions", theirs.submissionId))!;
      const { _id, _creationTime, ...fields } = doc;
      const copy = await ctx.db.insert("challengeSubmissions", fields);
      await ctx.db.delete("challengeSubmissions", copy);
      return copy;
    });
    expect(await errorOf(mine.as.mutation(api.challenges.toggleVote, { submissionId: gone }))).toEqual({
      code: "NOT_FOUND",
      message: "提出作品が見つかりません",
    });
    expect(await storedVotes(t, mine.submissionId)).toEqual({ votesCount: 0, rows: 0 });
    expect(await storedVotes(t, theirs.submissionId)).toEqual({ votesCount: 0, rows: 0 });
    // Voting for someone else's entry works for the same user.
    expect(await mine.as.mutation(api.challenges.toggleVote, { submissionId: theirs.submissionId })).toEqual({
      voted: true,
      votesCount: 1,
    });
  });

  test("only during voting: refused while entries are open and after the winner is picked", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await challengeWithEntries(t, 2, { voting: false });
    const voter = await createUser(t);
    const submissionId = entries[0]!.submissionId;
    const notVoting = { code: "INVALID_STATE", message: "投票期間中のみ投票できます" };
    expect(await errorOf(voter.as.mutation(api.challenges.toggleVote, { submissionId }))).toEqual(notVoting);

    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    await voter.as.mutation(api.challenges.toggleVote, { submissionId });
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId });
    // Neither a new vote nor taking one back once it ended.
    expect(await errorOf(voter.as.mutation(api.challenges.toggleVote, { submissionId }))).toEqual(notVoting);
    expect(await errorOf(voter.as.mutation(api.challenges.toggleVote, { submissionId: entries[1]!.submissionId }))).toEqual(notVoting);
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: 1, rows: 1 });
  });

  test("taking back a vote never drives the count below zero", async () => {
    const t = newTest();
    const { entries } = await challengeWithEntries(t, 1);
    const submissionId = entries[0]!.submissionId;
    const voter = await createUser(t);
    await voter.as.mutation(api.challenges.toggleVote, { submissionId });
    // A count that drifted to 0 while the vote row exists.
    await t.run((ctx) => ctx.db.patch("challengeSubmissions", submissionId, { votesCount: 0 }));
    expect(await voter.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: false, votesCount: 0 });
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: 0, rows: 0 });
  });

  test("a burst of toggles by one user is rate limited, then allowed again", async () => {
    const t = newTest();
    const { entries } = await challengeWithEntries(t, 1);
    const submissionId = entries[0]!.submissionId;
    const voter = await createUser(t);
    let refused: unknown = null;
    let toggles = 0;
    for (let i = 0; i < 60 && refused === null; i++) {
      try {
        await voter.as.mutation(api.challenges.toggleVote, { submissionId });
        toggles++;
      } catch (error) {
        refused = (error as { data?: unknown }).data;
      }
    }
    expect(refused).toMatchObject({ code: "RATE_LIMITED" });
    // The refused toggle changed nothing: the count matches the toggles that went through.
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: toggles % 2, rows: toggles % 2 });
    vi.advanceTimersByTime(60_000);
    await expect(voter.as.mutation(api.challenges.toggleVote, { submissionId })).resolves.toMatchObject({ voted: toggles % 2 === 0 });
  });

  test("200 voters at once: exactly 200 votes and rows; all taking them back at once: exactly 0", async () => {
    const t = newTest();
    const { challengeId, entries } = await challengeWithEntries(t, 1);
    const submissionId = entries[0]!.submissionId;
    const voters = await signedInUsers(t, 200);

    const votes = await Promise.all(voters.map((voter) => voter.as.mutation(api.challenges.toggleVote, { submissionId })));
    expect(votes.every((result) => result.voted)).toBe(true);
    // Each vote saw every earlier one: the counts returned are 1..200, each once.
    expect(votes.map((result) => result.votesCount!).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: 200, rows: 200 });
    expect((await t.query(api.challenges.entries, { challengeId, paginationOpts: page })).page[0]?.votesCount).toBe(200);
    const voterIds = await t.run(async (ctx) => (await ctx.db.query("challengeVotes").collect()).map((vote) => vote.userId));
    expect(new Set(voterIds)).toEqual(new Set(voters.map((voter) => voter.userId)));

    const unvotes = await Promise.all(voters.map((voter) => voter.as.mutation(api.challenges.toggleVote, { submissionId })));
    expect(unvotes.every((result) => !result.voted && result.votesCount! >= 0)).toBe(true);
    expect(unvotes.map((result) => result.votesCount!).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(await storedVotes(t, submissionId)).toEqual({ votesCount: 0, rows: 0 });
  });
});

describe("challenges.entries", () => {
  test("newest first while open; most votes first (ties: earlier entry) during voting and after", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await challengeWithEntries(t, 5, { voting: false });
    const [a, b, c, d, e] = entries.map((entry) => entry.submissionId) as Id<"challengeSubmissions">[];
    const idsOf = async (viewer: Pick<TestConvex, "query"> = t) =>
      (await viewer.query(api.challenges.entries, { challengeId, paginationOpts: page })).page.map((entry) => entry._id);

    expect(await idsOf()).toEqual([e, d, c, b, a]);

    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    // No votes yet: all tied, so the earliest entry leads.
    expect(await idsOf()).toEqual([a, b, c, d, e]);

    const voters = await signedInUsers(t, 3);
    // d: 3 votes; b and c: 2 each (b entered first); a and e: 0 (a entered first).
    for (const voter of voters) await voter.as.mutation(api.challenges.toggleVote, { submissionId: d! });
    // c gets its votes before b does: the tie still lists the earlier entry (b) first.
    for (const voter of voters.slice(0, 2)) await voter.as.mutation(api.challenges.toggleVote, { submissionId: c! });
    for (const voter of voters.slice(1, 3)) await voter.as.mutation(api.challenges.toggleVote, { submissionId: b! });
    expect(await idsOf()).toEqual([d, b, c, a, e]);

    const shown = await t.query(api.challenges.entries, { challengeId, paginationOpts: page });
    expect(shown.page.map((entry) => entry.votesCount)).toEqual([3, 2, 2, 0, 0]);
    expect(shown.page.map((entry) => entry.work.title)).toEqual(["作品4", "作品2", "作品3", "作品1", "作品5"]);
    expect(shown.page[0]).toMatchObject({ isWinner: false, work: { _id: entries[3]!.projectId } });
    // Entered a second apart, in the order a, b, c, d, e.
    const times = new Map(shown.page.map((entry) => [entry._id, entry.enteredAt]));
    expect([a, b, c, d, e].map((id) => Math.round((times.get(id!)! - times.get(a!)!) / 1000))).toEqual([0, 1, 2, 3, 4]);

    // Paging in vote order: two at a time, no gaps or repeats.
    const paged: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const result: { page: { _id: string }[]; isDone: boolean; continueCursor: string } = await t.query(api.challenges.entries, {
        challengeId,
        paginationOpts: { numItems: 2, cursor },
      });
      expect(result.page.length).toBeLessThanOrEqual(2);
      paged.push(...result.page.map((entry) => entry._id));
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(paged).toEqual([d, b, c, a, e]);

    // After the winner is picked the order stays by votes, whoever wins.
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: c! });
    const ended = await t.query(api.challenges.entries, { challengeId, paginationOpts: page });
    expect(ended.page.map((entry) => entry._id)).toEqual([d, b, c, a, e]);
    expect(ended.page.map((entry) => entry.isWinner)).toEqual([false, false, true, false, false]);
  });

  test("entries made at the same instant still tie earliest first", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    // The clock stands still: every entry has the same Date.now().
    const entrants = await signedInUsers(t, 4, "参加者");
    const submissions: Id<"challengeSubmissions">[] = [];
    for (const entrant of entrants) submissions.push((await enterNewWork(t, entrant, challengeId)).submissionId);
    const idsOf = async () => (await t.query(api.challenges.entries, { challengeId, paginationOpts: page })).page.map((entry) => entry._id);
    expect(await idsOf()).toEqual([...submissions].reverse());
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    expect(await idsOf()).toEqual(submissions);
    const [voter] = await signedInUsers(t, 1);
    await voter!.as.mutation(api.challenges.toggleVote, { submissionId: submissions[2]! });
    expect(await idsOf()).toEqual([submissions[2], submissions[0], submissions[1], submissions[3]]);
  });

  test("viewerVoted and isOwn are the caller's", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await challengeWithEntries(t, 3);
    const [first, second, third] = entries as [(typeof entries)[number], (typeof entries)[number], (typeof entries)[number]];
    const voter = await createUser(t);
    await voter.as.mutation(api.challenges.toggleVote, { submissionId: second.submissionId });
    await first.as.mutation(api.challenges.toggleVote, { submissionId: third.submissionId });
    // Order: second (1 vote), third (1 vote, later), first (0).
    const flags = async (viewer: Pick<TestConvex, "query">) =>
      (await viewer.query(api.challenges.entries, { challengeId, paginationOpts: page })).page.map((entry) => [
        entry._id,
        entry.viewerVoted,
        entry.isOwn,
      ]);
    expect(await flags(t)).toEqual([
      [second.submissionId, false, false],
      [third.submissionId, false, false],
      [first.submissionId, false, false],
    ]);
    expect(await flags(voter.as)).toEqual([
      [second.submissionId, true, false],
      [third.submissionId, false, false],
      [first.submissionId, false, false],
    ]);
    expect(await flags(first.as)).toEqual([
      [second.submissionId, false, false],
      [third.submissionId, true, false],
      [first.submissionId, false, true],
    ]);
    expect(await flags(third.as)).toEqual([
      [second.submissionId, false, false],
      [third.submissionId, false, true],
      [first.submissionId, false, false],
    ]);
    expect(await flags(organiser.as)).toEqual([
      [second.submissionId, false, false],
      [third.submissionId, false, false],
      [first.submissionId, false, false],
    ]);
  });

  test("at most 24 a page, even when more are asked for; nonsense page sizes are refused", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const entrants = await signedInUsers(t, 30, "参加者");
    for (const entrant of entrants) await enterNewWork(t, entrant, challengeId);
    const first = await t.query(api.challenges.entries, { challengeId, paginationOpts: { numItems: 1000, cursor: null } });
    expect(first.page).toHaveLength(24);
    const rest = await t.query(api.challenges.entries, { challengeId, paginationOpts: { numItems: 1000, cursor: first.continueCursor } });
    expect(rest.page).toHaveLength(6);
    expect(new Set([...first.page, ...rest.page].map((entry) => entry._id)).size).toBe(30);
    expect(await errorOf(t.query(api.challenges.entries, { challengeId, paginationOpts: { numItems: 0, cursor: null } }))).toEqual({
      code: "INVALID_INPUT",
      message: "ページの件数が正しくありません",
    });
  });
});
