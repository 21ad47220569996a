import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";
import { PRIVATE_FOLLOW_MESSAGE } from "./follows";
import { readUserStats } from "./model/userStats";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 20, cursor: null };

const countsOf = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) => {
    const stats = await readUserStats(ctx, userId);
    return { followers: stats.followersCount, following: stats.followingCount };
  });

const followNotifications = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) =>
    (
      await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(50)
    ).filter((n) => n.type === "follow"),
  );

async function wantsFollowNotifications(t: TestConvex, userId: Id<"users">) {
  await t.run(async (ctx) => {
    const user = (await ctx.db.get("users", userId))!;
    await ctx.db.patch("users", userId, {
      settings: { ...user.settings, notifications: { ...user.settings.notifications, follows: true } },
    });
  });
}

describe("follows.toggle", () => {
  test("follow, unfollow, follow again: exact counts on both users and in getProfile", async () => {
    const t = newTest();
    const a = await createUser(t, { handle: "creator_a" });
    const b = await createUser(t);
    expect(await b.as.mutation(api.follows.toggle, { userId: a.userId })).toEqual({ following: true, followersCount: 1 });
    expect(await countsOf(t, a.userId)).toEqual({ followers: 1, following: 0 });
    expect(await countsOf(t, b.userId)).toEqual({ followers: 0, following: 1 });
    expect(await b.as.query(api.users.getProfile, { id: "creator_a" })).toMatchObject({
      viewerFollows: true,
      followersCount: 1,
      followingCount: 0,
    });

    expect(await b.as.mutation(api.follows.toggle, { userId: a.userId })).toEqual({ following: false, followersCount: 0 });
    expect(await countsOf(t, a.userId)).toEqual({ followers: 0, following: 0 });
    expect(await countsOf(t, b.userId)).toEqual({ followers: 0, following: 0 });
    expect(await b.as.query(api.users.getProfile, { id: "creator_a" })).toMatchObject({ viewerFollows: false });

    await b.as.mutation(api.follows.toggle, { userId: a.userId });
    expect(await countsOf(t, a.userId)).toEqual({ followers: 1, following: 0 });
    // Visitors and the owner are not told about following.
    expect(await t.query(api.users.getProfile, { id: "creator_a" })).not.toHaveProperty("viewerFollows");
    expect(await a.as.query(api.users.getProfile, { id: "creator_a" })).not.toHaveProperty("viewerFollows");
  });

  test("refused signed out, for oneself and for a user who does not exist; nothing changes", async () => {
    const t = newTest();
    const a = await createUser(t);
    const gone = await createUser(t);
    await t.run((ctx) => ctx.db.delete("users", gone.userId));
    expect(await errorOf(t.mutation(api.follows.toggle, { userId: a.userId }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "フォローするにはログインが必要です",
    });
    expect(await errorOf(a.as.mutation(api.follows.toggle, { userId: a.userId }))).toEqual({
      code: "INVALID_INPUT",
      message: "自分自身をフォローすることはできません",
    });
    expect(await errorOf(a.as.mutation(api.follows.toggle, { userId: gone.userId }))).toEqual({
      code: "NOT_FOUND",
      message: "ユーザーが見つかりませんでした",
    });
    expect(await countsOf(t, a.userId)).toEqual({ followers: 0, following: 0 });
    expect(await t.run((ctx) => ctx.db.query("follows").take(10))).toEqual([]);
  });

  test("notifies only a user who turned follow notifications on, and a toggle loop never piles them up", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t, { displayName: "ビー" });
    expect(DEFAULT_USER_SETTINGS.notifications.follows).toBe(false);
    await b.as.mutation(api.follows.toggle, { userId: a.userId });
    expect(await followNotifications(t, a.userId)).toHaveLength(0);
    await b.as.mutation(api.follows.toggle, { userId: a.userId });

    await wantsFollowNotifications(t, a.userId);
    for (let i = 0; i < 5; i++) await b.as.mutation(api.follows.toggle, { userId: a.userId });
    const notifications = await followNotifications(t, a.userId);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ fromUserId: b.userId, message: "ビーさんがあなたをフォローしました", read: false });
    // Unfollowing takes the unread notification back.
    await b.as.mutation(api.follows.toggle, { userId: a.userId });
    expect(await followNotifications(t, a.userId)).toHaveLength(0);
  });

  test("a burst of toggles is rate limited with a Japanese message, then allowed again", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    let refused: unknown = null;
    for (let i = 0; i < 40 && refused === null; i++) {
      try {
        await b.as.mutation(api.follows.toggle, { userId: a.userId });
      } catch (error) {
        refused = (error as { data?: unknown }).data;
      }
    }
    expect(refused).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^操作が多すぎます。(?:\d+秒|約\d+分|約\d+時間)後にもう一度お試しください$/) as unknown,
    });
    vi.advanceTimersByTime(60_000);
    await expect(b.as.mutation(api.follows.toggle, { userId: a.userId })).resolves.toMatchObject({
      followersCount: expect.any(Number) as unknown,
    });
  });
});

