// Challenges at scale: the challenge_created fan-out to 10,000 users in bounded batches, the
// list of 10,000 challenges paged and counted, and a challenge with 1,000 entries and 10,000
// voters (shuffled pages, votes, the CSV, the reminder fan-out), all under a documents-read cap
// (a scan reads far more than the cap and fails the test).
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { FAN_OUT_BATCH } from "./challenges";
import type { ChallengeStatus } from "./constants";
import { listPlace } from "./model/challengeOrder";
import { createChallenge, useJapanNoon } from "./model/challenges.testkit";
import { bumpSiteCounter } from "./model/siteCounters";
import { newUserDocument } from "./model/users";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { createUser, newTest, signInAs, type TestConvex } from "./test.setup";
import { REMINDER_BATCH, REMINDER_LEAD_MS } from "./model/challengeReminders";
import { shuffleKeyOf } from "./model/entryShuffle";
import { insertProject } from "./model/projects";
import { workInput } from "./model/works.testkit";

/** Reads allowed per function: a batch of the fan-out, a page of the list, with room to spare. */
const READ_CAP = 1000;
/**
 * Reads allowed per list request: a page of 12 plus the cursor's neighbour. Reading the table
 * and filtering by status (an ended challenge is one in seven) would read far more.
 */
const LIST_READ_CAP = 50;
const CHUNK = 1000;

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * `count` users inserted directly, CHUNK per transaction; every `offEvery`-th keeps
 * settings.notifications.newProjects off. Returns the ids of those who want to hear of new ones.
 */
async function seedUsers(t: TestConvex, count: number, offEvery: number) {
  const wanting: Id<"users">[] = [];
  const notWanting: Id<"users">[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const batch = await t.run(async (ctx) => {
      const on: Id<"users">[] = [];
      const off: Id<"users">[] = [];
      for (let i = start; i < Math.min(count, start + CHUNK); i++) {
        const quiet = i % offEvery === 0;
        const doc = newUserDocument({ name: `ユーザー${i}` }, Date.now());
        const id = await ctx.db.insert("users", {
          ...doc,
          settings: quiet
            ? { ...DEFAULT_USER_SETTINGS, notifications: { ...DEFAULT_USER_SETTINGS.notifications, newProjects: false } }
            : doc.settings,
        });
        (quiet ? off : on).push(id);
      }
      return { on, off };
    });
    wanting.push(...batch.on);
    notWanting.push(...batch.off);
  }
  return { wanting, notWanting };
}

/** Who received challenge_created for a challenge, read a page per transaction. */
async function createdRecipients(t: TestConvex, challengeId: Id<"challenges">, organiser?: Id<"users">) {
  const recipients: Id<"users">[] = [];
  let cursor: string | null = null;
  for (;;) {
    const result: { page: Doc<"notifications">[]; isDone: boolean; continueCursor: string } = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
        .paginate({ numItems: 900, cursor }),
    );
    for (const row of result.page) {
      expect(row).toMatchObject({ type: "challenge_created", read: false, title: "新しいチャレンジが始まりました" });
      if (organiser) expect(row.fromUserId).toBe(organiser);
      recipients.push(row.userId);
    }
    if (result.isDone) return recipients;
    cursor = result.continueCursor;
  }
}

const fanOutRuns = (t: TestConvex) =>
  t.run(async (ctx) =>
    (await ctx.db.system.query("_scheduled_functions").take(READ_CAP - 1)).filter((job) => job.name.includes("notifyCreated")),
  );

