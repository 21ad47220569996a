// The following feed (model/feed.ts): fan-out on write, backfill on follow, removal on unfollow,
// hidden and deleted works, the new_work notification, and the empty feed's suggestions.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { BACKFILL_WORKS, FAN_OUT_BATCH, NEW_WORK_TITLE, startWorkFanOut, SUGGESTION_COUNT } from "./model/feed";
import { insertProject } from "./model/projects";
import { uploadShot } from "./model/screenshots.testkit";
import { bumpUserStats } from "./model/userStats";
import { newUserDocument } from "./model/users";
import { workInput } from "./model/works.testkit";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 20, cursor: null };
const settle = (t: TestConvex) => t.finishAllScheduledFunctions(vi.runAllTimers);

/** Posts a work as projects.create does (insert, then the scheduled fan-out), a second apart. */
async function post(t: TestConvex, userId: Id<"users">, title: string) {
  vi.advanceTimersByTime(1000);
  return await t.run(async (ctx) => {
    const id = await insertProject(ctx, userId, { ...workInput, title }, Date.now());
    await startWorkFanOut(ctx, id);
    return id;
  });
}

type Client = Awaited<ReturnType<typeof createUser>>["as"];
const feedTitles = async (as: Client) => (await as.query(api.feed.list, { paginationOpts: page })).page.map((w) => w.title);

const newWorkNotifications = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) =>
    (
      await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(100)
    ).filter((n) => n.type === "new_work"),
  );

async function setNewProjects(t: TestConvex, userId: Id<"users">, on: boolean) {
  await t.run(async (ctx) => {
    const user = (await ctx.db.get("users", userId))!;
    await ctx.db.patch("users", userId, {
      settings: { ...user.settings, notifications: { ...user.settings.notifications, newProjects: on } },
    });
  });
}

const feedRows = (t: TestConvex) => t.run(async (ctx) => await ctx.db.query("feedItems").take(5000));

