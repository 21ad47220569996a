// Challenge reminders: entrants hear 24 hours before entries close and 24 hours before voting
// ends, once each; a moved deadline moves the scheduled send instead of adding one; the
// recipient's settings are honoured. The 1,000-entrant fan-out is in challenges.scale.test.ts.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { REMINDER_LEAD_MS, syncReminders } from "./model/challengeReminders";
import { createChallenge, enterNewWork, useJapanNoon } from "./model/challenges.testkit";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { createUser, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

const reminderJobs = (t: TestConvex) =>
  t.run(async (ctx) =>
    (await ctx.db.system.query("_scheduled_functions").take(200))
      .filter((job) => job.name.includes("challengeReminders"))
      .map((job) => ({ state: job.state.kind, at: job.scheduledTime, kind: (job.args[0] as { kind: string }).kind })),
  );
const pendingJobs = async (t: TestConvex) => (await reminderJobs(t)).filter((job) => job.state === "pending");
const reminderRows = (t: TestConvex, challengeId: Id<"challenges">) =>
  t.run(async (ctx) => (await ctx.db.query("challengeReminders").take(20)).filter((row) => row.challengeId === challengeId));
const challengeDoc = (t: TestConvex, id: Id<"challenges">) => t.run(async (ctx) => (await ctx.db.get("challenges", id))!);
const remindersOf = async (user: { as: Pick<TestConvex, "query"> }) =>
  (await user.as.query(api.notifications.list, {})).filter((n) => n.type === "challenge_reminder");

/** Runs what is due by `time` (and nothing later). */
async function runUntil(t: TestConvex, time: number) {
  vi.advanceTimersByTime(Math.max(0, time - Date.now()));
  await t.finishInProgressScheduledFunctions();
}

async function openChallenge(t: TestConvex, entrants = 2) {
  const organiser = await createUser(t, { displayName: "主催者" });
  const challengeId = await createChallenge(organiser.as, { title: "冬のミニゲーム" });
  const entries = [];
  for (let i = 0; i < entrants; i++) {
    const user = await createUser(t, { displayName: `参加者${i + 1}` });
    entries.push({ ...user, ...(await enterNewWork(t, user, challengeId, `作品${i + 1}`)) });
  }
  return { organiser, challengeId, entries };
}

describe("entry deadline reminder", () => {
  test("scheduled once at creation for 24 hours before the end; entrants (not the organiser or others) hear it once", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await openChallenge(t, 2);
    const bystander = await createUser(t);
    const { endDate } = await challengeDoc(t, challengeId);
    expect(await pendingJobs(t)).toEqual([{ state: "pending", at: endDate - REMINDER_LEAD_MS, kind: "entry_deadline" }]);
    expect(await reminderRows(t, challengeId)).toMatchObject([{ kind: "entry_deadline", dueAt: endDate - REMINDER_LEAD_MS }]);

    await runUntil(t, endDate - REMINDER_LEAD_MS - 1);
    expect(await remindersOf(entries[0]!)).toEqual([]);
    await runUntil(t, endDate - REMINDER_LEAD_MS);
    for (const entrant of entries) {
      expect(await remindersOf(entrant)).toMatchObject([
        {
          title: "チャレンジの提出期限まであと24時間です",
          message: "「冬のミニゲーム」の作品募集は24時間後に締め切られます",
          challengeId,
          read: false,
        },
      ]);
    }
    expect(await remindersOf(organiser)).toEqual([]);
    expect(await remindersOf(bystander)).toEqual([]);
    // Listed under the チャレンジ tab.
    const tab = await entries[0]!.as.query(api.notifications.listPage, {
      tab: "challenge",
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(tab.page.map((item) => item.type)).toContain("challenge_reminder");
    // Syncing again after it went out sends and schedules nothing more.
    await t.run(async (ctx) => syncReminders(ctx, (await ctx.db.get("challenges", challengeId))!));
    await runUntil(t, endDate);
    expect(await pendingJobs(t)).toEqual([]);
    expect(await remindersOf(entries[0]!)).toHaveLength(1);
  });

  test("judges who accepted hear it too; an invitation not yet answered does not", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await openChallenge(t, 1);
    const judge = await createUser(t, { displayName: "審査員", handle: "judge_one" });
    const invited = await createUser(t, { displayName: "招待中", handle: "judge_two" });
    const judging = { criteria: [{ name: "アイデア", description: "発想の新しさ", weight: 1 }], judgeWeight: 70 };
    await organiser.as.mutation(api.judging.setJudging, { challengeId, judging });
    await organiser.as.mutation(api.judging.invite, { challengeId, handle: "judge_one" });
    await organiser.as.mutation(api.judging.invite, { challengeId, handle: "judge_two" });
    await judge.as.mutation(api.judging.respond, { challengeId, accept: true });
    const { endDate } = await challengeDoc(t, challengeId);
    await runUntil(t, endDate - REMINDER_LEAD_MS);
    // The judges come after the entrants, in the fan-out's next batch.
    await runUntil(t, Date.now() + 1);
    expect(await remindersOf(judge)).toHaveLength(1);
    expect(await remindersOf(entries[0]!)).toHaveLength(1);
    expect(await remindersOf(invited)).toEqual([]);
  });

  test("a moved deadline moves the one scheduled send (the old one is cancelled), never adds a second", async () => {
    const t = newTest();
    const { challengeId, entries } = await openChallenge(t, 1);
    const { endDate } = await challengeDoc(t, challengeId);
    const later = endDate + 2 * 86_400_000;
    for (const moved of [later, later, endDate + 86_400_000]) {
      await t.run(async (ctx) => {
        await ctx.db.patch("challenges", challengeId, { endDate: moved });
        await syncReminders(ctx, (await ctx.db.get("challenges", challengeId))!);
      });
    }
    const final = endDate + 86_400_000 - REMINDER_LEAD_MS;
    expect(await pendingJobs(t)).toEqual([{ state: "pending", at: final, kind: "entry_deadline" }]);
    expect((await reminderJobs(t)).filter((job) => job.state === "canceled")).toHaveLength(2);
    expect(await reminderRows(t, challengeId)).toHaveLength(1);
    // The old time passes quietly; the new one sends once.
    await runUntil(t, endDate - REMINDER_LEAD_MS);
    expect(await remindersOf(entries[0]!)).toEqual([]);
    await runUntil(t, final);
    expect(await remindersOf(entries[0]!)).toHaveLength(1);
  });

  test("honours the entrant's setting", async () => {
    const t = newTest();
    const { challengeId, entries } = await openChallenge(t, 2);
    await t.run((ctx) =>
      ctx.db.patch("users", entries[0]!.userId, {
        settings: { ...DEFAULT_USER_SETTINGS, notifications: { ...DEFAULT_USER_SETTINGS.notifications, challengeReminders: false } },
      }),
    );
    const { endDate } = await challengeDoc(t, challengeId);
    await runUntil(t, endDate - REMINDER_LEAD_MS);
    expect(await remindersOf(entries[0]!)).toEqual([]);
    expect(await remindersOf(entries[1]!)).toHaveLength(1);
  });
});

describe("voting end reminder", () => {
  test("opening voting cancels the entry reminder and schedules one for 24 hours before voting ends; sent once", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await openChallenge(t, 2);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId, votingDays: 3 });
    const { votingEndsAt } = await challengeDoc(t, challengeId);
    const due = votingEndsAt! - REMINDER_LEAD_MS;
    expect(await pendingJobs(t)).toEqual([{ state: "pending", at: due, kind: "voting_end" }]);
    expect(await reminderRows(t, challengeId)).toMatchObject([{ kind: "voting_end", dueAt: due }]);

    await runUntil(t, due);
    await runUntil(t, votingEndsAt! + 10 * 86_400_000);
    for (const entrant of entries) {
      expect(await remindersOf(entrant)).toMatchObject([
        {
          title: "チャレンジの投票終了まであと24時間です",
          message: "「冬のミニゲーム」の投票は24時間後に締め切られます。投票をお忘れなく",
        },
      ]);
    }
    expect(await remindersOf(organiser)).toEqual([]);
  });

  test("picking the winner early cancels it", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await openChallenge(t, 1);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: entries[0]!.submissionId });
    expect(await pendingJobs(t)).toEqual([]);
    expect(await reminderRows(t, challengeId)).toEqual([]);
    await runUntil(t, Date.now() + 30 * 86_400_000);
    expect(await remindersOf(entries[0]!)).toEqual([]);
  });

  test("a deleted challenge sends nothing and its reminder row goes when due", async () => {
    const t = newTest();
    const { challengeId, entries } = await openChallenge(t, 1);
    const { endDate } = await challengeDoc(t, challengeId);
    await t.run((ctx) => ctx.db.delete("challenges", challengeId));
    await runUntil(t, endDate);
    expect(await remindersOf(entries[0]!)).toEqual([]);
    expect(await reminderRows(t, challengeId)).toEqual([]);
  });

  test("a challenge hidden by a moderator sends nothing", async () => {
    const t = newTest();
    const { challengeId, entries } = await openChallenge(t, 1);
    await t.run((ctx) => ctx.db.patch("challenges", challengeId, { hidden: true }));
    const { endDate } = await challengeDoc(t, challengeId);
    await runUntil(t, endDate);
    expect(await remindersOf(entries[0]!)).toEqual([]);
  });
});
