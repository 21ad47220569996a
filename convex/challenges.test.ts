// Challenges: creating (every form message through the server), entering, starting the vote,
// picking the winner, the summary counters, what deleting a work or an account does to entries,
// the organiser's export, the entry picker and the detail page. Voting and the entries order are
// in challenges.voting.test.ts; the 10,000-user fan-out and the 10,000-challenge list in
// challenges.scale.test.ts.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { shown } from "./model/works.testkit";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { LIMITS } from "./constants";
import { CHALLENGE_LIMITS, CHALLENGE_MESSAGES } from "./model/challengeTerms";
import { endOfJapanDay } from "./model/japanTime";
import { challengeForm, createChallenge, dayFromToday, enterNewWork, NOON_IN_JAPAN, useJapanNoon } from "./model/challenges.testkit";
import { readSiteCounter } from "./model/siteCounters";
import { uploadShot } from "./model/screenshots.testkit";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 24, cursor: null };
const DELETE_PHRASE = "DELETE MY ACCOUNT";

const challengeDoc = (t: TestConvex, id: Id<"challenges">) => t.run(async (ctx) => (await ctx.db.get("challenges", id))!);
const summaryOf = (t: TestConvex) => t.query(api.challenges.summary, {});
const notificationsOf = async (user: { as: Pick<TestConvex, "query"> }, type: string) =>
  (await user.as.query(api.notifications.list, {})).filter((n) => n.type === type);

/** Rows the create form may write: none of them may exist after a refused create. */
const createWrites = (t: TestConvex) =>
  t.run(async (ctx) => ({
    challenges: await ctx.db.query("challenges").take(10),
    counters: await readSiteCounter(ctx, "challenges_active"),
    notifications: await ctx.db.query("notifications").take(10),
    scheduled: await ctx.db.system.query("_scheduled_functions").take(10),
  }));

/** An organiser's open challenge with `entrants` entries, each a second after the last. */
async function openChallenge(t: TestConvex, entrants = 2) {
  const organiser = await createUser(t, { displayName: "主催者" });
  const challengeId = await createChallenge(organiser.as);
  const entries = [];
  for (let i = 0; i < entrants; i++) {
    vi.advanceTimersByTime(1000);
    const user = await createUser(t, { displayName: `参加者${i + 1}` });
    entries.push({ ...user, ...(await enterNewWork(t, user, challengeId, `作品${i + 1}`)) });
  }
  return { organiser, challengeId, entries };
}

/** The same, with voting started. */
async function votingChallenge(t: TestConvex, entrants = 2) {
  const open = await openChallenge(t, entrants);
  await open.organiser.as.mutation(api.challenges.startVoting, { challengeId: open.challengeId });
  return open;
}