describe("feed.list", () => {
  test("only followed creators' works, newest first; a new work appears after the fan-out", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const alice = await createUser(t, { displayName: "アリス" });
    const bob = await createUser(t, { displayName: "ボブ" });
    const stranger = await createUser(t);
    await post(t, alice.userId, "アリス1");
    await post(t, bob.userId, "ボブ1");
    await post(t, stranger.userId, "他人1");
    await reader.as.mutation(api.follows.toggle, { userId: alice.userId });
    await reader.as.mutation(api.follows.toggle, { userId: bob.userId });
    await settle(t);
    expect(await feedTitles(reader.as)).toEqual(["ボブ1", "アリス1"]);

    await post(t, stranger.userId, "他人2");
    await post(t, alice.userId, "アリス2");
    // Not yet fanned out: the feed is unchanged until the scheduled batch runs.
    expect(await feedTitles(reader.as)).toEqual(["ボブ1", "アリス1"]);
    await settle(t);
    expect(await feedTitles(reader.as)).toEqual(["アリス2", "ボブ1", "アリス1"]);
    const first = (await reader.as.query(api.feed.list, { paginationOpts: page })).page[0]!;
    expect(first.author).toMatchObject({ _id: alice.userId, displayName: "アリス" });
  });

  test("a work posted through projects.create reaches followers", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const author = await createUser(t, { displayName: "作者" });
    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    const shot = await uploadShot(t, author.as);
    await author.as.mutation(api.projects.create, {
      title: "本物の投稿",
      description: "説明",
      vibeDescription: "コンセプト",
      genre: "tool",
      demoUrl: "https://example.com/real",
      demoVideoUrl: "",
      repositoryUrl: "",
      aiTools: ["Claude"],
      techStack: [],
      tags: [],
      isZeroCode: false,
      screenshots: [shot],
    });
    await settle(t);
    expect(await feedTitles(reader.as)).toEqual(["本物の投稿"]);
    expect(await newWorkNotifications(t, reader.userId)).toHaveLength(1);
  });

  test("following backfills the latest works (bounded); unfollowing removes them", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const author = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < BACKFILL_WORKS + 5; i++) await post(t, author.userId, `作品${i}`);
    await post(t, other.userId, "別の人");
    await settle(t);
    await reader.as.mutation(api.follows.toggle, { userId: other.userId });

    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    // In the follow's own transaction: the newest BACKFILL_WORKS, not the older ones.
    const rows = (await feedRows(t)).filter((r) => r.userId === reader.userId && r.authorId === author.userId);
    expect(rows).toHaveLength(BACKFILL_WORKS);
    const titles = await feedTitles(reader.as);
    expect(titles.slice(0, 2)).toEqual(["別の人", `作品${BACKFILL_WORKS + 4}`]);
    expect(titles).not.toContain("作品0");

    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    await settle(t);
    expect(await feedTitles(reader.as)).toEqual(["別の人"]);
    expect((await feedRows(t)).filter((r) => r.authorId === author.userId)).toEqual([]);
  });

  test("unfollow then follow again before the cleanup ran keeps the feed", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const author = await createUser(t);
    await post(t, author.userId, "残る作品");
    await settle(t);
    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    await settle(t);
    expect(await feedTitles(reader.as)).toEqual(["残る作品"]);
  });

  test("hidden works drop out (rows marked through the index) and come back when restored; deleted works go", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const author = await createUser(t);
    const moderator = await createUser(t);
    await t.run((ctx) => ctx.db.patch("users", moderator.userId, { role: "moderator" }));
    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    const keep = await post(t, author.userId, "残す");
    const hide = await post(t, author.userId, "隠す");
    const remove = await post(t, author.userId, "消す");
    await settle(t);
    expect(await feedTitles(reader.as)).toEqual(["消す", "隠す", "残す"]);

    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: hide, kind: "hide", note: "確認のため" });
    // At once: the page drops the hidden work it reads, before the marking batch has run.
    expect(await feedTitles(reader.as)).toEqual(["消す", "残す"]);
    await settle(t);
    const hiddenRows = (await feedRows(t)).filter((r) => r.projectId === hide);
    expect(hiddenRows.map((r) => r.hidden)).toEqual([true]);
    expect(await feedTitles(reader.as)).toEqual(["消す", "残す"]);

    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: hide, kind: "restore", note: "問題なし" });
    await settle(t);
    expect((await feedRows(t)).filter((r) => r.projectId === hide).map((r) => r.hidden)).toEqual([undefined]);
    expect(await feedTitles(reader.as)).toEqual(["消す", "隠す", "残す"]);

    await author.as.mutation(api.projects.remove, { id: remove });
    expect(await feedTitles(reader.as)).toEqual(["隠す", "残す"]);
    await settle(t);
    expect((await feedRows(t)).filter((r) => r.projectId === remove)).toEqual([]);
    expect((await feedRows(t)).map((r) => r.projectId).sort()).toEqual([keep, hide].sort());
  });

  test("works by muted creators are dropped; unmuting brings them back", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const loud = await createUser(t);
    const calm = await createUser(t);
    await reader.as.mutation(api.follows.toggle, { userId: loud.userId });
    await reader.as.mutation(api.follows.toggle, { userId: calm.userId });
    await post(t, loud.userId, "うるさい");
    await post(t, calm.userId, "しずか");
    await settle(t);
    await reader.as.mutation(api.mutes.set, { userId: loud.userId, kind: "mute" });
    expect(await feedTitles(reader.as)).toEqual(["しずか"]);
    await reader.as.mutation(api.mutes.set, { userId: loud.userId, kind: null });
    expect(await feedTitles(reader.as)).toEqual(["しずか", "うるさい"]);
  });

  test("paginates 20 a page, newest first, without gaps or repeats", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const author = await createUser(t);
    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    for (let i = 0; i < 45; i++) await post(t, author.userId, `w${String(i).padStart(2, "0")}`);
    await settle(t);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const result: { page: { title: string }[]; isDone: boolean; continueCursor: string } = await reader.as.query(api.feed.list, {
        paginationOpts: { numItems: 100, cursor },
      });
      expect(result.page.length).toBeLessThanOrEqual(20);
      seen.push(...result.page.map((w) => w.title));
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `w${String(44 - i).padStart(2, "0")}`));
  });

  test("a visitor gets an empty page; bad page sizes and cursors are refused cleanly", async () => {
    const t = newTest();
    const reader = await createUser(t);
    expect(await t.query(api.feed.list, { paginationOpts: page })).toMatchObject({ page: [], isDone: true });
    expect(await errorOf(reader.as.query(api.feed.list, { paginationOpts: { numItems: 0, cursor: null } }))).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(await errorOf(reader.as.query(api.feed.list, { paginationOpts: { numItems: 5, cursor: "nonsense" } }))).toMatchObject({
      code: "INVALID_CURSOR",
    });
  });

  test("another user's feed is never shown: each caller reads only their own", async () => {
    const t = newTest();
    const reader = await createUser(t);
    const other = await createUser(t);
    const author = await createUser(t);
    await reader.as.mutation(api.follows.toggle, { userId: author.userId });
    await post(t, author.userId, "読者だけ");
    await settle(t);
    expect(await feedTitles(reader.as)).toEqual(["読者だけ"]);
    expect(await feedTitles(other.as)).toEqual([]);
  });
});

