// Every write a person can repeat is rate limited per user (docs/decisions.md "Rate limits"):
// each limit lets its burst through, refuses the next call with a Japanese message that says
// when to try again, writes nothing for the refused call, and lets the person go on once the
// bucket has refilled. Driven through the real public functions.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { createChallenge, dayFromToday, signedInUsers, useJapanNoon } from "./model/challenges.testkit";
import { endOfJapanDay } from "./model/japanTime";
import { createWork } from "./model/works.testkit";
import { rateLimitMessage } from "./model/rateLimits";
import { errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => useJapanNoon());
afterEach(() => vi.useRealTimers());

// The wait also comes as a number, for a client that counts it down.
const RATE_LIMITED = {
  code: "RATE_LIMITED",
  message: expect.stringMatching(/^操作が多すぎます。(?:\d+秒|約\d+分|約\d+時間)後にもう一度お試しください$/),
  retryAfterMs: expect.any(Number),
};

type Case = {
  name: string;
  /** How many calls in a row are allowed at once. */
  burst: number;
  /** How long until one more call is allowed after the burst. */
  refillMs: number;
  /** Sets up what the calls need; returns the call (its n-th run) and what the calls change. */
  setup: (t: TestConvex) => Promise<{ call: (n: number) => Promise<unknown>; rows: () => Promise<unknown> }>;
};

async function twoUsers(t: TestConvex) {
  const [author, actor] = await signedInUsers(t, 2, "利用者");
  const projectId = await createWork(t, author!.userId);
  return { author: author!, actor: actor!, projectId };
}

const count = (t: TestConvex, table: "comments" | "likes" | "follows" | "challenges" | "challengeSubmissions" | "challengeVotes") =>
  t.run(async (ctx) => (await ctx.db.query(table).take(1000)).length);

const CASES: Case[] = [
  {
    name: "comment",
    burst: 5,
    refillMs: 10_000,
    setup: async (t) => {
      const { actor, projectId } = await twoUsers(t);
      return {
        call: (n) => actor.as.mutation(api.comments.add, { projectId, content: `コメント${n}` }),
        rows: () => count(t, "comments"),
      };
    },
  },
  {
    name: "like",
    burst: 30,
    refillMs: 1_000,
    setup: async (t) => {
      const { actor, projectId } = await twoUsers(t);
      return {
        call: () => actor.as.mutation(api.likes.toggle, { projectId }),
        rows: () => count(t, "likes"),
      };
    },
  },
  {
    name: "follow",
    burst: 15,
    refillMs: 2_000,
    setup: async (t) => {
      const { author, actor } = await twoUsers(t);
      return {
        call: () => actor.as.mutation(api.follows.toggle, { userId: author.userId }),
        rows: () => count(t, "follows"),
      };
    },
  },
  {
    name: "createChallenge",
    burst: 3,
    refillMs: 12 * 60_000,
    setup: async (t) => {
      const [organiser] = await signedInUsers(t, 1, "主催");
      return { call: (n) => createChallenge(organiser!.as, { title: `チャレンジ${n}` }), rows: () => count(t, "challenges") };
    },
  },
  {
    name: "enterChallenge",
    burst: 10,
    refillMs: 3_000,
    setup: async (t) => {
      const { actor } = await twoUsers(t);
      const projectId = await createWork(t, actor.userId, { title: "参加作品" });
      // One open challenge per entry: a person enters each challenge once.
      const challengeIds = await t.run(async (ctx) => {
        const ids: Id<"challenges">[] = [];
        for (let i = 0; i < 12; i++) {
          ids.push(
            await ctx.db.insert("challenges", {
              title: `チャレンジ${i}`,
              description: "説明",
              requirements: "要件",
              endDate: endOfJapanDay(dayFromToday(7)),
              prize: false,
              tags: [],
              status: "active",
              startedAt: Date.now(),
              submissionsCount: 0,
              updatedAt: Date.now(),
            }),
          );
        }
        return ids;
      });
      return {
        call: (n) => actor.as.mutation(api.challenges.enter, { challengeId: challengeIds[n]!, projectId }),
        rows: () => count(t, "challengeSubmissions"),
      };
    },
  },
  {
    name: "vote",
    burst: 30,
    refillMs: 1_000,
    setup: async (t) => {
      const [organiser, entrant, voter] = await signedInUsers(t, 3, "投票");
      const challengeId = await createChallenge(organiser!.as);
      const projectId = await createWork(t, entrant!.userId);
      const submissionId = await entrant!.as.mutation(api.challenges.enter, { challengeId, projectId });
      await organiser!.as.mutation(api.challenges.startVoting, { challengeId });
      return {
        call: () => voter!.as.mutation(api.challenges.toggleVote, { submissionId }),
        rows: async () => (await t.run((ctx) => ctx.db.get("challengeSubmissions", submissionId)))!.votesCount,
      };
    },
  },
  {
    name: "profileSave",
    burst: 10,
    refillMs: 3_000,
    setup: async (t) => {
      const [user] = await signedInUsers(t, 1, "保存");
      const profile = {
        handle: "save_user",
        bio: "AIと一緒にアプリを作るのが好きな会社員です。よろしくお願いします！",
        location: "",
        websiteUrl: "",
        githubUrl: "",
        twitterUrl: "",
      };
      return {
        call: (n) => user!.as.mutation(api.users.updateProfile, { ...profile, displayName: `名前${n}`, photo: { kind: "keep" } }),
        rows: async () => (await t.run((ctx) => ctx.db.get("users", user!.userId)))!.displayName,
      };
    },
  },
  {
    name: "settingsSave",
    burst: 30,
    refillMs: 1_000,
    setup: async (t) => {
      const [user] = await signedInUsers(t, 1, "設定");
      return {
        call: (n) =>
          user!.as.mutation(api.users.updateSettings, {
            settings: { ...DEFAULT_USER_SETTINGS, notifications: { ...DEFAULT_USER_SETTINGS.notifications, likes: n % 2 === 0 } },
          }),
        rows: async () => (await t.run((ctx) => ctx.db.get("users", user!.userId)))!.settings,
      };
    },
  },
  {
    name: "handleCheck",
    burst: 30,
    refillMs: 1_000,
    setup: async (t) => {
      const [user] = await signedInUsers(t, 1, "確認");
      // Asking writes nothing but the limiter's own count.
      return { call: (n) => user!.as.mutation(api.users.checkHandle, { handle: `handle_${n}` }), rows: () => Promise.resolve(null) };
    },
  },
  {
    name: "markRead",
    burst: 120,
    refillMs: 1_000,
    setup: async (t) => {
      const [user] = await signedInUsers(t, 1, "既読");
      return { call: () => user!.as.mutation(api.notifications.markAllRead, {}), rows: () => Promise.resolve(null) };
    },
  },
  {
    name: "removeContent",
    burst: 30,
    refillMs: 60_000,
    setup: async (t) => {
      const { actor, projectId } = await twoUsers(t);
      const commentIds = await t.run(async (ctx) => {
        const ids: Id<"comments">[] = [];
        for (let i = 0; i < 32; i++) {
          ids.push(await ctx.db.insert("comments", { projectId, userId: actor.userId, content: `消す${i}` }));
        }
        return ids;
      });
      return {
        call: (n) => actor.as.mutation(api.comments.remove, { commentId: commentIds[n]! }),
        rows: () => count(t, "comments"),
      };
    },
  },
  {
    name: "uploadDiscard",
    burst: 60,
    refillMs: 12_000,
    setup: async (t) => {
      const [user] = await signedInUsers(t, 1, "破棄");
      return { call: () => user!.as.mutation(api.screenshots.discardUploads, { storageIds: [] }), rows: () => Promise.resolve(null) };
    },
  },
];

