// Notifications of one kind about one target arrive as one item ("Aさんほか2人が…"), grouped on
// write; the page filters by tab, paginated; the unread count is stored and exact.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createChallenge, dayFromToday } from "./model/challenges.testkit";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type Client = Awaited<ReturnType<typeof createUser>>;

const items = (user: Client, tab?: "like" | "comment" | "follow" | "challenge" | "badge") =>
  user.as.query(api.notifications.list, tab ? { tab } : {});
const ofType = async (user: Client, type: string) => (await items(user)).filter((n) => n.type === type);
const unread = (user: Client) => user.as.query(api.notifications.unreadCount, {});

async function followsOn(t: TestConvex, userId: Id<"users">) {
  await t.run(async (ctx) => {
    const user = (await ctx.db.get("users", userId))!;
    await ctx.db.patch("users", userId, {
      settings: { ...user.settings, notifications: { ...user.settings.notifications, follows: true } },
    });
  });
}

/** Three fans, named so the wording can be checked. */
async function fans(t: TestConvex) {
  return [
    await createUser(t, { displayName: "あおい" }),
    await createUser(t, { displayName: "けんた" }),
    await createUser(t, { displayName: "さくら" }),
  ];
}

describe("grouping on write", () => {
  test("three likes of one work are one unread item worded with the latest and the others", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId, { title: "星空タイピング" });
    const before = await unread(author);
    const people = await fans(t);
    const [first] = people;
    await first!.as.mutation(api.likes.toggle, { projectId });
    // One actor: the single wording stays.
    expect(await ofType(author, "like")).toMatchObject([
      { title: "いいねされました", message: "あなたの作品「星空タイピング」にいいねがつきました", count: 1 },
    ]);
    for (const fan of people.slice(1)) {
      vi.advanceTimersByTime(60_000);
      await fan.as.mutation(api.likes.toggle, { projectId });
    }
    const [group, ...rest] = await ofType(author, "like");
    expect(rest).toEqual([]);
    expect(group).toMatchObject({
      message: "さくらさんほか2人があなたの作品「星空タイピング」にいいねしました",
      count: 3,
      read: false,
      from: { displayName: "さくら" },
      projectId,
      createdAt: Date.now(),
    });
    // The group is one unread item.
    expect(await unread(author)).toBe(before + 1);
  });

  test("grouped per kind and per work; comments take the latest preview; each person counts once", async () => {
    const t = newTest();
    const author = await createUser(t);
    const workA = await createWork(t, author.userId, { title: "作品A" });
    const workB = await createWork(t, author.userId, { title: "作品B" });
    const [aoi, kenta] = await fans(t);
    await aoi!.as.mutation(api.likes.toggle, { projectId: workA });
    await kenta!.as.mutation(api.likes.toggle, { projectId: workA });
    await kenta!.as.mutation(api.likes.toggle, { projectId: workB });
    await aoi!.as.mutation(api.comments.add, { projectId: workA, content: "最初のコメント" });
    vi.advanceTimersByTime(10_000);
    await kenta!.as.mutation(api.comments.add, { projectId: workA, content: "けんたの感想" });
    vi.advanceTimersByTime(10_000);
    await aoi!.as.mutation(api.comments.add, { projectId: workA, content: "もう一度あおい" });

    const likes = await ofType(author, "like");
    expect(likes.map((n) => [n.projectId, n.count, n.message])).toEqual([
      [workB, 1, "あなたの作品「作品B」にいいねがつきました"],
      [workA, 2, "けんたさんほか1人があなたの作品「作品A」にいいねしました"],
    ]);
    // Three comments from two people: the latest writer and preview, counted as two people.
    expect(await ofType(author, "comment")).toMatchObject([
      {
        count: 2,
        message: "あおいさんほか1人があなたの作品「作品A」にコメントしました",
        commentPreview: "もう一度あおい",
        from: { displayName: "あおい" },
      },
    ]);
  });

  test("once the group is read, the next like starts a new group", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId, { title: "作品A" });
    const [aoi, kenta, sakura] = await fans(t);
    await aoi!.as.mutation(api.likes.toggle, { projectId });
    await kenta!.as.mutation(api.likes.toggle, { projectId });
    const [group] = await ofType(author, "like");
    const before = await unread(author);
    await author.as.mutation(api.notifications.markRead, { id: group!._id });
    expect(await unread(author)).toBe(before - 1);
    vi.advanceTimersByTime(1000);
    await sakura!.as.mutation(api.likes.toggle, { projectId });
    expect((await ofType(author, "like")).map((n) => [n.count, n.read, n.from?.displayName])).toEqual([
      [1, false, "さくら"],
      [2, true, "けんた"],
    ]);
    expect(await unread(author)).toBe(before);
  });

  test("a like taken back leaves the group (the previous liker shows); the last one takes it away", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId, { title: "作品A" });
    const [aoi, kenta] = await fans(t);
    const before = await unread(author);
    await aoi!.as.mutation(api.likes.toggle, { projectId });
    await kenta!.as.mutation(api.likes.toggle, { projectId });
    await kenta!.as.mutation(api.likes.toggle, { projectId }); // unlike
    expect(await ofType(author, "like")).toMatchObject([{ count: 1, from: { displayName: "あおい" } }]);
    await aoi!.as.mutation(api.likes.toggle, { projectId }); // unlike
    expect(await ofType(author, "like")).toEqual([]);
    expect(await unread(author)).toBe(before);
    // Liking again the same day does not notify again.
    await aoi!.as.mutation(api.likes.toggle, { projectId });
    expect(await ofType(author, "like")).toEqual([]);
  });

  test("follows: 'Aさんほか1人があなたをフォローしました', one follower keeps the single wording", async () => {
    const t = newTest();
    const me = await createUser(t);
    await followsOn(t, me.userId);
    const [aoi, kenta] = await fans(t);
    await aoi!.as.mutation(api.follows.toggle, { userId: me.userId });
    expect(await ofType(me, "follow")).toMatchObject([{ count: 1, message: "あおいさんがあなたをフォローしました" }]);
    await kenta!.as.mutation(api.follows.toggle, { userId: me.userId });
    expect(await ofType(me, "follow")).toMatchObject([{ count: 2, message: "けんたさんほか1人があなたをフォローしました" }]);
    // Unfollowing while unread takes them out again, and the wording follows.
    await kenta!.as.mutation(api.follows.toggle, { userId: me.userId });
    expect(await ofType(me, "follow")).toMatchObject([{ count: 1, message: "あおいさんがあなたをフォローしました" }]);
    expect(await unread(me)).toBe(1);
  });

  test("new challenges collapse into one item, so the bell's ten still show the personal ones", async () => {
    const t = newTest();
    const me = await createUser(t);
    const projectId = await createWork(t, me.userId, { title: "作品A" });
    const [aoi] = await fans(t);
    await aoi!.as.mutation(api.likes.toggle, { projectId });
    await aoi!.as.mutation(api.comments.add, { projectId, content: "すてき" });
    const before = await unread(me);
    // Nine challenges from three organisers (each may start three in a row).
    for (let o = 0; o < 3; o++) {
      const organiser = await createUser(t);
      for (let i = 0; i < 3; i++) await createChallenge(organiser.as, { title: `チャレンジ${o * 3 + i + 1}`, endDate: dayFromToday(7) });
    }
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const bell = await me.as.query(api.notifications.list, { limit: 10 });
    expect(bell.filter((n) => n.type === "challenge_created")).toMatchObject([
      { count: 9, title: "新しいチャレンジが9件始まりました", message: "「チャレンジ9」ほか8件が始まりました。参加してみませんか？" },
    ]);
    expect(bell.map((n) => n.type)).toEqual(expect.arrayContaining(["like", "comment"]));
    expect(await unread(me)).toBe(before + 1);
  });

  test("a deleted account leaves the groups it was in", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId, { title: "作品A" });
    const [aoi, kenta] = await fans(t);
    await aoi!.as.mutation(api.likes.toggle, { projectId });
    await kenta!.as.mutation(api.likes.toggle, { projectId });
    const before = await unread(author);
    await kenta!.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await ofType(author, "like")).toMatchObject([{ count: 1, from: { displayName: "あおい" } }]);
    expect(await unread(author)).toBe(before);
  });
});