describe("challenges.create", () => {
  test("signed out is refused and nothing is written", async () => {
    const t = newTest();
    expect(await errorOf(t.mutation(api.challenges.create, challengeForm()))).toEqual({
      code: "UNAUTHENTICATED",
      message: "チャレンジを作成するにはログインが必要です",
    });
    expect(await createWrites(t)).toEqual({ challenges: [], counters: 0, notifications: [], scheduled: [] });
  });

  test("a signed-in user opens a challenge: active, started now, cleaned input, counted in the summary", async () => {
    const t = newTest();
    const organiser = await createUser(t, { displayName: "主催者", handle: "organiser" });
    const other = await createUser(t);
    const challengeId = await createChallenge(organiser.as, {
      title: "  冬のミニゲーム  ",
      description: " 説明 ",
      requirements: " 要件 ",
      endDate: dayFromToday(7),
      prize: true,
      prizeDescription: " ギフト券 ",
      tags: [" 冬 ", "冬", "#ゲーム", ""],
    });
    const stored = await challengeDoc(t, challengeId);
    expect(stored).toMatchObject({
      userId: organiser.userId,
      title: "冬のミニゲーム",
      description: "説明",
      requirements: "要件",
      endDate: endOfJapanDay("2025-01-22"),
      prize: true,
      prizeDescription: "ギフト券",
      tags: ["冬", "ゲーム"],
      status: "active",
      startedAt: NOON_IN_JAPAN,
      submissionsCount: 0,
    });
    expect(stored.votingStartedAt).toBeUndefined();
    expect(stored.endedAt).toBeUndefined();
    expect(stored.winnerSubmissionId).toBeUndefined();
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 0, ended: 0 });

    expect(await t.query(api.challenges.get, { id: challengeId })).toEqual({
      _id: challengeId,
      title: "冬のミニゲーム",
      status: "active",
      endDate: endOfJapanDay("2025-01-22"),
    });
    const detail = await t.query(api.challenges.detail, { id: challengeId });
    expect(detail).toEqual({
      _id: challengeId,
      title: "冬のミニゲーム",
      description: "説明",
      status: "active",
      startedAt: NOON_IN_JAPAN,
      endDate: endOfJapanDay("2025-01-22"),
      submissionsCount: 0,
      prize: true,
      requirements: "要件",
      prizeDescription: "ギフト券",
      tags: ["冬", "ゲーム"],
      organiser: { _id: organiser.userId, handle: "organiser", displayName: "主催者", photoUrl: null },
      votingStartedAt: null,
      votingEndsAt: null,
      endedAt: null,
      votingRules: { voters: "anyone", hideCounts: false },
      countsHidden: false,
      viewer: null,
      moderation: null,
    });
    expect(shown(await organiser.as.query(api.challenges.detail, { id: challengeId }))?.viewer).toEqual({
      isOrganiser: true,
      entryId: null,
    });
    expect(shown(await other.as.query(api.challenges.detail, { id: challengeId }))?.viewer).toEqual({ isOrganiser: false, entryId: null });
  });

  test("prize text is not kept without a prize", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as, { prize: false, prizeDescription: "使われない" });
    expect((await challengeDoc(t, challengeId)).prizeDescription).toBeUndefined();
    expect(shown(await t.query(api.challenges.detail, { id: challengeId }))?.prizeDescription).toBeNull();
  });

  const invalid: [string, Parameters<typeof challengeForm>[0], string, string][] = [
    ["blank title", { title: "   " }, "title", "タイトルを入力してください"],
    ["title over 100", { title: "あ".repeat(LIMITS.challengeTitleMax + 1) }, "title", "タイトルは100文字以内で入力してください"],
    ["blank description", { description: "" }, "description", "説明を入力してください"],
    [
      "description over 1000",
      { description: "あ".repeat(LIMITS.challengeDescriptionMax + 1) },
      "description",
      "説明は1000文字以内で入力してください",
    ],
    ["blank requirements", { requirements: " \n " }, "requirements", "要件・ルールを入力してください"],
    [
      "requirements too long",
      { requirements: "あ".repeat(CHALLENGE_LIMITS.requirementsMax + 1) },
      "requirements",
      CHALLENGE_MESSAGES.requirementsTooLong,
    ],
    ["no end date", { endDate: "" }, "endDate", "終了日を選択してください"],
    ["a day that does not exist", { endDate: "2025-02-30" }, "endDate", "終了日を選択してください"],
    ["not a day", { endDate: "来週" }, "endDate", "終了日を選択してください"],
    ["today", { endDate: "2025-01-15" }, "endDate", "終了日は明日以降を選択してください"],
    ["yesterday", { endDate: "2025-01-14" }, "endDate", "終了日は明日以降を選択してください"],
    ["last year", { endDate: "2024-06-01" }, "endDate", "終了日は明日以降を選択してください"],
    ["over a year ahead", { endDate: dayFromToday(CHALLENGE_LIMITS.endDateMaxDays + 1) }, "endDate", CHALLENGE_MESSAGES.endDateTooLate],
    ["prize without description", { prize: true, prizeDescription: "  " }, "prizeDescription", "賞品の詳細を入力してください"],
    [
      "prize description too long",
      { prize: true, prizeDescription: "あ".repeat(CHALLENGE_LIMITS.prizeDescriptionMax + 1) },
      "prizeDescription",
      CHALLENGE_MESSAGES.prizeTooLong,
    ],
  ];

  test.each(invalid)("%s is refused with its message as a ConvexError, and nothing is written", async (_, input, field, message) => {
    const t = newTest();
    const organiser = await createUser(t);
    const refused = await organiser.as.mutation(api.challenges.create, challengeForm(input)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ name: "ConvexError" });
    expect((refused as { data: unknown }).data).toEqual({ code: "INVALID_INPUT", message, fields: { [field]: message } });
    expect(await createWrites(t)).toEqual({ challenges: [], counters: 0, notifications: [], scheduled: [] });
  });

  test("the end date is judged by the day in Japan: tomorrow just after midnight there is fine, today is not", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    // 2025-01-15 23:59 in Japan (14:59 UTC): the 16th is tomorrow.
    vi.setSystemTime(Date.parse("2025-01-15T14:59:00Z"));
    await expect(createChallenge(organiser.as, { endDate: "2025-01-16" })).resolves.toBeTypeOf("string");
    // 2025-01-16 00:00 in Japan, still the 15th in UTC: the 16th is today.
    vi.setSystemTime(Date.parse("2025-01-15T15:00:00Z"));
    expect(await errorOf(createChallenge(organiser.as, { endDate: "2025-01-16" }))).toMatchObject({
      code: "INVALID_INPUT",
      message: "終了日は明日以降を選択してください",
    });
  });

  test("several problems: the first in form order is the message, all are in fields", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const error = await errorOf(
      organiser.as.mutation(api.challenges.create, {
        title: "",
        description: "",
        requirements: "",
        endDate: "",
        prize: true,
        prizeDescription: "",
        tags: [],
      }),
    );
    expect(error).toEqual({
      code: "INVALID_INPUT",
      message: "タイトルを入力してください",
      fields: {
        title: "タイトルを入力してください",
        description: "説明を入力してください",
        requirements: "要件・ルールを入力してください",
        endDate: "終了日を選択してください",
        prizeDescription: "賞品の詳細を入力してください",
      },
    });
    expect(await createWrites(t)).toEqual({ challenges: [], counters: 0, notifications: [], scheduled: [] });
  });

  test("tags are trimmed, stripped of #, unique and never blank; more than 10 are refused", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as, { tags: [" 冬 ", "冬", "#ゲーム", ""] });
    expect((await challengeDoc(t, challengeId)).tags).toEqual(["冬", "ゲーム"]);
    expect(shown(await t.query(api.challenges.detail, { id: challengeId }))?.tags).toEqual(["冬", "ゲーム"]);
    expect(
      await errorOf(createChallenge(organiser.as, { tags: Array.from({ length: LIMITS.tagsMax + 1 }, (_, i) => `タグ${i}`) })),
    ).toMatchObject({ code: "INVALID_INPUT", fields: { tags: expect.any(String) as unknown } });
  });

  test("a burst of creates is rate limited per user; another user is not held back", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 3; i++) await createChallenge(organiser.as, { title: `チャレンジ${i}` });
    expect(await errorOf(createChallenge(organiser.as))).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^操作が多すぎます。(?:\d+秒|約\d+分|約\d+時間)後にもう一度お試しください$/) as unknown,
    });
    await expect(createChallenge(other.as)).resolves.toBeTypeOf("string");
    expect(await summaryOf(t)).toEqual({ active: 4, voting: 0, ended: 0 });
  });
});

