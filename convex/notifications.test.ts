import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { awardBadge } from "./model/badges";
import { deliver } from "./model/notificationGroups";
import { notify } from "./model/notifications";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** `n` unread notifications for a user, each a second newer than the last. */
async function addNotifications(t: TestConvex, userId: Id<"users">, n: number) {
  for (let from = 0; from < n; from += 500) {
    await t.run(async (ctx) => {
      for (let i = from; i < Math.min(n, from + 500); i++) {
        await deliver(ctx, { userId, type: "badge", title: "t", message: `通知${i}` });
      }
    });
  }
}

const anyUnread = (t: TestConvex, userId: Id<"users">) =>
  t.run((ctx) =>
    ctx.db
      .query("notifications")
      .withIndex("by_userId_and_read", (q) => q.eq("userId", userId).eq("read", false))
      .first(),
  );

describe("notifications.list and unreadCount", () => {
  test("the owner's newest first, with sender, preview and badge joined; nothing for a visitor", async () => {
    const t = newTest();
    const author = await createUser(t, { handle: "author" });
    const fan = await createUser(t, { displayName: "ファン", handle: "fan_1" });
    const projectId = await createWork(t, author.userId, { title: "作品A" });
    await fan.as.mutation(api.likes.toggle, { projectId });
    vi.advanceTimersByTime(1000);
    await fan.as.mutation(api.comments.add, { projectId, content: "素敵な作品です" });
    vi.advanceTimersByTime(1000);
    await t.run((ctx) => awardBadge(ctx, author.userId, "popularCreator"));

    const items = await author.as.query(api.notifications.list, {});
    expect(items.map((n) => n.type)).toEqual(["badge", "comment", "like", "badge"]);
    expect(items[0]).toMatchObject({
      read: false,
      from: null,
      badge: { badgeId: "popularCreator", name: "人気クリエイター", color: "red" },
    });
    expect(items[1]).toMatchObject({
      commentPreview: "素敵な作品です",
      from: { _id: fan.userId, handle: "fan_1", displayName: "ファン" },
      projectId,
      challengeId: null,
    });
    expect(await author.as.query(api.notifications.unreadCount, {})).toBe(4);
    expect(await author.as.query(api.notifications.list, { limit: 2 })).toHaveLength(2);
    // Signed out: nothing; another user: only their own (none).
    expect(await t.query(api.notifications.list, {})).toEqual([]);
    expect(await t.query(api.notifications.unreadCount, {})).toBe(0);
    expect(await fan.as.query(api.notifications.list, {})).toEqual([]);
  });

  test("at most 50 listed, and the unread count is the real number (the bell's badge shows 9+)", async () => {
    const t = newTest();
    const me = await createUser(t);
    await addNotifications(t, me.userId, 60);
    expect(await me.as.query(api.notifications.list, { limit: 1000 })).toHaveLength(50);
    expect(await me.as.query(api.notifications.list, { limit: -5 })).toHaveLength(1);
    expect(await me.as.query(api.notifications.unreadCount, {})).toBe(60);
  });
});

describe("notifications.markRead and markAllRead", () => {
  test("marks one's own; another user's id is refused and nothing changes", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    await addNotifications(t, me.userId, 2);
    const [first] = await me.as.query(api.notifications.list, {});
    expect(await errorOf(other.as.mutation(api.notifications.markRead, { id: first!._id }))).toEqual({
      code: "NOT_FOUND",
      message: "通知が見つかりません",
    });
    expect(await errorOf(t.mutation(api.notifications.markRead, { id: first!._id }))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await me.as.query(api.notifications.unreadCount, {})).toBe(2);
    await me.as.mutation(api.notifications.markRead, { id: first!._id });
    expect(await me.as.query(api.notifications.unreadCount, {})).toBe(1);
    expect((await me.as.query(api.notifications.list, {}))[0]).toMatchObject({ read: true });
  });

  test("marks thousands read in bounded batches, and never another user's", async () => {
    const t = newTest({ documentsRead: 1000 });
    const me = await createUser(t);
    const other = await createUser(t);
    await addNotifications(t, me.userId, 5000);
    await addNotifications(t, other.userId, 3);
    await me.as.mutation(api.notifications.markAllRead, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await anyUnread(t, me.userId)).toBeNull();
    expect(await me.as.query(api.notifications.unreadCount, {})).toBe(0);
    expect(await other.as.query(api.notifications.unreadCount, {})).toBe(3);
    expect(await errorOf(t.mutation(api.notifications.markAllRead, {}))).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("no spam by toggling a like", () => {
  test("unliking takes the unread notification back, and liking again within a day does not notify", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const likeNotifications = async () => (await author.as.query(api.notifications.list, {})).filter((n) => n.type === "like");
    // 50 toggles at the like rate limit's steady pace (one a second).
    for (let i = 0; i < 50; i++) {
      await fan.as.mutation(api.likes.toggle, { projectId });
      vi.advanceTimersByTime(1000);
    }
    expect(await likeNotifications()).toEqual([]);
    expect(await author.as.query(api.notifications.unreadCount, {})).toBe(1); // the firstProject badge

    // A like the author has read stays when it is taken back; liking again the same day is quiet.
    await fan.as.mutation(api.likes.toggle, { projectId });
    vi.advanceTimersByTime(25 * 3600 * 1000);
    await fan.as.mutation(api.likes.toggle, { projectId }); // unlike
    await fan.as.mutation(api.likes.toggle, { projectId }); // like again, a day later
    const [notification] = await likeNotifications();
    expect(notification).toMatchObject({ read: false, from: { _id: fan.userId } });
    await author.as.mutation(api.notifications.markRead, { id: notification!._id });
    await fan.as.mutation(api.likes.toggle, { projectId });
    await fan.as.mutation(api.likes.toggle, { projectId });
    expect(await likeNotifications()).toHaveLength(1);
  });

  test("nothing from someone the recipient mutes or blocks: likes, comments, follows", async () => {
    const t = newTest();
    const me = await createUser(t);
    const muted = await createUser(t);
    const blocked = await createUser(t);
    const friend = await createUser(t);
    const projectId = await createWork(t, me.userId);
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "mute" });
    await me.as.mutation(api.mutes.set, { userId: blocked.userId, kind: "block" });
    // Follow notifications are off by default: on, so that a follow would notify.
    await t.run(async (ctx) => {
      const user = (await ctx.db.get("users", me.userId))!;
      await ctx.db.patch("users", me.userId, {
        settings: { ...user.settings, notifications: { ...user.settings.notifications, follows: true } },
      });
    });
    for (const user of [muted, friend]) {
      await user.as.mutation(api.likes.toggle, { projectId });
      await user.as.mutation(api.comments.add, { projectId, content: "いいですね" });
      await user.as.mutation(api.follows.toggle, { userId: me.userId });
    }
    await blocked.as.mutation(api.likes.toggle, { projectId });
    // (A badge for the first like received has no sender.)
    const fromPeople = (await me.as.query(api.notifications.list, {})).filter((n) => n.type !== "badge");
    expect(fromPeople.map((n) => [n.type, n.from?._id]).sort()).toEqual(
      [
        ["comment", friend.userId],
        ["follow", friend.userId],
        ["like", friend.userId],
      ].sort(),
    );
  });

  test("a notification about one's own action is never created", async () => {
    const t = newTest();
    const me = await createUser(t);
    await t.run((ctx) => notify(ctx, { userId: me.userId, type: "like", title: "t", message: "m", fromUserId: me.userId }));
    expect(await me.as.query(api.notifications.list, {})).toEqual([]);
  });
});