describe("challenge_created fan-out", () => {
  test("reaches each of 10,000 users who keep new-project notifications on, once, except the organiser, in bounded batches", async () => {
    const t = newTest({ documentsRead: READ_CAP });
    const { wanting, notWanting } = await seedUsers(t, 10_000, 7);
    expect(wanting.length + notWanting.length).toBe(10_000);
    expect(notWanting).toHaveLength(Math.ceil(10_000 / 7));
    const organiser = await createUser(t, { displayName: "主催者" });
    expect(DEFAULT_USER_SETTINGS.notifications.newProjects).toBe(true);

    const challengeId = await createChallenge(organiser.as, { title: "一万人チャレンジ" });
    await t.finishAllScheduledFunctions(vi.runAllTimers, 1000);

    // The cap is live: reading every user in one function fails.
    await expect(t.run((ctx) => ctx.db.query("users").collect())).rejects.toThrow(/Scanned too many documents/);
    const recipients = await createdRecipients(t, challengeId, organiser.userId);
    expect(recipients).toHaveLength(wanting.length);
    expect(new Set(recipients)).toEqual(new Set(wanting));
    expect(recipients).not.toContain(organiser.userId);
    const sample = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
        .first(),
    );
    expect(sample).toMatchObject({ message: "「一万人チャレンジ」に参加してみませんか？", challengeId });

    // Each run read one batch (the cap would have failed a bigger one) and wrote at most
    // FAN_OUT_BATCH notifications: there were at least as many runs as full batches.
    const runs = await fanOutRuns(t);
    expect(runs.every((job) => job.state.kind === "success")).toBe(true);
    const candidates = wanting.length + 1; // the organiser is in the index too
    expect(runs.length).toBeGreaterThanOrEqual(Math.ceil(candidates / FAN_OUT_BATCH));
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(candidates / FAN_OUT_BATCH) + 1);
    expect(FAN_OUT_BATCH).toBeLessThanOrEqual(READ_CAP / 2);
    expect((await organiser.as.query(api.notifications.list, {})).filter((n) => n.type === "challenge_created")).toEqual([]);
  });

  test("one run writes at most FAN_OUT_BATCH notifications, then hands over to the next", async () => {
    const t = newTest({ documentsRead: READ_CAP });
    const users = 2 * FAN_OUT_BATCH + 50;
    const { wanting } = await seedUsers(t, users, 10);
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as);

    const delivered: number[] = [];
    for (let run = 0; run < 10; run++) {
      const pending = (await fanOutRuns(t)).filter((job) => job.state.kind === "pending");
      if (pending.length === 0) break;
      // One batch at a time: never two fan-out runs waiting together.
      expect(pending).toHaveLength(1);
      vi.advanceTimersToNextTimer();
      await t.finishInProgressScheduledFunctions();
      delivered.push((await createdRecipients(t, challengeId)).length);
    }
    const perRun = delivered.map((total, i) => total - (delivered[i - 1] ?? 0));
    expect(perRun.every((n) => n <= FAN_OUT_BATCH)).toBe(true);
    // The organiser, the newest user, is in the last batch and skipped.
    expect(perRun).toEqual([FAN_OUT_BATCH, FAN_OUT_BATCH, wanting.length - 2 * FAN_OUT_BATCH]);
    expect(delivered.at(-1)).toBe(wanting.length);
    expect((await fanOutRuns(t)).map((job) => job.state.kind)).toEqual(["success", "success", "success"]);
  });
});