describe("challenges.enter", () => {
  test("one entry per user: the viewer's entry shows in detail, the organiser is notified", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const entrant = await createUser(t, { displayName: "エントラント", handle: "entrant" });
    const challengeId = await createChallenge(organiser.as, { title: "冬" });
    const first = await createWork(t, entrant.userId, { title: "雪だるま" });
    const second = await createWork(t, entrant.userId, { title: "かまくら" });

    const submissionId = await entrant.as.mutation(api.challenges.enter, { challengeId, projectId: first });
    expect(await t.run((ctx) => ctx.db.get("challengeSubmissions", submissionId))).toMatchObject({
      challengeId,
      projectId: first,
      userId: entrant.userId,
      votesCount: 0,
      isWinner: false,
    });
    expect(shown(await entrant.as.query(api.challenges.detail, { id: challengeId }))?.viewer).toEqual({
      isOrganiser: false,
      entryId: submissionId,
    });
    expect(shown(await organiser.as.query(api.challenges.detail, { id: challengeId }))?.viewer).toEqual({
      isOrganiser: true,
      entryId: null,
    });
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(1);
    expect(await t.run((ctx) => readSiteCounter(ctx, "challengeSubmissions"))).toBe(1);

    const received = await notificationsOf(organiser, "challenge_submission");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      read: false,
      challengeId,
      projectId: first,
      message: "「冬」に「雪だるま」が提出されました",
      from: { _id: entrant.userId, handle: "entrant", displayName: "エントラント" },
    });

    for (const projectId of [first, second]) {
      expect(await errorOf(entrant.as.mutation(api.challenges.enter, { challengeId, projectId }))).toEqual({
        code: "CONFLICT",
        message: "既にこのチャレンジに提出しています",
      });
    }
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(1);
    expect(await notificationsOf(organiser, "challenge_submission")).toHaveLength(1);
    // The same work may go into another challenge.
    const otherChallenge = await createChallenge(organiser.as, { title: "別のチャレンジ" });
    await expect(entrant.as.mutation(api.challenges.enter, { challengeId: otherChallenge, projectId: first })).resolves.toBeTypeOf(
      "string",
    );
  });

  test("two entries by one user at once: exactly one goes in", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const entrant = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const works = [await createWork(t, entrant.userId), await createWork(t, entrant.userId)];
    const results = await Promise.allSettled(
      works.map((projectId) => entrant.as.mutation(api.challenges.enter, { challengeId, projectId })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect((rejected?.reason as { data?: unknown }).data).toEqual({ code: "CONFLICT", message: "既にこのチャレンジに提出しています" });
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(1);
    expect(await t.run((ctx) => ctx.db.query("challengeSubmissions").collect())).toHaveLength(1);
  });

  test("the organiser may not enter their own challenge: refused with the reason, nothing written", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const projectId = await createWork(t, organiser.userId);
    expect(await errorOf(organiser.as.mutation(api.challenges.enter, { challengeId, projectId }))).toEqual({
      code: "FORBIDDEN",
      message: "主催者は自分のチャレンジに応募できません",
    });
    expect(shown(await organiser.as.query(api.challenges.detail, { id: challengeId }))?.viewer).toEqual({
      isOrganiser: true,
      entryId: null,
    });
    expect(await notificationsOf(organiser, "challenge_submission")).toEqual([]);
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(0);
  });

  test("signed out, someone else's work, a missing work or challenge are refused; nothing changes", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const entrant = await createUser(t);
    const other = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const theirs = await createWork(t, other.userId);
    const mine = await createWork(t, entrant.userId);
    const goneWork = await createWork(t, entrant.userId);
    await t.run((ctx) => ctx.db.delete("projects", goneWork));
    const goneChallenge = await createChallenge(organiser.as);
    await t.run((ctx) => ctx.db.delete("challenges", goneChallenge));

    expect(await errorOf(t.mutation(api.challenges.enter, { challengeId, projectId: mine }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "チャレンジに参加するにはログインが必要です",
    });
    expect(await errorOf(entrant.as.mutation(api.challenges.enter, { challengeId, projectId: theirs }))).toEqual({
      code: "FORBIDDEN",
      message: "自分の作品だけを提出できます",
    });
    // The organiser may not enter at all, an entrant's work neither.
    expect(await errorOf(organiser.as.mutation(api.challenges.enter, { challengeId, projectId: mine }))).toEqual({
      code: "FORBIDDEN",
      message: "主催者は自分のチャレンジに応募できません",
    });
    expect(await errorOf(entrant.as.mutation(api.challenges.enter, { challengeId, projectId: goneWork }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await errorOf(entrant.as.mutation(api.challenges.enter, { challengeId: goneChallenge, projectId: mine }))).toEqual({
      code: "NOT_FOUND",
      message: "チャレンジが見つかりません",
    });
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(0);
    expect(await t.run((ctx) => ctx.db.query("challengeSubmissions").take(10))).toEqual([]);
    expect(await notificationsOf(organiser, "challenge_submission")).toEqual([]);
  });

  test("entries close at the end of the last day in Japan", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const early = await createUser(t);
    const late = await createUser(t);
    const challengeId = await createChallenge(organiser.as, { endDate: "2025-01-20" });
    const endDate = endOfJapanDay("2025-01-20");
    expect((await challengeDoc(t, challengeId)).endDate).toBe(endDate);

    vi.setSystemTime(endDate);
    await expect(enterNewWork(t, early, challengeId)).resolves.toMatchObject({ submissionId: expect.any(String) as unknown });

    vi.setSystemTime(endDate + 1);
    const projectId = await createWork(t, late.userId);
    expect(await errorOf(late.as.mutation(api.challenges.enter, { challengeId, projectId }))).toEqual({
      code: "CLOSED",
      message: "提出期限を過ぎているため提出できません",
    });
    vi.advanceTimersByTime(30 * 86_400_000);
    expect(await errorOf(late.as.mutation(api.challenges.enter, { challengeId, projectId }))).toEqual({
      code: "CLOSED",
      message: "提出期限を過ぎているため提出できません",
    });
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(1);
    // Past the deadline the organiser may still move on to voting.
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    expect((await challengeDoc(t, challengeId)).status).toBe("voting");
  });

  test("refused while voting and after the challenge ended", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await votingChallenge(t, 1);
    const late = await createUser(t);
    const projectId = await createWork(t, late.userId);
    const closed = { code: "CLOSED", message: "このチャレンジは作品の募集を終了しました" };
    expect(await errorOf(late.as.mutation(api.challenges.enter, { challengeId, projectId }))).toEqual(closed);
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: entries[0]!.submissionId });
    expect(await errorOf(late.as.mutation(api.challenges.enter, { challengeId, projectId }))).toEqual(closed);
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(1);
  });
});

