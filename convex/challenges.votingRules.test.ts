// Voting rules: who may vote (each rule allowed and refused, with its Japanese reason), changing
// the rules only while entries are open, hidden counts that never leave the server before voting
// closes (every query and the CSV's source), and the per-viewer shuffled order of the entries.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { DAY_MS } from "./model/japanTime";
import { createChallenge, enterNewWork, signedInUsers, useJapanNoon } from "./model/challenges.testkit";
import { shuffledPage } from "./model/entryShuffle";
import type { VotingRules } from "./model/votingRules";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 24, cursor: null };

/** A challenge with these rules and `entrants` entries; voting started unless asked not to. */
async function challengeWith(t: TestConvex, votingRules: VotingRules, entrants = 2, { voting = true } = {}) {
  const organiser = await createUser(t, { displayName: "主催者" });
  const challengeId = await organiser.as.mutation(api.challenges.create, {
    title: "ルールのあるチャレンジ",
    description: "説明",
    requirements: "要件",
    endDate: new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10),
    prize: false,
    prizeDescription: "",
    tags: [],
    votingRules,
  });
  const entries = [];
  for (let i = 0; i < entrants; i++) {
    vi.advanceTimersByTime(1000);
    const user = await createUser(t, { displayName: `参加者${i + 1}` });
    entries.push({ ...user, ...(await enterNewWork(t, user, challengeId, `作品${i + 1}`)) });
  }
  if (voting) await organiser.as.mutation(api.challenges.startVoting, { challengeId });
  return { organiser, challengeId, entries };
}

const vote = (user: { as: Pick<TestConvex, "mutation"> }, submissionId: Id<"challengeSubmissions">) =>
  user.as.mutation(api.challenges.toggleVote, { submissionId });