describe(`challenges.list and summary at 10,000 challenges, at most ${LIST_READ_CAP} documents read per request`, () => {
  const STATUSES: ChallengeStatus[] = ["active", "voting", "ended"];
  const statusOf = (i: number): ChallengeStatus => STATUSES[i % 7 === 0 ? 2 : i % 3 === 0 ? 1 : 0]!;

  /** Distinct minutes, in no order, so the list's order is not the insertion order. */
  const spread = (i: number) => ((i * 7919) % 10_000) * 60_000;

  /**
   * 10,000 challenges, CHUNK per transaction, the summary counters bumped per chunk: open ones
   * ending 30+ days out, voting ones closing 1+ days out, ended ones at scattered past times.
   */
  async function seedChallenges(t: TestConvex, organiser: Id<"users">, count: number) {
    const seeded: Pick<Doc<"challenges">, "_id" | "status" | "listRank" | "listKey">[] = [];
    for (let start = 0; start < count; start += CHUNK) {
      seeded.push(
        ...(await t.run(async (ctx) => {
          const out: Pick<Doc<"challenges">, "_id" | "status" | "listRank" | "listKey">[] = [];
          const bumps = { active: 0, voting: 0, ended: 0 };
          const now = Date.now();
          for (let i = start; i < Math.min(count, start + CHUNK); i++) {
            const status = statusOf(i);
            const fields = {
              status,
              endDate: now + 30 * 86_400_000 + spread(i),
              updatedAt: now,
              ...(status === "voting" ? { votingStartedAt: now, votingEndsAt: now + 86_400_000 + spread(i) } : {}),
              ...(status === "ended" ? { endedAt: now - spread(i) } : {}),
            };
            const place = listPlace(fields);
            const _id = await ctx.db.insert("challenges", {
              ...fields,
              ...place,
              userId: organiser,
              title: `チャレンジ${i}`,
              description: "説明",
              requirements: "要件",
              prize: i % 2 === 0,
              tags: [],
              startedAt: now,
              submissionsCount: i % 5,
            });
            bumps[status] += 1;
            out.push({ _id, status, ...place });
          }
          for (const status of STATUSES) await bumpSiteCounter(ctx, `challenges_${status}`, bumps[status]);
          return out;
        })),
      );
    }
    return seeded;
  }

  test("12 a page in list order (open by deadline, voting by deadline, ended newest first), no repeats; the summary reads counters", async () => {
    const t = newTest({ documentsRead: LIST_READ_CAP });
    const organiser = await createUser(t);
    const seeded = await seedChallenges(t, organiser.userId, 10_000);
    const inListOrder = [...seeded].sort((a, b) => a.listRank! - b.listRank! || a.listKey! - b.listKey!);
    const counts = { active: 0, voting: 0, ended: 0 };
    for (const challenge of seeded) counts[challenge.status] += 1;
    expect(counts.active + counts.voting + counts.ended).toBe(10_000);
    expect(Math.min(counts.active, counts.voting, counts.ended)).toBeGreaterThan(1000);

    // The cap is live: reading the whole table in one function fails.
    await expect(t.run((ctx) => ctx.db.query("challenges").collect())).rejects.toThrow(/Scanned too many documents/);
    expect(await t.query(api.challenges.summary, {})).toEqual(counts);

    for (const status of [undefined, ...STATUSES]) {
      const expected = inListOrder.filter((c) => status === undefined || c.status === status).map((c) => c._id);
      const got: Id<"challenges">[] = [];
      let cursor: string | null = null;
      for (let pageNo = 0; pageNo < 4; pageNo++) {
        const result: Awaited<ReturnType<typeof listPage>> = await listPage(t, status, { numItems: 12, cursor });
        expect(result.page, `${status ?? "all"} page ${pageNo}`).toHaveLength(12);
        expect(result.isDone).toBe(false);
        if (status) expect(result.page.every((c) => c.status === status)).toBe(true);
        got.push(...result.page.map((c) => c._id));
        cursor = result.continueCursor;
      }
      expect(new Set(got).size).toBe(got.length);
      expect(got, status ?? "all").toEqual(expected.slice(0, got.length));

      // Asking for 1000 still gives 12.
      const big = await listPage(t, status, { numItems: 1000, cursor: null });
      expect(big.page.map((c) => c._id)).toEqual(expected.slice(0, 12));
    }

    // The cards carry what the list shows; a voting card its voting deadline.
    const [first] = (await listPage(t, undefined, { numItems: 1, cursor: null })).page;
    expect(first).toEqual({
      _id: inListOrder[0]!._id,
      title: expect.stringMatching(/^チャレンジ\d+$/) as unknown,
      description: "説明",
      status: "active",
      startedAt: expect.any(Number) as unknown,
      endDate: inListOrder[0]!.listKey,
      votingEndsAt: null,
      submissionsCount: expect.any(Number) as unknown,
      prize: expect.any(Boolean) as unknown,
    });
    const [firstVoting] = (await listPage(t, "voting", { numItems: 1, cursor: null })).page;
    expect(firstVoting?.votingEndsAt).toBe(inListOrder.find((c) => c.status === "voting")!.listKey);

    // A challenge created through the function, ending sooner than any, lands on top.
    const author = await createUser(t);
    const created = await createChallenge(author.as, { title: "最新" });
    expect((await listPage(t, undefined, { numItems: 12, cursor: null })).page[0]?._id).toBe(created);
    expect((await listPage(t, "active", { numItems: 12, cursor: null })).page[0]?._id).toBe(created);
    expect((await listPage(t, "voting", { numItems: 12, cursor: null })).page[0]?._id).not.toBe(created);
    expect(await t.query(api.challenges.summary, {})).toEqual({ ...counts, active: counts.active + 1 });
  });
});

function listPage(t: TestConvex, status: ChallengeStatus | undefined, paginationOpts: { numItems: number; cursor: string | null }) {
  return t.query(api.challenges.list, { ...(status ? { status } : {}), paginationOpts });
}