describe("challenges.startVoting", () => {
  test("only the organiser, only with an entry, only once", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const entrant = await createUser(t);
    const challengeId = await createChallenge(organiser.as);

    expect(await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId }))).toEqual({
      code: "INVALID_STATE",
      message: "提出作品がないため投票期間を開始できません",
    });
    await enterNewWork(t, entrant, challengeId);
    expect(await errorOf(t.mutation(api.challenges.startVoting, { challengeId }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
    // An entrant is not the organiser.
    expect(await errorOf(entrant.as.mutation(api.challenges.startVoting, { challengeId }))).toEqual({
      code: "FORBIDDEN",
      message: "この操作はチャレンジの主催者だけが行えます",
    });
    expect((await challengeDoc(t, challengeId)).status).toBe("active");
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 0, ended: 0 });

    vi.advanceTimersByTime(5000);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    expect(await challengeDoc(t, challengeId)).toMatchObject({ status: "voting", votingStartedAt: NOON_IN_JAPAN + 5000 });
    expect(await t.query(api.challenges.detail, { id: challengeId })).toMatchObject({
      status: "voting",
      votingStartedAt: NOON_IN_JAPAN + 5000,
      endedAt: null,
    });
    expect(await summaryOf(t)).toEqual({ active: 0, voting: 1, ended: 0 });

    expect(await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId }))).toEqual({
      code: "INVALID_STATE",
      message: "投票期間を開始できるのは募集中のチャレンジだけです",
    });
    expect(await summaryOf(t)).toEqual({ active: 0, voting: 1, ended: 0 });
  });

  test("refused once ended, and for a missing challenge", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await votingChallenge(t, 1);
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: entries[0]!.submissionId });
    expect(await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId }))).toEqual({
      code: "INVALID_STATE",
      message: "投票期間を開始できるのは募集中のチャレンジだけです",
    });
    await t.run((ctx) => ctx.db.delete("challenges", challengeId));
    expect(await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId }))).toEqual({
      code: "NOT_FOUND",
      message: "チャレンジが見つかりません",
    });
  });
});