describe("who may vote", () => {
  test("anyone signed in (the default): a brand-new account with no works votes", async () => {
    const t = newTest();
    const { entries } = await challengeWith(t, { voters: "anyone", hideCounts: false });
    const voter = await createUser(t);
    expect(await vote(voter, entries[0]!.submissionId)).toEqual({ voted: true, votesCount: 1 });
  });

  test("accounts at least 7 days old: refused at 6 days with the reason, allowed at 7; nothing written when refused", async () => {
    const t = newTest();
    const voter = await createUser(t);
    vi.advanceTimersByTime(6 * DAY_MS);
    const { entries } = await challengeWith(t, { voters: "established", hideCounts: false });
    const submissionId = entries[0]!.submissionId;
    expect(await errorOf(vote(voter, submissionId))).toEqual({
      code: "FORBIDDEN",
      message: "このチャレンジに投票できるのは、登録から7日以上たった人だけです",
    });
    expect(await t.run((ctx) => ctx.db.query("challengeVotes").take(5))).toEqual([]);
    vi.advanceTimersByTime(DAY_MS);
    expect(await vote(voter, submissionId)).toEqual({ voted: true, votesCount: 1 });
  });

  test("users with a posted work: refused without one (a hidden work does not count), allowed with one", async () => {
    const t = newTest();
    const { entries } = await challengeWith(t, { voters: "creators", hideCounts: false });
    const submissionId = entries[0]!.submissionId;
    const voter = await createUser(t);
    const refused = { code: "FORBIDDEN", message: "このチャレンジに投票できるのは、作品を1件以上投稿した人だけです" };
    expect(await errorOf(vote(voter, submissionId))).toEqual(refused);
    const hiddenWork = await createWork(t, voter.userId);
    await t.run((ctx) => ctx.db.patch("projects", hiddenWork, { hidden: true }));
    expect(await errorOf(vote(voter, submissionId))).toEqual(refused);
    await createWork(t, voter.userId);
    expect(await vote(voter, submissionId)).toEqual({ voted: true, votesCount: 1 });
    // Entrants have posted their entry, so they vote for each other.
    expect(await vote(entries[1]!, submissionId)).toEqual({ voted: true, votesCount: 2 });
  });

  test("entrants only: a creator without an entry here is refused, an entrant votes", async () => {
    const t = newTest();
    const { challengeId, entries, organiser } = await challengeWith(t, { voters: "entrants", hideCounts: false });
    const submissionId = entries[0]!.submissionId;
    const outsider = await createUser(t);
    await createWork(t, outsider.userId);
    const refused = { code: "FORBIDDEN", message: "このチャレンジに投票できるのは、作品を提出した人だけです" };
    expect(await errorOf(vote(outsider, submissionId))).toEqual(refused);
    expect(await errorOf(vote(organiser, submissionId))).toEqual(refused);
    expect(await vote(entries[1]!, submissionId)).toEqual({ voted: true, votesCount: 1 });
    // What the page says before they try: the same reason, nothing for an entrant or a visitor.
    expect(await outsider.as.query(api.challengeVotingRules.eligibility, { challengeId })).toEqual({ refusal: refused.message });
    expect(await entries[1]!.as.query(api.challengeVotingRules.eligibility, { challengeId })).toEqual({ refusal: null });
    expect(await t.query(api.challengeVotingRules.eligibility, { challengeId })).toBeNull();
  });

  test("a vote cast under looser rules can still be taken back", async () => {
    const t = newTest();
    const { challengeId, entries } = await challengeWith(t, { voters: "anyone", hideCounts: false });
    const voter = await createUser(t);
    await vote(voter, entries[0]!.submissionId);
    // The rules cannot change once voting is open; written directly to test the take-back path.
    await t.run((ctx) => ctx.db.patch("challenges", challengeId, { votingRules: { voters: "entrants", hideCounts: false } }));
    expect(await vote(voter, entries[0]!.submissionId)).toEqual({ voted: false, votesCount: 0 });
    expect(await errorOf(vote(voter, entries[0]!.submissionId))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("challengeVotingRules.update", () => {
  test("the organiser changes the rules while entries are open; the page shows them", async () => {
    const t = newTest();
    const { organiser, challengeId } = await challengeWith(t, { voters: "anyone", hideCounts: false }, 0, { voting: false });
    await organiser.as.mutation(api.challengeVotingRules.update, { challengeId, votingRules: { voters: "creators", hideCounts: true } });
    const detail = await t.query(api.challenges.detail, { id: challengeId });
    expect(detail).toMatchObject({ votingRules: { voters: "creators", hideCounts: true }, countsHidden: true });
  });

  test("refused once voting is open, for anyone but the organiser, signed out, and for a rule that does not exist", async () => {
    const t = newTest();
    const { organiser, challengeId } = await challengeWith(t, { voters: "anyone", hideCounts: false }, 1);
    const rules = { voters: "creators", hideCounts: true } as const;
    expect(await errorOf(organiser.as.mutation(api.challengeVotingRules.update, { challengeId, votingRules: rules }))).toEqual({
      code: "INVALID_STATE",
      message: "投票が始まったあとは投票ルールを変更できません",
    });
    const other = await createUser(t);
    expect(await errorOf(other.as.mutation(api.challengeVotingRules.update, { challengeId, votingRules: rules }))).toEqual({
      code: "FORBIDDEN",
      message: "この操作はチャレンジの主催者だけが行えます",
    });
    expect(await errorOf(t.mutation(api.challengeVotingRules.update, { challengeId, votingRules: rules }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    const bad = { voters: "friends", hideCounts: true } as unknown as VotingRules;
    await expect(organiser.as.mutation(api.challengeVotingRules.update, { challengeId, votingRules: bad })).rejects.toThrow(/Validator/);
    expect(await t.query(api.challenges.detail, { id: challengeId })).toMatchObject({
      votingRules: { voters: "anyone", hideCounts: false },
    });
  });

  test("create keeps the defaults when no rules are sent and refuses a rule that does not exist", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    expect(await t.run(async (ctx) => "votingRules" in (await ctx.db.get("challenges", challengeId))!)).toBe(false);
    expect(await t.query(api.challenges.detail, { id: challengeId })).toMatchObject({
      votingRules: { voters: "anyone", hideCounts: false },
      countsHidden: false,
    });
    const bad = { voters: "anyone", hideCounts: "yes" } as unknown as VotingRules;
    await expect(
      organiser.as.mutation(api.challenges.create, {
        title: "t",
        description: "d",
        requirements: "r",
        endDate: "2025-01-30",
        prize: false,
        prizeDescription: "",
        tags: [],
        votingRules: bad,
      }),
    ).rejects.toThrow(/Validator/);
  });
});

/** Every number under a key named like a count of votes, anywhere in a query's answer. */
function voteNumbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(voteNumbers);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => (/vote/i.test(key) && typeof inner === "number" ? [inner] : voteNumbers(inner)));
  }
  return [];
}

describe("hidden counts", () => {
  /** Three entries with 3, 1 and 0 votes, counts hidden, voting open. */
  async function hiddenWithVotes(t: TestConvex) {
    const setup = await challengeWith(t, { voters: "anyone", hideCounts: true }, 3);
    const voters = await signedInUsers(t, 3);
    for (const voter of voters) await vote(voter, setup.entries[0]!.submissionId);
    await vote(voters[0]!, setup.entries[1]!.submissionId);
    return { ...setup, voters };
  }

  /** Every answer that could carry a count, as the visitor, a voter, an entrant and the organiser see it. */
  async function everyAnswer(t: TestConvex, setup: Awaited<ReturnType<typeof hiddenWithVotes>>) {
    const { challengeId, organiser, entries, voters } = setup;
    const answers: unknown[] = [];
    for (const client of [t, voters[0]!.as, entries[0]!.as, organiser.as]) {
      answers.push(await client.query(api.challenges.detail, { id: challengeId }));
      answers.push(await client.query(api.challenges.entries, { challengeId, paginationOpts: page }));
      answers.push(await client.query(api.challenges.get, { id: challengeId }));
      answers.push(await client.query(api.challenges.list, { paginationOpts: page }));
      answers.push(await client.query(api.challenges.summary, {}));
      answers.push(await client.query(api.projects.get, { id: entries[0]!.projectId }));
      answers.push(await client.query(api.profiles.works, { userId: entries[0]!.userId, paginationOpts: page }));
    }
    answers.push(await entries[0]!.as.query(api.account.exportData, {}));
    answers.push(await voters[0]!.as.query(api.account.exportData, {}));
    return answers;
  }

  test("never leave the server before voting closes: no query answer carries one, nor the CSV's rows", async () => {
    const t = newTest();
    const setup = await hiddenWithVotes(t);
    const { challengeId, organiser, entries, voters } = setup;
    expect(voteNumbers(await everyAnswer(t, setup))).toEqual([]);

    // The entries say null, the viewer's own votes stay visible to them.
    const seen = await voters[0]!.as.query(api.challenges.entries, { challengeId, paginationOpts: page });
    expect(seen.page.map((entry) => entry.votesCount)).toEqual([null, null, null]);
    expect(
      seen.page
        .filter((entry) => entry.viewerVoted)
        .map((entry) => entry._id)
        .sort(),
    ).toEqual([entries[0]!.submissionId, entries[1]!.submissionId].sort());
    // A vote's answer carries no count either.
    expect(await vote(voters[1]!, entries[2]!.submissionId)).toEqual({ voted: true, votesCount: null });

    // The organiser's CSV: no counts, entries newest first (not by votes).
    const csv = await organiser.as.query(api.challenges.exportEntries, { challengeId, paginationOpts: page });
    expect(csv.page.map((row) => row.votesCount)).toEqual([null, null, null]);
    expect(csv.page.map((row) => row.projectId)).toEqual([...entries].reverse().map((entry) => entry.projectId));
    expect(await t.query(api.challenges.detail, { id: challengeId })).toMatchObject({ countsHidden: true });
  });

  test("shown as usual once the voting deadline passes, and after the winner is picked", async () => {
    const t = newTest();
    const setup = await hiddenWithVotes(t);
    const { challengeId, organiser, entries } = setup;
    const detail = await t.query(api.challenges.detail, { id: challengeId });
    vi.setSystemTime((detail as { votingEndsAt: number }).votingEndsAt + 1);
    const afterDeadline = await t.query(api.challenges.entries, { challengeId, paginationOpts: page });
    expect(afterDeadline.page.map((entry) => [entry._id, entry.votesCount])).toEqual([
      [entries[0]!.submissionId, 3],
      [entries[1]!.submissionId, 1],
      [entries[2]!.submissionId, 0],
    ]);
    const csv = await organiser.as.query(api.challenges.exportEntries, { challengeId, paginationOpts: page });
    expect(csv.page.map((row) => row.votesCount)).toEqual([3, 1, 0]);
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: entries[0]!.submissionId });
    expect(await t.query(api.challenges.detail, { id: challengeId })).toMatchObject({ countsHidden: false, status: "ended" });
    expect((await t.query(api.challenges.entries, { challengeId, paginationOpts: page })).page[0]?.votesCount).toBe(3);
  });

  test("a challenge that shows counts keeps today's answers (counts and the votes order)", async () => {
    const t = newTest();
    const { challengeId, entries } = await challengeWith(t, { voters: "anyone", hideCounts: false }, 2);
    const voter = await createUser(t);
    expect(await vote(voter, entries[1]!.submissionId)).toEqual({ voted: true, votesCount: 1 });
    const shown = await t.query(api.challenges.entries, { challengeId, paginationOpts: page });
    expect(shown.page.map((entry) => [entry._id, entry.votesCount])).toEqual([
      [entries[1]!.submissionId, 1],
      [entries[0]!.submissionId, 0],
    ]);
  });
});

describe("the shuffled order while counts are hidden", () => {
  async function allPages(client: Pick<TestConvex, "query">, challengeId: Id<"challenges">, numItems: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 100; n++) {
      const result: { page: { _id: string }[]; isDone: boolean; continueCursor: string } = await client.query(api.challenges.entries, {
        challengeId,
        paginationOpts: { numItems, cursor },
      });
      ids.push(...result.page.map((entry) => entry._id));
      if (result.isDone) return ids;
      cursor = result.continueCursor;
    }
    throw new Error("did not finish");
  }

  test("every entry exactly once across pages, stable per viewer, different between viewers, not by votes", async () => {
    const t = newTest();
    const { challengeId, entries } = await challengeWith(t, { voters: "anyone", hideCounts: true }, 30);
    const all = entries.map((entry) => entry.submissionId as string).sort();
    const viewers = await signedInUsers(t, 4);
    // Votes that would put entry 29 first in the votes order.
    for (const viewer of viewers) await vote(viewer, entries[29]!.submissionId);

    const orders = [];
    for (const client of [t, ...viewers.map((viewer) => viewer.as)]) {
      const order = await allPages(client, challengeId, 24);
      expect([...order].sort()).toEqual(all);
      // Same order in other page sizes and on a second read.
      for (const size of [1, 7, 10]) expect(await allPages(client, challengeId, size)).toEqual(order);
      orders.push(order.join(","));
    }
    expect(new Set(orders).size).toBeGreaterThan(1);
    expect(orders.some((order) => !order.startsWith(entries[29]!.submissionId))).toBe(true);
    // A signed-out visitor gets the same order every time.
    expect((await allPages(t, challengeId, 5)).join(",")).toBe(orders[0]);
  });

  test("a made-up cursor is refused with a clean message", async () => {
    const t = newTest();
    const { challengeId } = await challengeWith(t, { voters: "anyone", hideCounts: true }, 2);
    expect(await errorOf(t.query(api.challenges.entries, { challengeId, paginationOpts: { numItems: 5, cursor: "nonsense" } }))).toEqual({
      code: "INVALID_CURSOR",
      message: "ページの位置が正しくありません。最初から読み込み直してください",
    });
  });

  test("entries of hidden works are left out", async () => {
    const t = newTest();
    const { challengeId, entries } = await challengeWith(t, { voters: "anyone", hideCounts: true }, 4);
    await t.run((ctx) => ctx.db.patch("challengeSubmissions", entries[0]!.submissionId, { hidden: true }));
    const ids = (await t.query(api.challenges.entries, { challengeId, paginationOpts: page })).page.map((entry) => entry._id);
    expect(ids.sort()).toEqual(
      entries
        .slice(1)
        .map((entry) => entry.submissionId)
        .sort(),
    );
  });
});

describe("shuffledPage in both directions and from any start", () => {
  test("covers every entry once, whatever the start point, direction and page size", async () => {
    const t = newTest();
    const { challengeId, entries } = await challengeWith(t, { voters: "anyone", hideCounts: true }, 12, { voting: false });
    const all = entries.map((entry) => entry.submissionId as string).sort();
    for (const start of [0, 0.25, 0.5, 0.999]) {
      for (const descending of [false, true]) {
        for (const size of [1, 5, 12, 30]) {
          const ids = await t.run(async (ctx) => {
            const out: string[] = [];
            let cursor: string | null = null;
            for (let n = 0; n < 40; n++) {
              const result = await shuffledPage(ctx, challengeId, { start, descending }, size, cursor);
              expect(result.page.length).toBeLessThanOrEqual(size);
              out.push(...result.page.map((entry) => entry._id));
              if (result.isDone) return out;
              cursor = result.continueCursor;
            }
            throw new Error("did not finish");
          });
          expect([...ids].sort(), `start ${start} ${descending ? "desc" : "asc"} size ${size}`).toEqual(all);
        }
      }
    }
  });
});