describe("follows.toggle on a private profile", () => {
  test("nobody new can follow it; a follow from before can be undone; its counts stay unsaid", async () => {
    const t = newTest();
    const a = await createUser(t, { handle: "quiet_one" });
    const before = await createUser(t);
    const later = await createUser(t);
    await before.as.mutation(api.follows.toggle, { userId: a.userId });
    await a.as.mutation(api.users.updateSettings, {
      settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, profileVisibility: "private" } },
    });

    await expect(later.as.mutation(api.follows.toggle, { userId: a.userId })).rejects.toThrow(PRIVATE_FOLLOW_MESSAGE);
    expect(await countsOf(t, a.userId)).toEqual({ followers: 1, following: 0 });

    expect(await before.as.mutation(api.follows.toggle, { userId: a.userId })).toEqual({ following: false, followersCount: null });
    expect(await countsOf(t, a.userId)).toEqual({ followers: 0, following: 0 });
    await expect(before.as.mutation(api.follows.toggle, { userId: a.userId })).rejects.toThrow(PRIVATE_FOLLOW_MESSAGE);
  });

  test("in someone's following list it shows only avatar and name", async () => {
    const t = newTest();
    const a = await createUser(t, { handle: "quiet_one", displayName: "エー" });
    const fan = await createUser(t);
    await fan.as.mutation(api.follows.toggle, { userId: a.userId });
    await a.as.mutation(api.users.updateSettings, {
      settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, profileVisibility: "private" } },
    });
    const list = await t.query(api.follows.listFollowing, { userId: fan.userId, paginationOpts: page });
    expect(list.page).toEqual([{ _id: a.userId, handle: null, displayName: "エー", photoUrl: null, bio: "" }]);
  });
});

describe("follows.listFollowers / listFollowing", () => {
  test("newest first, as creator cards, hidden from others on a private profile", async () => {
    const t = newTest();
    const a = await createUser(t, { displayName: "エー" });
    const b = await createUser(t, { displayName: "ビー" });
    const c = await createUser(t, { displayName: "シー" });
    await b.as.mutation(api.follows.toggle, { userId: a.userId });
    vi.advanceTimersByTime(1000);
    await c.as.mutation(api.follows.toggle, { userId: a.userId });
    await a.as.mutation(api.follows.toggle, { userId: c.userId });

    const followers = await t.query(api.follows.listFollowers, { userId: a.userId, paginationOpts: page });
    expect(followers.page.map((u) => u.displayName)).toEqual(["シー", "ビー"]);
    expect(followers.page[0]).toEqual({ _id: c.userId, handle: null, displayName: "シー", photoUrl: null, bio: "" });
    expect((await t.query(api.follows.listFollowing, { userId: a.userId, paginationOpts: page })).page.map((u) => u._id)).toEqual([
      c.userId,
    ]);

    await a.as.mutation(api.users.updateSettings, {
      settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, profileVisibility: "private" } },
    });
    expect((await b.as.query(api.follows.listFollowers, { userId: a.userId, paginationOpts: page })).page).toEqual([]);
    expect((await t.query(api.follows.listFollowing, { userId: a.userId, paginationOpts: page })).page).toEqual([]);
    expect((await a.as.query(api.follows.listFollowers, { userId: a.userId, paginationOpts: page })).page).toHaveLength(2);
  });

  test("pages are at most 20, and a nonsense page size is refused", async () => {
    const t = newTest();
    const star = await createUser(t);
    for (let i = 0; i < 25; i++) {
      const fan = await createUser(t);
      await fan.as.mutation(api.follows.toggle, { userId: star.userId });
    }
    const first = await t.query(api.follows.listFollowers, { userId: star.userId, paginationOpts: { numItems: 1000, cursor: null } });
    expect(first.page).toHaveLength(20);
    const second = await t.query(api.follows.listFollowers, {
      userId: star.userId,
      paginationOpts: { numItems: 20, cursor: first.continueCursor },
    });
    expect(second.page).toHaveLength(5);
    expect(
      await errorOf(t.query(api.follows.listFollowers, { userId: star.userId, paginationOpts: { numItems: -1, cursor: null } })),
    ).toEqual({
      code: "INVALID_INPUT",
      message: "ページの件数が正しくありません",
    });
  });
});