describe("rate limits", () => {
  test.each(CASES)(
    "$name: the burst passes, the next call is refused and writes nothing, later it passes again",
    async ({ burst, refillMs, setup }) => {
      const t = newTest();
      const { call, rows } = await setup(t);
      for (let n = 0; n < burst; n++) await call(n);
      const before = await rows();
      expect(await errorOf(call(burst))).toMatchObject(RATE_LIMITED);
      expect(await rows()).toEqual(before);
      // Still refused a moment before the bucket has a token again, allowed once it has.
      vi.advanceTimersByTime(refillMs - 200);
      expect(await errorOf(call(burst))).toMatchObject(RATE_LIMITED);
      vi.advanceTimersByTime(400);
      await call(burst);
    },
  );

  test("limits are per person: one user's burst does not slow another down", async () => {
    const t = newTest();
    const { author, actor, projectId } = await twoUsers(t);
    for (let n = 0; n < 5; n++) await actor.as.mutation(api.comments.add, { projectId, content: `連投${n}` });
    expect(await errorOf(actor.as.mutation(api.comments.add, { projectId, content: "もう一つ" }))).toMatchObject(RATE_LIMITED);
    await author.as.mutation(api.comments.add, { projectId, content: "作者の返信" });
  });

  test("the wait is said as people say it: seconds under a minute, then about so many minutes or hours", () => {
    expect(rateLimitMessage(1)).toBe("操作が多すぎます。1秒後にもう一度お試しください");
    expect(rateLimitMessage(29_400)).toBe("操作が多すぎます。30秒後にもう一度お試しください");
    expect(rateLimitMessage(59_000)).toBe("操作が多すぎます。59秒後にもう一度お試しください");
    expect(rateLimitMessage(60_000)).toBe("操作が多すぎます。約1分後にもう一度お試しください");
    expect(rateLimitMessage(706_000)).toBe("操作が多すぎます。約12分後にもう一度お試しください");
    expect(rateLimitMessage(59 * 60_000)).toBe("操作が多すぎます。約59分後にもう一度お試しください");
    expect(rateLimitMessage(2 * 60 * 60_000 + 10_000)).toBe("操作が多すぎます。約2時間後にもう一度お試しください");
  });

  test("the message says how many seconds to wait", async () => {
    const t = newTest();
    const { actor, projectId } = await twoUsers(t);
    for (let n = 0; n < 5; n++) await actor.as.mutation(api.comments.add, { projectId, content: `連投${n}` });
    expect(await errorOf(actor.as.mutation(api.comments.add, { projectId, content: "待って" }))).toMatchObject({
      message: "操作が多すぎます。10秒後にもう一度お試しください",
    });
  });
});