describe("the unread count", () => {
  test("is the real number past 9, and follows reading, すべて既読 and deleting a work", async () => {
    const t = newTest();
    const author = await createUser(t);
    const works = [];
    for (let i = 0; i < 23; i++) works.push(await createWork(t, author.userId, { title: `作品${i}` }));
    const [aoi] = await fans(t);
    await author.as.mutation(api.notifications.markAllRead, {});
    expect(await unread(author)).toBe(0);
    for (const projectId of works) {
      await aoi!.as.mutation(api.likes.toggle, { projectId });
      vi.advanceTimersByTime(2000);
    }
    expect(await unread(author)).toBe(23);
    await author.as.mutation(api.notifications.markAllRead, {});
    expect(await unread(author)).toBe(0);
    vi.advanceTimersByTime(25 * 3600 * 1000);
    const [kenta] = (await fans(t)).slice(1);
    await kenta!.as.mutation(api.likes.toggle, { projectId: works[0]! });
    expect(await unread(author)).toBe(1);
    await author.as.mutation(api.projects.remove, { id: works[0]! });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await unread(author)).toBe(0);
  });

  test("signed out is 0; each user counts only their own", async () => {
    const t = newTest();
    const author = await createUser(t);
    const other = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const [aoi] = await fans(t);
    await aoi!.as.mutation(api.likes.toggle, { projectId });
    expect(await t.query(api.notifications.unreadCount, {})).toBe(0);
    expect(await unread(other)).toBe(0);
    expect(await unread(author)).toBeGreaterThan(0);
  });
});