describe("the voting period", () => {
  test("runs 7 days to the end of that day in Japan unless the organiser picks 3 or 14; other lengths are refused", async () => {
    const t = newTest();
    const { organiser, challengeId } = await openChallenge(t, 1);
    expect(await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId, votingDays: 5 }))).toEqual({
      code: "INVALID_INPUT",
      message: "投票期間は3日・7日・14日から選んでください",
    });
    expect((await challengeDoc(t, challengeId)).status).toBe("active");
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    expect((await challengeDoc(t, challengeId)).votingEndsAt).toBe(endOfJapanDay(dayFromToday(7)));
    expect(await t.query(api.challenges.detail, { id: challengeId })).toMatchObject({ votingEndsAt: endOfJapanDay(dayFromToday(7)) });

    const other = await openChallenge(t, 1);
    await other.organiser.as.mutation(api.challenges.startVoting, { challengeId: other.challengeId, votingDays: 3 });
    expect((await challengeDoc(t, other.challengeId)).votingEndsAt).toBe(endOfJapanDay(dayFromToday(3)));
  });

  test("after it, votes are refused (taking one back too) and the organiser still picks the winner", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await votingChallenge(t, 2);
    const voter = await createUser(t);
    const submissionId = entries[0]!.submissionId;
    await voter.as.mutation(api.challenges.toggleVote, { submissionId });

    vi.setSystemTime(endOfJapanDay(dayFromToday(7)) + 1);
    expect(await errorOf(voter.as.mutation(api.challenges.toggleVote, { submissionId }))).toEqual({
      code: "INVALID_STATE",
      message: "投票の受付は終了しました",
    });
    expect(await errorOf(voter.as.mutation(api.challenges.toggleVote, { submissionId: entries[1]!.submissionId }))).toEqual({
      code: "INVALID_STATE",
      message: "投票の受付は終了しました",
    });
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId });
    expect((await challengeDoc(t, challengeId)).status).toBe("ended");
  });
});

describe("challenges.list order", () => {
  test("open ones by nearest deadline, then voting by nearest voting deadline, then ended newest first; a status change moves one", async () => {
    const t = newTest();
    const entrant = await createUser(t);
    // Each by their own organiser: creating challenges is rate limited per person.
    const organisers = new Map<Id<"challenges">, Awaited<ReturnType<typeof createUser>>>();
    const create = async (title: string, days: number) => {
      const organiser = await createUser(t);
      const id = await createChallenge(organiser.as, { title, endDate: dayFromToday(days) });
      organisers.set(id, organiser);
      return id;
    };
    const by = (id: Id<"challenges">) => organisers.get(id)!.as;
    await create("20日後に締切", 20);
    const sooner = await create("8日後に締切", 8);
    const votingLong = await create("投票14日", 30);
    const votingShort = await create("投票3日", 30);
    const endedFirst = await create("先に終了", 30);
    const endedLast = await create("後で終了", 30);
    for (const id of [votingLong, votingShort, endedFirst, endedLast]) await enterNewWork(t, entrant, id);
    await by(votingLong).mutation(api.challenges.startVoting, { challengeId: votingLong, votingDays: 14 });
    await by(votingShort).mutation(api.challenges.startVoting, { challengeId: votingShort, votingDays: 3 });
    for (const id of [endedFirst, endedLast]) {
      await by(id).mutation(api.challenges.startVoting, { challengeId: id });
      vi.advanceTimersByTime(60_000);
      const [entry] = (await t.query(api.challenges.entries, { challengeId: id, paginationOpts: page })).page;
      await by(id).mutation(api.challenges.selectWinner, { challengeId: id, submissionId: entry!._id });
    }
    const titles = async (status?: "active" | "voting" | "ended") =>
      (await t.query(api.challenges.list, { ...(status ? { status } : {}), paginationOpts: { numItems: 12, cursor: null } })).page.map(
        (c) => c.title,
      );
    expect(await titles()).toEqual(["8日後に締切", "20日後に締切", "投票3日", "投票14日", "後で終了", "先に終了"]);
    expect(await titles("active")).toEqual(["8日後に締切", "20日後に締切"]);
    expect(await titles("ended")).toEqual(["後で終了", "先に終了"]);

    await enterNewWork(t, entrant, sooner);
    await by(sooner).mutation(api.challenges.startVoting, { challengeId: sooner, votingDays: 7 });
    expect(await titles()).toEqual(["20日後に締切", "投票3日", "8日後に締切", "投票14日", "後で終了", "先に終了"]);
  });

  test("challenges kept from before the order existed get it from the backfill, which changes nothing twice", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const { challengeId } = await votingChallenge(t, 1);
    const open = await createChallenge(organiser.as);
    await t.run(async (ctx) => {
      for (const id of [challengeId, open])
        await ctx.db.patch("challenges", id, { listRank: undefined, listKey: undefined, votingEndsAt: undefined });
    });
    await t.mutation(internal.challenges.backfillListOrder, {});
    const voting = await challengeDoc(t, challengeId);
    // Voting opened before deadlines existed: the default 7 days from when it opened.
    expect(voting).toMatchObject({ listRank: 1, listKey: endOfJapanDay(dayFromToday(7)) });
    expect(await challengeDoc(t, open)).toMatchObject({ listRank: 0, listKey: (await challengeDoc(t, open)).endDate });
    const before = await challengeDoc(t, challengeId);
    await t.mutation(internal.challenges.backfillListOrder, {});
    expect((await challengeDoc(t, challengeId))._creationTime).toBe(before._creationTime);
    expect(await challengeDoc(t, challengeId)).toEqual(before);
  });
});