describe("new_work notifications", () => {
  test("followers with newProjects on are told; off, the author and muting followers are not", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者さん" });
    const keen = await createUser(t);
    const quiet = await createUser(t);
    const muting = await createUser(t);
    const outsider = await createUser(t);
    for (const fan of [keen, quiet, muting]) await fan.as.mutation(api.follows.toggle, { userId: author.userId });
    await setNewProjects(t, quiet.userId, false);
    await muting.as.mutation(api.mutes.set, { userId: author.userId, kind: "mute" });
    const projectId = await post(t, author.userId, "新作");
    await settle(t);

    const [told] = await newWorkNotifications(t, keen.userId);
    expect(told).toMatchObject({
      title: NEW_WORK_TITLE,
      message: "作者さんさんが「新作」を投稿しました",
      projectId,
      fromUserId: author.userId,
      read: false,
    });
    expect(await newWorkNotifications(t, quiet.userId)).toEqual([]);
    expect(await newWorkNotifications(t, muting.userId)).toEqual([]);
    expect(await newWorkNotifications(t, outsider.userId)).toEqual([]);
    expect(await newWorkNotifications(t, author.userId)).toEqual([]);
    // The quiet follower still has the work in the feed: the setting is about notifications.
    expect(await feedTitles(quiet.as)).toEqual(["新作"]);
    // The bell lists it.
    expect((await keen.as.query(api.notifications.list, {})).some((n) => n.type === "new_work")).toBe(true);
  });

  test("fan-out to 1,000 followers completes in bounded batches, each follower once", async () => {
    const t = newTest({ documentsRead: 1000 });
    const author = await createUser(t, { displayName: "人気者" });
    const followers = await t.run(async (ctx) => {
      const ids: Id<"users">[] = [];
      for (let i = 0; i < 1000; i++) {
        const id = await ctx.db.insert("users", newUserDocument({ name: `フォロワー${i}` }, Date.now()));
        await ctx.db.insert("follows", { followerId: id, followeeId: author.userId });
        ids.push(id);
      }
      return ids;
    });
    const projectId = await post(t, author.userId, "みんなへ");
    await settle(t);

    const rows = (await feedRows(t)).filter((r) => r.projectId === projectId);
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(followers));
    const notified = await t.run(async (ctx) =>
      (
        await ctx.db
          .query("notifications")
          .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
          .take(2000)
      ).filter((n) => n.type === "new_work"),
    );
    expect(notified).toHaveLength(1000);
    expect(new Set(notified.map((n) => n.userId)).size).toBe(1000);
    const runs = await t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").take(100)).filter((job) => job.name.includes("fanOutWork")),
    );
    expect(runs.every((job) => job.state.kind === "success")).toBe(true);
    expect(runs).toHaveLength(Math.ceil(1000 / FAN_OUT_BATCH));
  });
});