describe("a challenge with 1,000 entries and 10,000 voters, counts hidden", () => {
  const ENTRANTS = 1000;
  const VOTERS = 10_000;
  /** Works (each read of its author, tags and counters) per seeding transaction. */
  const WORK_CHUNK = 100;

  /**
   * 1,000 entrants each with a work and an entry (with its shuffle key), 10,000 voters with a
   * vote each, spread over the entries; voting open, counts hidden, entrants-only voting.
   */
  async function seedBigChallenge(t: TestConvex) {
    const organiser = await createUser(t, { displayName: "主催者" });
    const challengeId = await organiser.as.mutation(api.challenges.create, {
      title: "千人チャレンジ",
      description: "説明",
      requirements: "要件",
      endDate: "2025-01-25",
      prize: false,
      prizeDescription: "",
      tags: [],
      votingRules: { voters: "entrants", hideCounts: true },
    });
    // The challenge_created fan-out runs now, while the organiser is the only user.
    vi.advanceTimersByTime(0);
    await t.finishInProgressScheduledFunctions();
    const entrants: { userId: Id<"users">; submissionId: Id<"challengeSubmissions"> }[] = [];
    for (let start = 0; start < ENTRANTS; start += WORK_CHUNK) {
      entrants.push(
        ...(await t.run(async (ctx) => {
          const out = [];
          for (let i = start; i < start + WORK_CHUNK; i++) {
            const userId = await ctx.db.insert("users", newUserDocument({ name: `参加者${i}` }, Date.now()));
            const projectId = await insertProject(ctx, userId, { ...workInput, title: `作品${i}` }, Date.now());
            const submissionId = await ctx.db.insert("challengeSubmissions", {
              challengeId,
              projectId,
              userId,
              votesCount: 0,
              isWinner: false,
              tieOrder: -Date.now(),
              updatedAt: Date.now(),
            });
            await ctx.db.patch("challengeSubmissions", submissionId, { shuffleKey: shuffleKeyOf(submissionId) });
            out.push({ userId, submissionId });
          }
          return out;
        })),
      );
    }
    await t.run((ctx) => ctx.db.patch("challenges", challengeId, { submissionsCount: ENTRANTS }));
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    for (let start = 0; start < VOTERS; start += CHUNK) {
      await t.run(async (ctx) => {
        for (let i = start; i < start + CHUNK; i++) {
          const userId = await ctx.db.insert("users", newUserDocument({ name: `投票者${i}` }, Date.now()));
          const submissionId = entrants[i % ENTRANTS]!.submissionId;
          await ctx.db.insert("challengeVotes", { userId, submissionId, challengeId });
        }
        // Every entry got ten votes; the first one more, below.
        if (start === 0)
          for (const entrant of entrants)
            await ctx.db.patch("challengeSubmissions", entrant.submissionId, { votesCount: VOTERS / ENTRANTS });
      });
    }
    return { organiser, challengeId, entrants };
  }

  test("the shuffled entries page through every entry once; votes, the CSV, eligibility and reminders stay within the read cap", async () => {
    const t = newTest({ documentsRead: READ_CAP });
    const { organiser, challengeId, entrants } = await seedBigChallenge(t);
    // The cap is live: reading every entry with its work in one function fails.
    await expect(
      t.run(async (ctx) => {
        for (const entry of await ctx.db.query("challengeSubmissions").collect()) await ctx.db.get("projects", entry.projectId);
      }),
    ).rejects.toThrow(/Scanned too many documents/);

    const viewer = await t.run(async (ctx) => ctx.db.get("users", entrants[5]!.userId));
    const entrant = signInAs(
      t,
      viewer!._id,
      await t.run((ctx) => ctx.db.insert("authSessions", { userId: viewer!._id, expirationTime: Date.now() + 86_400_000 })),
    );
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const result: { page: { _id: string; votesCount: number | null }[]; isDone: boolean; continueCursor: string } = await entrant.query(
        api.challenges.entries,
        { challengeId, paginationOpts: { numItems: 24, cursor } },
      );
      pages++;
      for (const entry of result.page) {
        expect(seen.has(entry._id)).toBe(false);
        expect(entry.votesCount).toBeNull();
        seen.add(entry._id);
      }
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(seen.size).toBe(ENTRANTS);
    expect(pages).toBeLessThanOrEqual(Math.ceil(ENTRANTS / 24) + 1);

    // An entrant votes (the rule reads one index row); a vote answers without a count.
    expect(await entrant.mutation(api.challenges.toggleVote, { submissionId: entrants[0]!.submissionId })).toEqual({
      voted: true,
      votesCount: null,
    });
    expect(await entrant.query(api.challengeVotingRules.eligibility, { challengeId })).toEqual({ refusal: null });
    const csv = await organiser.as.query(api.challenges.exportEntries, { challengeId, paginationOpts: { numItems: 200, cursor: null } });
    expect(csv.page).toHaveLength(200);
    expect(csv.page.every((row) => row.votesCount === null)).toBe(true);

    // The voting-end reminder reaches each of the 1,000 entrants once, in batches.
    const { votingEndsAt } = (await t.run((ctx) => ctx.db.get("challenges", challengeId)))!;
    vi.advanceTimersByTime(votingEndsAt! - REMINDER_LEAD_MS - Date.now());
    await t.finishAllScheduledFunctions(vi.runAllTimers, 100);
    const reminded: Id<"users">[] = [];
    let next: string | null = null;
    for (;;) {
      const result: { page: Doc<"notifications">[]; isDone: boolean; continueCursor: string } = await t.run((ctx) =>
        ctx.db
          .query("notifications")
          .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
          .paginate({ numItems: 900, cursor: next }),
      );
      reminded.push(...result.page.filter((row) => row.type === "challenge_reminder").map((row) => row.userId));
      if (result.isDone) break;
      next = result.continueCursor;
    }
    expect(reminded).toHaveLength(ENTRANTS);
    expect(new Set(reminded)).toEqual(new Set(entrants.map((entry) => entry.userId)));
    const runs = await t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").take(READ_CAP - 1)).filter((job) => job.name.includes("challengeReminders")),
    );
    expect(runs.filter((job) => job.state.kind === "success").length).toBeGreaterThanOrEqual(ENTRANTS / REMINDER_BATCH);
  });
});