describe("notifications.listPage", () => {
  test("one tab at a time, paginated; チャレンジ holds every challenge kind", async () => {
    const t = newTest();
    const author = await createUser(t);
    const people = await fans(t);
    const works = [];
    for (let i = 0; i < 5; i++) works.push(await createWork(t, author.userId, { title: `作品${i}` }));
    for (const projectId of works) {
      await people[0]!.as.mutation(api.likes.toggle, { projectId });
      vi.advanceTimersByTime(1000);
    }
    await people[1]!.as.mutation(api.comments.add, { projectId: works[0]!, content: "コメント" });
    await createChallenge(people[2]!.as, { title: "春のチャレンジ" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const first = await author.as.query(api.notifications.listPage, { tab: "like", paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((n) => n.projectId)).toEqual([works[4], works[3]]);
    expect(first.isDone).toBe(false);
    const seen = [...first.page];
    let cursor = first.continueCursor;
    for (;;) {
      const next = await author.as.query(api.notifications.listPage, { tab: "like", paginationOpts: { numItems: 2, cursor } });
      seen.push(...next.page);
      cursor = next.continueCursor;
      if (next.isDone) break;
    }
    expect(seen.map((n) => n.projectId)).toEqual([...works].reverse());
    expect(seen.every((n) => n.type === "like")).toBe(true);

    const comments = await author.as.query(api.notifications.listPage, { tab: "comment", paginationOpts: { numItems: 50, cursor: null } });
    expect(comments.page.map((n) => n.type)).toEqual(["comment"]);
    const challenges = await author.as.query(api.notifications.listPage, {
      tab: "challenge",
      paginationOpts: { numItems: 50, cursor: null },
    });
    expect(challenges.page.map((n) => n.type)).toEqual(["challenge_created"]);
    const all = await author.as.query(api.notifications.listPage, { paginationOpts: { numItems: 50, cursor: null } });
    expect(all.page.map((n) => n.type)).toEqual(expect.arrayContaining(["like", "comment", "challenge_created", "badge"]));
    // The page size is the server's: never more than 50.
    const big = await author.as.query(api.notifications.listPage, { paginationOpts: { numItems: 1000, cursor: null } });
    expect(big.page.length).toBeLessThanOrEqual(50);
  });

  test("signed out and another user get nothing; a nonsense page size is refused", async () => {
    const t = newTest();
    const author = await createUser(t);
    const other = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const [aoi] = await fans(t);
    await aoi!.as.mutation(api.likes.toggle, { projectId });
    const firstPage = { paginationOpts: { numItems: 10, cursor: null } };
    expect((await t.query(api.notifications.listPage, firstPage)).page).toEqual([]);
    expect((await other.as.query(api.notifications.listPage, { ...firstPage, tab: "like" })).page).toEqual([]);
    expect((await author.as.query(api.notifications.listPage, { ...firstPage, tab: "like" })).page).toHaveLength(1);
    expect(await errorOf(author.as.query(api.notifications.listPage, { paginationOpts: { numItems: 0, cursor: null } }))).toMatchObject({
      code: "INVALID_INPUT",
    });
  });
});

describe("notifications.backfillGroups", () => {
  test("older rows get their time, tab, group and place in the unread count; running it twice changes nothing", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId, { title: "古い作品" });
    const [aoi, kenta] = await fans(t);
    await author.as.mutation(api.notifications.markAllRead, {});
    // As the previous version stored them.
    await t.run(async (ctx) => {
      for (const fan of [aoi!, kenta!]) {
        await ctx.db.insert("notifications", {
          userId: author.userId,
          type: "like",
          title: "いいねされました",
          message: "あなたの作品「古い作品」にいいねがつきました",
          projectId,
          fromUserId: fan.userId,
          read: false,
        });
      }
      await ctx.db.insert("notifications", {
        userId: author.userId,
        type: "like",
        title: "t",
        message: "m",
        projectId,
        read: false,
        hidden: true,
      });
    });
    expect(await unread(author)).toBe(0);
    for (let run = 0; run < 2; run++) {
      await t.mutation(internal.notifications.backfillGroups, {});
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await unread(author)).toBe(2);
    }
    expect((await items(author, "like")).map((n) => n.from?.displayName).sort()).toEqual(["あおい", "けんた"]);
    // A new like joins one of them instead of adding a third.
    const [sakura] = (await fans(t)).slice(2);
    await sakura!.as.mutation(api.likes.toggle, { projectId });
    expect(await ofType(author, "like")).toHaveLength(2);
    expect(await unread(author)).toBe(2);
  });
});