describe("feed.suggestions", () => {
  async function withStats(t: TestConvex, likes: number, options: { works?: number; displayName?: string; bio?: string } = {}) {
    const user = await createUser(t, { displayName: options.displayName ?? `クリエイター${likes}` });
    await t.run(async (ctx) => {
      if (options.bio) await ctx.db.patch("users", user.userId, { bio: options.bio });
      await bumpUserStats(ctx, user.userId, { totalLikes: likes, projectsCount: options.works ?? 1, followersCount: likes % 7 });
    });
    return user;
  }

  test("the most liked creators, skipping me, whom I follow, mute or who block me, suspended, private and work-less users", async () => {
    const t = newTest();
    const me = await withStats(t, 1000);
    const followed = await withStats(t, 900);
    const suspended = await withStats(t, 800);
    const privateOne = await withStats(t, 700);
    const noWorks = await withStats(t, 600, { works: 0 });
    const muted = await withStats(t, 550);
    const blocker = await withStats(t, 540);
    const shouldSkip = [me, followed, suspended, privateOne, noWorks, muted, blocker].map((u) => u.userId);
    const top = await withStats(t, 500, { bio: "あ".repeat(100) });
    const rest = [];
    for (let i = 0; i < 10; i++) rest.push(await withStats(t, 400 - i));
    await me.as.mutation(api.follows.toggle, { userId: followed.userId });
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "mute" });
    await blocker.as.mutation(api.mutes.set, { userId: me.userId, kind: "block" });
    await t.run(async (ctx) => {
      await ctx.db.patch("users", suspended.userId, { suspension: { reason: "x", since: Date.now() } });
      await ctx.db.patch("users", privateOne.userId, {
        settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, profileVisibility: "private" } },
      });
    });

    const got = await me.as.query(api.feed.suggestions, {});
    expect(got).toHaveLength(SUGGESTION_COUNT);
    for (const skipped of shouldSkip) expect(got.map((c) => c._id)).not.toContain(skipped);
    expect(got.map((c) => c._id)).toEqual([top.userId, ...rest.slice(0, SUGGESTION_COUNT - 1).map((u) => u.userId)]);
    expect(got[0]).toMatchObject({ displayName: "クリエイター500", followersCount: 500 % 7, projectsCount: 1 });
    expect(Array.from(got[0]!.bio)).toHaveLength(61);

    // Following one from the list takes it off.
    await me.as.mutation(api.follows.toggle, { userId: top.userId });
    expect((await me.as.query(api.feed.suggestions, {})).map((c) => c._id)).not.toContain(top.userId);

    // A visitor sees the same popular creators, from the top.
    const visitor = await t.query(api.feed.suggestions, {});
    expect(visitor.map((c) => c._id)).toEqual([
      me.userId,
      followed.userId,
      muted.userId,
      blocker.userId,
      top.userId,
      ...rest.slice(0, 3).map((u) => u.userId),
    ]);
  });

  test("bounded: at most a fixed number of candidates is read however many users there are", async () => {
    const t = newTest({ documentsRead: 250 });
    await t.run(async (ctx) => {
      for (let i = 0; i < 3000; i++) {
        const id = await ctx.db.insert("users", newUserDocument({ name: `u${i}` }, Date.now()));
        await ctx.db.insert("userStats", {
          userId: id,
          projectsCount: 1,
          zeroCodeCount: 0,
          totalLikes: i,
          totalViews: 0,
          commentsCount: 0,
          followersCount: 0,
          followingCount: 0,
        });
      }
    });
    const me = await createUser(t);
    const got = await me.as.query(api.feed.suggestions, {});
    expect(got).toHaveLength(SUGGESTION_COUNT);
    expect(got[0]!.displayName).toBe("u2999");
  });
});