describe("challenges.selectWinner", () => {
  test("refused while entries are open, to others and signed out, and for another challenge's entry", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await openChallenge(t, 2);
    const submissionId = entries[0]!.submissionId;
    expect(await errorOf(organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId }))).toEqual({
      code: "INVALID_STATE",
      message: "優勝者を選べるのは投票期間中のチャレンジだけです",
    });
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });

    expect(await errorOf(t.mutation(api.challenges.selectWinner, { challengeId, submissionId }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
    // Not even the entrant of the entry may pick it.
    for (const user of [entries[0]!, entries[1]!, await createUser(t)]) {
      expect(await errorOf(user.as.mutation(api.challenges.selectWinner, { challengeId, submissionId }))).toEqual({
        code: "FORBIDDEN",
        message: "この操作はチャレンジの主催者だけが行えます",
      });
    }

    // Another challenge of the same organiser, also voting: its entry is not this challenge's.
    const otherChallenge = await createChallenge(organiser.as, { title: "別" });
    const stranger = await createUser(t);
    const { submissionId: otherEntry } = await enterNewWork(t, stranger, otherChallenge);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId: otherChallenge });
    expect(await errorOf(organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: otherEntry }))).toEqual({
      code: "NOT_FOUND",
      message: "提出作品が見つかりません",
    });
    // A deleted entry is not found either.
    await t.run((ctx) => ctx.db.delete("challengeSubmissions", entries[1]!.submissionId));
    expect(
      await errorOf(organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: entries[1]!.submissionId })),
    ).toEqual({ code: "NOT_FOUND", message: "提出作品が見つかりません" });

    const stored = await challengeDoc(t, challengeId);
    expect(stored.status).toBe("voting");
    expect(stored.winnerSubmissionId).toBeUndefined();
    expect(await t.run((ctx) => ctx.db.query("userBadges").collect())).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ badgeId: "challengeWinner" })]),
    );
    expect(await summaryOf(t)).toEqual({ active: 0, voting: 2, ended: 0 });
  });

  test("ends the challenge with the winner, notifies them, awards the badge once; irreversible", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await votingChallenge(t, 2);
    const [winner, runnerUp] = [entries[0]!, entries[1]!];
    vi.advanceTimersByTime(60_000);
    const endedAt = Date.now();
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: winner.submissionId });

    expect(await challengeDoc(t, challengeId)).toMatchObject({
      status: "ended",
      winnerSubmissionId: winner.submissionId,
      winnerUserId: winner.userId,
      endedAt,
    });
    expect(await t.query(api.challenges.detail, { id: challengeId })).toMatchObject({ status: "ended", endedAt });
    expect(await t.run((ctx) => ctx.db.get("challengeSubmissions", winner.submissionId))).toMatchObject({ isWinner: true });
    expect(await t.run((ctx) => ctx.db.get("challengeSubmissions", runnerUp.submissionId))).toMatchObject({ isWinner: false });
    const shown = await t.query(api.challenges.entries, { challengeId, paginationOpts: page });
    expect(shown.page.map((e) => [e._id, e.isWinner])).toEqual([
      [winner.submissionId, true],
      [runnerUp.submissionId, false],
    ]);

    const won = await notificationsOf(winner, "challenge_winner");
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ challengeId, read: false, message: "「冬のミニゲーム」で優勝しました！おめでとうございます" });
    expect(await notificationsOf(winner, "badge")).toEqual(
      expect.arrayContaining([expect.objectContaining({ badge: expect.objectContaining({ badgeId: "challengeWinner" }) as unknown })]),
    );
    const badges = await t.run((ctx) => ctx.db.query("userBadges").collect());
    expect(badges.filter((b) => b.badgeId === "challengeWinner").map((b) => b.userId)).toEqual([winner.userId]);
    expect(await notificationsOf(runnerUp, "challenge_winner")).toEqual([]);
    expect(await summaryOf(t)).toEqual({ active: 0, voting: 0, ended: 1 });

    // Irreversible: neither another entry nor the same one can be picked again.
    for (const submissionId of [runnerUp.submissionId, winner.submissionId]) {
      expect(await errorOf(organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId }))).toEqual({
        code: "INVALID_STATE",
        message: "優勝者を選べるのは投票期間中のチャレンジだけです",
      });
    }
    expect(await challengeDoc(t, challengeId)).toMatchObject({ winnerSubmissionId: winner.submissionId, endedAt });
    expect(await notificationsOf(winner, "challenge_winner")).toHaveLength(1);
    expect(await summaryOf(t)).toEqual({ active: 0, voting: 0, ended: 1 });
  });

  test("a second win notifies again but awards the badge only once", async () => {
    const t = newTest();
    const first = await votingChallenge(t, 1);
    const winner = first.entries[0]!;
    await first.organiser.as.mutation(api.challenges.selectWinner, { challengeId: first.challengeId, submissionId: winner.submissionId });
    const second = await createChallenge(first.organiser.as, { title: "二回目" });
    const { submissionId } = await enterNewWork(t, winner, second);
    await first.organiser.as.mutation(api.challenges.startVoting, { challengeId: second });
    await first.organiser.as.mutation(api.challenges.selectWinner, { challengeId: second, submissionId });
    expect(await notificationsOf(winner, "challenge_winner")).toHaveLength(2);
    const badges = await t.run((ctx) => ctx.db.query("userBadges").collect());
    expect(badges.filter((b) => b.badgeId === "challengeWinner")).toHaveLength(1);
    expect(await summaryOf(t)).toEqual({ active: 0, voting: 0, ended: 2 });
  });
});

describe("challenges.summary", () => {
  test("counters follow each challenge through active → voting → ended", async () => {
    const t = newTest();
    expect(await summaryOf(t)).toEqual({ active: 0, voting: 0, ended: 0 });
    const organiser = await createUser(t);
    const entrant = await createUser(t);
    const a = await createChallenge(organiser.as, { title: "A" });
    const b = await createChallenge(organiser.as, { title: "B" });
    const c = await createChallenge(organiser.as, { title: "C" });
    expect(await summaryOf(t)).toEqual({ active: 3, voting: 0, ended: 0 });
    const entryA = await enterNewWork(t, entrant, a);
    await enterNewWork(t, entrant, b);
    expect(await summaryOf(t)).toEqual({ active: 3, voting: 0, ended: 0 });
    await organiser.as.mutation(api.challenges.startVoting, { challengeId: a });
    expect(await summaryOf(t)).toEqual({ active: 2, voting: 1, ended: 0 });
    await organiser.as.mutation(api.challenges.startVoting, { challengeId: b });
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 2, ended: 0 });
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId: a, submissionId: entryA.submissionId });
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 1, ended: 1 });
    // Refused transitions leave the counters alone.
    await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId: c }));
    await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId: a }));
    await errorOf(organiser.as.mutation(api.challenges.selectWinner, { challengeId: a, submissionId: entryA.submissionId }));
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 1, ended: 1 });
  });
});

describe("deleting a work or an account", () => {
  test("deleting a work removes its entry and the entry's votes, and lowers the challenge's count", async () => {
    const t = newTest();
    const { challengeId, entries } = await votingChallenge(t, 2);
    const [gone, kept] = [entries[0]!, entries[1]!];
    const voters = [await createUser(t), await createUser(t), await createUser(t)];
    for (const voter of voters) await voter.as.mutation(api.challenges.toggleVote, { submissionId: gone.submissionId });
    await voters[0]!.as.mutation(api.challenges.toggleVote, { submissionId: kept.submissionId });
    expect(await t.run((ctx) => readSiteCounter(ctx, "challengeSubmissions"))).toBe(2);

    await gone.as.mutation(api.projects.remove, { id: gone.projectId });
    // At once the entry disappears from the grid, before the cleanup runs.
    expect((await t.query(api.challenges.entries, { challengeId, paginationOpts: page })).page.map((e) => e._id)).toEqual([
      kept.submissionId,
    ]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const left = await t.run(async (ctx) => ({
      submissions: await ctx.db.query("challengeSubmissions").collect(),
      votes: await ctx.db.query("challengeVotes").collect(),
    }));
    expect(left.submissions.map((s) => s._id)).toEqual([kept.submissionId]);
    expect(left.votes.map((v) => [v.userId, v.submissionId])).toEqual([[voters[0]!.userId, kept.submissionId]]);
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(1);
    expect(shown(await t.query(api.challenges.detail, { id: challengeId }))?.submissionsCount).toBe(1);
    expect(await t.run((ctx) => readSiteCounter(ctx, "challengeSubmissions"))).toBe(1);
    expect(shown(await gone.as.query(api.challenges.detail, { id: challengeId }))?.viewer).toEqual({ isOrganiser: false, entryId: null });
    expect(await t.run((ctx) => ctx.db.get("challengeSubmissions", kept.submissionId))).toMatchObject({ votesCount: 1 });
  });

  test("deleting an account removes their entries and votes, and keeps challenges they organised", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await votingChallenge(t, 2);
    const [leaver, stayer] = [entries[0]!, entries[1]!];
    const fan = await createUser(t);
    await fan.as.mutation(api.challenges.toggleVote, { submissionId: leaver.submissionId });
    await leaver.as.mutation(api.challenges.toggleVote, { submissionId: stayer.submissionId });
    await fan.as.mutation(api.challenges.toggleVote, { submissionId: stayer.submissionId });
    // The leaver also organised a challenge with someone else's entry.
    const organised = await createChallenge(leaver.as, { title: "退会者のチャレンジ" });
    const { submissionId: strangerEntry } = await enterNewWork(t, stayer, organised);
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 1, ended: 0 });

    await leaver.as.mutation(api.account.deleteAccount, { confirmation: DELETE_PHRASE });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const left = await t.run(async (ctx) => ({
      submissions: await ctx.db.query("challengeSubmissions").collect(),
      votes: await ctx.db.query("challengeVotes").collect(),
    }));
    expect(left.submissions.map((s) => s._id).sort()).toEqual([stayer.submissionId, strangerEntry].sort());
    expect(left.votes.map((v) => [v.userId, v.submissionId])).toEqual([[fan.userId, stayer.submissionId]]);
    expect(await t.run((ctx) => ctx.db.get("challengeSubmissions", stayer.submissionId))).toMatchObject({ votesCount: 1 });
    expect((await challengeDoc(t, challengeId)).submissionsCount).toBe(1);
    expect(await t.run((ctx) => readSiteCounter(ctx, "challengeSubmissions"))).toBe(2);

    // Their challenge stays, open, with its entry, organised by 退会したユーザー.
    expect(await t.query(api.challenges.detail, { id: organised })).toMatchObject({
      title: "退会者のチャレンジ",
      status: "active",
      submissionsCount: 1,
      organiser: { _id: null, handle: null, displayName: "退会したユーザー", photoUrl: null },
    });
    expect(shown(await stayer.as.query(api.challenges.detail, { id: organised }))?.viewer).toEqual({
      isOrganiser: false,
      entryId: strangerEntry,
    });
    expect((await challengeDoc(t, organised)).userId).toBeUndefined();
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 1, ended: 0 });
    // The other challenge goes on: its organiser can still pick a winner.
    await organiser.as.mutation(api.challenges.selectWinner, { challengeId, submissionId: stayer.submissionId });
    expect(await summaryOf(t)).toEqual({ active: 1, voting: 0, ended: 1 });
  });
});

describe("challenges.exportEntries", () => {
  test("the organiser gets the rows in vote order; others and visitors are refused", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await votingChallenge(t, 3);
    const voters = [await createUser(t), await createUser(t)];
    for (const voter of voters) await voter.as.mutation(api.challenges.toggleVote, { submissionId: entries[2]!.submissionId });
    await voters[0]!.as.mutation(api.challenges.toggleVote, { submissionId: entries[1]!.submissionId });

    const shown = await t.query(api.challenges.entries, { challengeId, paginationOpts: page });
    const enteredAt = new Map(shown.page.map((e) => [e._id, e.enteredAt]));
    const exported = await organiser.as.query(api.challenges.exportEntries, {
      challengeId,
      paginationOpts: { numItems: 200, cursor: null },
    });
    expect(exported.isDone).toBe(true);
    const row = (i: number, votesCount: number) => ({
      title: `作品${i + 1}`,
      author: `参加者${i + 1}`,
      projectId: entries[i]!.projectId,
      votesCount,
      enteredAt: enteredAt.get(entries[i]!.submissionId),
    });
    expect(exported.page).toEqual([row(2, 2), row(1, 1), row(0, 0)]);
    expect(exported.page.every((r) => typeof r.enteredAt === "number")).toBe(true);
    // Paged: two, then the rest.
    const first = await organiser.as.query(api.challenges.exportEntries, { challengeId, paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((r) => r.title)).toEqual(["作品3", "作品2"]);
    const rest = await organiser.as.query(api.challenges.exportEntries, {
      challengeId,
      paginationOpts: { numItems: 2, cursor: first.continueCursor },
    });
    expect(rest.page.map((r) => r.title)).toEqual(["作品1"]);

    for (const user of [entries[0]!, voters[0]!]) {
      expect(await errorOf(user.as.query(api.challenges.exportEntries, { challengeId, paginationOpts: page }))).toEqual({
        code: "FORBIDDEN",
        message: "この操作はチャレンジの主催者だけが行えます",
      });
    }
    expect(await errorOf(t.query(api.challenges.exportEntries, { challengeId, paginationOpts: page }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  test("an entrant who left shows as 退会したユーザー until their entry is purged", async () => {
    const t = newTest();
    const { organiser, challengeId, entries } = await openChallenge(t, 1);
    await t.run((ctx) => ctx.db.delete("users", entries[0]!.userId));
    const exported = await organiser.as.query(api.challenges.exportEntries, { challengeId, paginationOpts: page });
    expect(exported.page).toEqual([expect.objectContaining({ title: "作品1", author: "退会したユーザー", votesCount: 0 })]);
  });
});

describe("challenges.pickableWorks", () => {
  test("the caller's own works, newest first, with a thumbnail when there is one; nothing for a visitor", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const older = await createWork(t, me.userId, { title: "古い作品" });
    vi.advanceTimersByTime(1000);
    await createWork(t, other.userId, { title: "他人の作品" });
    vi.advanceTimersByTime(1000);
    const shot = await uploadShot(t, me.as);
    const newer = await createWork(t, me.userId, { title: "新しい作品", screenshots: [shot] });

    const works = await me.as.query(api.challenges.pickableWorks, {});
    expect(works.map((w) => [w._id, w.title])).toEqual([
      [newer, "新しい作品"],
      [older, "古い作品"],
    ]);
    expect(works[0]!.thumbnailUrl).toEqual(expect.any(String));
    expect(works[1]!.thumbnailUrl).toBeNull();
    expect(await t.query(api.challenges.pickableWorks, {})).toEqual([]);
    expect((await other.as.query(api.challenges.pickableWorks, {})).map((w) => w.title)).toEqual(["他人の作品"]);
    expect(await (await createUser(t)).as.query(api.challenges.pickableWorks, {})).toEqual([]);
  });
});

describe("challenges.get and challenges.detail", () => {
  test("null for a malformed id, an id of another table and a deleted challenge", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const projectId = await createWork(t, organiser.userId);
    await t.run((ctx) => ctx.db.delete("challenges", challengeId));
    for (const id of ["", "not-an-id", "../challenges", projectId, challengeId]) {
      expect(await t.query(api.challenges.get, { id }), id).toBeNull();
      expect(await t.query(api.challenges.detail, { id }), id).toBeNull();
      expect(await organiser.as.query(api.challenges.detail, { id }), id).toBeNull();
    }
    expect(await errorOf(t.query(api.challenges.entries, { challengeId, paginationOpts: page }))).toEqual({
      code: "NOT_FOUND",
      message: "チャレンジが見つかりません",
    });
  });

  test("get gives the posting wizard the title, status and end", async () => {
    const t = newTest();
    const { organiser, challengeId } = await votingChallenge(t, 1);
    expect(await organiser.as.query(api.challenges.get, { id: challengeId })).toEqual({
      _id: challengeId,
      title: "冬のミニゲーム",
      status: "voting",
      endDate: endOfJapanDay(dayFromToday(7)),
    });
  });
});
