// Mutes and blocks: the three functions, what a mute hides in every list (and only for the one
// who muted), what a block refuses, the work author's comment removal, full pages and bounded
// reads with mutes.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createChallenge, enterNewWork, useJapanNoon } from "./model/challenges.testkit";
import { seedGallery } from "./model/galleryFixtures.testkit";
import { MUTE_SET_SIZE, MUTE_MESSAGES } from "./model/mutes";
import { readUserStats } from "./model/userStats";
import { newUserDocument } from "./model/users";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

const firstPage = (numItems = 20) => ({ numItems, cursor: null });

/** Posts a work a second after the previous one, so the newest-first order is certain. */
async function postWork(t: TestConvex, userId: Id<"users">, title: string, input: { tags?: string[] } = {}) {
  vi.advanceTimersByTime(1000);
  return await createWork(t, userId, { title, ...input });
}

/** `count` bare users (no session), inserted in one transaction. */
const bareUsers = (t: TestConvex, count: number) =>
  t.run(async (ctx) => {
    const ids: Id<"users">[] = [];
    for (let i = 0; i < count; i++) ids.push(await ctx.db.insert("users", newUserDocument({ name: `他人${i}` }, Date.now())));
    return ids;
  });

/** Mute rows written directly (the rate limit allows 15 in a row through mutes.set). */
const insertMutes = (t: TestConvex, userId: Id<"users">, mutedUserIds: Id<"users">[]) =>
  t.run(async (ctx) => {
    for (const mutedUserId of mutedUserIds) await ctx.db.insert("userMutes", { userId, mutedUserId, kind: "mute" });
  });

async function listAll(client: Pick<TestConvex, "query">, numItems = 20) {
  const titles: string[][] = [];
  let cursor: string | null = null;
  for (;;) {
    const result: { page: { title: string }[]; isDone: boolean; continueCursor: string } = await client.query(api.projects.list, {
      paginationOpts: { numItems, cursor },
      sort: "newest",
    });
    titles.push(result.page.map((w) => w.title));
    if (result.isDone) return titles;
    cursor = result.continueCursor;
  }
}

describe("mutes.set, mutes.status, mutes.list", () => {
  test("mute, change to block, clear: status and the settings list follow", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t, { handle: "other_one", displayName: "ほかの人" });

    expect(await me.as.query(api.mutes.status, { userId: other.userId })).toBeNull();
    expect(await me.as.mutation(api.mutes.set, { userId: other.userId, kind: "mute" })).toBeNull();
    expect(await me.as.query(api.mutes.status, { userId: other.userId })).toBe("mute");
    const listed = await me.as.query(api.mutes.list, { paginationOpts: firstPage(50) });
    expect(listed.page).toEqual([
      {
        user: { _id: other.userId, displayName: "ほかの人", handle: "other_one", photoUrl: null },
        kind: "mute",
        createdAt: expect.any(Number),
      },
    ]);

    await me.as.mutation(api.mutes.set, { userId: other.userId, kind: "block" });
    expect(await me.as.query(api.mutes.status, { userId: other.userId })).toBe("block");
    // Still one row: the kind changed.
    expect((await me.as.query(api.mutes.list, { paginationOpts: firstPage(50) })).page.map((row) => row.kind)).toEqual(["block"]);

    await me.as.mutation(api.mutes.set, { userId: other.userId, kind: null });
    expect(await me.as.query(api.mutes.status, { userId: other.userId })).toBeNull();
    expect((await me.as.query(api.mutes.list, { paginationOpts: firstPage(50) })).page).toEqual([]);
    // Clearing what is not set is a no-op.
    expect(await me.as.mutation(api.mutes.set, { userId: other.userId, kind: null })).toBeNull();
  });

  test("the muted user is told nothing: their status of me, their notifications, their list", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    await me.as.mutation(api.mutes.set, { userId: other.userId, kind: "block" });
    expect(await other.as.query(api.mutes.status, { userId: me.userId })).toBeNull();
    expect((await other.as.query(api.mutes.list, { paginationOpts: firstPage() })).page).toEqual([]);
    const notifications = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", other.userId))
        .take(10),
    );
    expect(notifications).toEqual([]);
  });

  test("the list is the caller's own, newest first, 50 a page at most", async () => {
    const t = newTest();
    const me = await createUser(t);
    const someoneElse = await createUser(t);
    const others = await bareUsers(t, 55);
    await t.run(async (ctx) => {
      for (const mutedUserId of others) await ctx.db.insert("userMutes", { userId: me.userId, mutedUserId, kind: "mute" });
    });
    const page1 = await me.as.query(api.mutes.list, { paginationOpts: firstPage(100) });
    expect(page1.page).toHaveLength(50);
    expect(page1.page[0]!.user._id).toBe(others[54]);
    const page2 = await me.as.query(api.mutes.list, { paginationOpts: { numItems: 50, cursor: page1.continueCursor } });
    expect(page2.page.map((row) => row.user._id)).toEqual(others.slice(0, 5).reverse());
    expect(page2.isDone).toBe(true);
    expect((await someoneElse.as.query(api.mutes.list, { paginationOpts: firstPage() })).page).toEqual([]);
  });

  test("signed out: set and list refused, status is null", async () => {
    const t = newTest();
    const other = await createUser(t);
    expect(await errorOf(t.mutation(api.mutes.set, { userId: other.userId, kind: "mute" }))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await errorOf(t.query(api.mutes.list, { paginationOpts: firstPage() }))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await t.query(api.mutes.status, { userId: other.userId })).toBeNull();
  });

  test("bad input: yourself, a missing user, a malformed id or kind, a bad page", async () => {
    const t = newTest();
    const me = await createUser(t);
    const gone = await createUser(t);
    await t.run((ctx) => ctx.db.delete("users", gone.userId));
    expect(await errorOf(me.as.mutation(api.mutes.set, { userId: me.userId, kind: "mute" }))).toEqual({
      code: "INVALID_INPUT",
      message: MUTE_MESSAGES.self,
    });
    expect(await errorOf(me.as.mutation(api.mutes.set, { userId: gone.userId, kind: "block" }))).toEqual({
      code: "NOT_FOUND",
      message: "ユーザーが見つかりませんでした",
    });
    expect(await errorOf(me.as.mutation(api.mutes.set, { userId: "nope" as Id<"users">, kind: "mute" }))).toEqual(
      expect.stringMatching(/Validator error/),
    );
    expect(await errorOf(me.as.mutation(api.mutes.set, { userId: gone.userId, kind: "hide" as "mute" }))).toEqual(
      expect.stringMatching(/Validator error/),
    );
    expect(await me.as.query(api.mutes.status, { userId: me.userId })).toBeNull();
    expect(await errorOf(me.as.query(api.mutes.list, { paginationOpts: { numItems: 20, cursor: "xyz" } }))).toMatchObject({
      code: "INVALID_CURSOR",
    });
    expect(await errorOf(me.as.query(api.mutes.list, { paginationOpts: { numItems: 0, cursor: null } }))).toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  test("rate limited after a burst; refused while suspended (the list still reads)", async () => {
    const t = newTest();
    const me = await createUser(t);
    const others = await bareUsers(t, 16);
    for (const userId of others.slice(0, 15)) await me.as.mutation(api.mutes.set, { userId, kind: "mute" });
    expect(await errorOf(me.as.mutation(api.mutes.set, { userId: others[15]!, kind: "mute" }))).toMatchObject({ code: "RATE_LIMITED" });

    await t.run((ctx) => ctx.db.patch("users", me.userId, { suspension: { reason: "スパム", since: Date.now() } }));
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(await errorOf(me.as.mutation(api.mutes.set, { userId: others[15]!, kind: "mute" }))).toMatchObject({ code: "SUSPENDED" });
    expect((await me.as.query(api.mutes.list, { paginationOpts: firstPage(50) })).page).toHaveLength(15);
  });

  test("blocking a follower ends their follow with exact counters; a mute does not", async () => {
    const t = newTest();
    const me = await createUser(t);
    const fan = await createUser(t);
    const quiet = await createUser(t);
    await fan.as.mutation(api.follows.toggle, { userId: me.userId });
    await quiet.as.mutation(api.follows.toggle, { userId: me.userId });
    await me.as.mutation(api.follows.toggle, { userId: fan.userId });

    await me.as.mutation(api.mutes.set, { userId: quiet.userId, kind: "mute" });
    await me.as.mutation(api.mutes.set, { userId: fan.userId, kind: "block" });
    const stats = (userId: Id<"users">) =>
      t.run(async (ctx) => {
        const s = await readUserStats(ctx, userId);
        return { followers: s.followersCount, following: s.followingCount };
      });
    expect(await stats(me.userId)).toEqual({ followers: 1, following: 1 });
    expect(await stats(fan.userId)).toEqual({ followers: 1, following: 0 });
    expect(await stats(quiet.userId)).toEqual({ followers: 0, following: 1 });
    const follows = await t.run((ctx) =>
      ctx.db
        .query("follows")
        .withIndex("by_followeeId", (q) => q.eq("followeeId", me.userId))
        .take(10),
    );
    expect(follows.map((row) => row.followerId)).toEqual([quiet.userId]);
  });

  test("deleting an account removes its mutes both ways", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const third = await createUser(t);
    await me.as.mutation(api.mutes.set, { userId: other.userId, kind: "mute" });
    await third.as.mutation(api.mutes.set, { userId: me.userId, kind: "block" });
    await t.run(async (ctx) => {
      const { deleteAccountNow } = await import("./model/accountDeletion");
      await deleteAccountNow(ctx, (await ctx.db.get("users", me.userId))!);
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run((ctx) => ctx.db.query("userMutes").take(10))).toEqual([]);
  });
});

describe("a mute hides the muted user's works and comments from the one who muted, everywhere", () => {
  async function world() {
    const t = newTest();
    const me = await createUser(t);
    const muted = await createUser(t, { displayName: "ミュートされる人" });
    const other = await createUser(t, { displayName: "ほかの人" });
    const base = await postWork(t, other.userId, "土台", { tags: ["猫"] });
    await postWork(t, other.userId, "ほかの猫", { tags: ["猫"] });
    const mutedWork = await postWork(t, muted.userId, "ミュート猫", { tags: ["猫"] });
    await t.run(async (ctx) => {
      await ctx.db.patch("projects", mutedWork, { likesCount: 99 });
    });
    await muted.as.mutation(api.comments.add, { projectId: base, content: "ミュートされる人のコメント" });
    await other.as.mutation(api.comments.add, { projectId: base, content: "ほかの人のコメント" });
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "mute" });
    return { t, me, muted, other, base, mutedWork };
  }

  const views = async (client: Pick<TestConvex, "query">, base: Id<"projects">) => ({
    gallery: (await client.query(api.projects.list, { paginationOpts: firstPage(), sort: "newest" })).page.map((w) => w.title),
    popular: (await client.query(api.projects.list, { paginationOpts: firstPage(), sort: "popular", aiTool: "Claude" })).page.map(
      (w) => w.title,
    ),
    search: (await client.query(api.projects.search, { search: "猫", sort: "newest" })).items.map((w) => w.title),
    home: (await client.query(api.home.overview, {})).topWorks.map((w) => w.title),
    related: (await client.query(api.projects.related, { id: base })).map((w) => w.title),
    comments: (await client.query(api.comments.list, { projectId: base, paginationOpts: firstPage() })).page.map((c) => c.content),
  });

  test("gone for me in the gallery, search, home, related works and comments", async () => {
    const { t, me, base } = await world();
    expect(await views(me.as, base)).toEqual({
      gallery: ["ほかの猫", "土台"],
      popular: ["ほかの猫", "土台"],
      search: ["ほかの猫"],
      home: ["ほかの猫", "土台"],
      related: ["ほかの猫"],
      comments: ["ほかの人のコメント"],
    });
    // Search's count leaves them out too.
    expect((await me.as.query(api.projects.search, { search: "猫", sort: "newest" })).total).toBe(1);
    void t;
  });

  test("still there for visitors, for others and for the muted user; back for me after unmuting", async () => {
    const { t, me, muted, other, base } = await world();
    const everything = {
      gallery: ["ミュート猫", "ほかの猫", "土台"],
      popular: ["ミュート猫", "ほかの猫", "土台"],
      search: ["ミュート猫", "ほかの猫"],
      home: ["ミュート猫", "ほかの猫", "土台"],
      related: ["ミュート猫", "ほかの猫"],
      comments: ["ほかの人のコメント", "ミュートされる人のコメント"],
    };
    expect(await views(t, base)).toEqual(everything);
    expect(await views(other.as, base)).toEqual(everything);
    expect(await views(muted.as, base)).toEqual(everything);
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: null });
    expect(await views(me.as, base)).toEqual(everything);
  });

  test("a block hides them too", async () => {
    const { me, muted, base } = await world();
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "block" });
    expect((await views(me.as, base)).gallery).toEqual(["ほかの猫", "土台"]);
    expect((await views(me.as, base)).comments).toEqual(["ほかの人のコメント"]);
  });

  test("challenge entries by a muted user are left out of my grid only", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const me = await createUser(t);
    const muted = await createUser(t);
    const other = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    await enterNewWork(t, muted, challengeId, "ミュート作品");
    vi.advanceTimersByTime(1000);
    await enterNewWork(t, other, challengeId, "ほかの作品");
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "mute" });
    const titles = async (client: Pick<TestConvex, "query">) =>
      (await client.query(api.challenges.entries, { challengeId, paginationOpts: firstPage(24) })).page.map((e) => e.work.title);
    expect(await titles(me.as)).toEqual(["ほかの作品"]);
    expect(await titles(other.as)).toEqual(["ほかの作品", "ミュート作品"]);
    expect(await titles(t)).toEqual(["ほかの作品", "ミュート作品"]);
    // After voting opens the grid is ordered by votes: still left out.
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    expect(await titles(me.as)).toEqual(["ほかの作品"]);
  });
});

describe("a block refuses the blocked user's writes against the blocker", () => {
  test("commenting on the blocker's works", async () => {
    const t = newTest();
    const me = await createUser(t);
    const blocked = await createUser(t);
    const muted = await createUser(t);
    const mine = await postWork(t, me.userId, "私の作品");
    const theirs = await postWork(t, blocked.userId, "相手の作品");
    await me.as.mutation(api.mutes.set, { userId: blocked.userId, kind: "block" });
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "mute" });
    expect(await errorOf(blocked.as.mutation(api.comments.add, { projectId: mine, content: "こんにちは" }))).toEqual({
      code: "FORBIDDEN",
      message: "この作品にはコメントできません",
    });
    // A mute refuses nothing; the blocked user may still comment elsewhere; I may comment on theirs.
    await muted.as.mutation(api.comments.add, { projectId: mine, content: "ミュートでも書ける" });
    await blocked.as.mutation(api.comments.add, { projectId: theirs, content: "自分の作品には書ける" });
    await me.as.mutation(api.comments.add, { projectId: theirs, content: "ブロックした側は書ける" });
    expect((await t.run((ctx) => ctx.db.get("projects", mine)))!.commentsCount).toBe(1);
  });

  test("following the blocker (unfollowing stays possible)", async () => {
    const t = newTest();
    const me = await createUser(t);
    const blocked = await createUser(t);
    const follower = await createUser(t);
    await me.as.mutation(api.mutes.set, { userId: blocked.userId, kind: "block" });
    expect(await errorOf(blocked.as.mutation(api.follows.toggle, { userId: me.userId }))).toEqual({
      code: "FORBIDDEN",
      message: "このユーザーをフォローできません",
    });
    expect(await follower.as.mutation(api.follows.toggle, { userId: me.userId })).toEqual({ following: true, followersCount: 1 });
    // The blocker may still follow the one they blocked.
    expect(await me.as.mutation(api.follows.toggle, { userId: blocked.userId })).toMatchObject({ following: true });
    // A follow made before the block (written directly, as an old row) can be taken back.
    await t.run((ctx) => ctx.db.insert("follows", { followerId: blocked.userId, followeeId: me.userId }));
    expect(await blocked.as.mutation(api.follows.toggle, { userId: me.userId })).toMatchObject({ following: false });
  });

  test("voting in the blocker's challenges; taking a vote back stays possible", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const blocked = await createUser(t);
    const entrant = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const { submissionId } = await enterNewWork(t, entrant, challengeId);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    expect(await blocked.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: true, votesCount: 1 });

    await organiser.as.mutation(api.mutes.set, { userId: blocked.userId, kind: "block" });
    expect(await blocked.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: false, votesCount: 0 });
    expect(await errorOf(blocked.as.mutation(api.challenges.toggleVote, { submissionId }))).toEqual({
      code: "FORBIDDEN",
      message: "このチャレンジには投票できません",
    });
    // Blocked by the entrant, not the organiser: the vote is the organiser's business.
    const other = await createUser(t);
    await entrant.as.mutation(api.mutes.set, { userId: other.userId, kind: "block" });
    expect(await other.as.mutation(api.challenges.toggleVote, { submissionId })).toEqual({ voted: true, votesCount: 1 });
  });
});

describe("comments.remove by the work's author", () => {
  test("the work's author may delete any comment on it; others still may not", async () => {
    const t = newTest();
    const author = await createUser(t);
    const commenter = await createUser(t);
    const stranger = await createUser(t);
    const projectId = await postWork(t, author.userId, "作品");
    const otherWork = await postWork(t, stranger.userId, "別の作品");
    const commentId = await commenter.as.mutation(api.comments.add, { projectId, content: "荒らし" });
    const elsewhere = await commenter.as.mutation(api.comments.add, { projectId: otherWork, content: "別の場所" });

    const forbidden = { code: "FORBIDDEN", message: "このコメントを削除する権限がありません" };
    expect(await errorOf(stranger.as.mutation(api.comments.remove, { commentId }))).toEqual(forbidden);
    expect(await errorOf(author.as.mutation(api.comments.remove, { commentId: elsewhere }))).toEqual(forbidden);
    expect(await errorOf(t.mutation(api.comments.remove, { commentId }))).toMatchObject({ code: "UNAUTHENTICATED" });

    expect(await author.as.mutation(api.comments.remove, { commentId })).toBeNull();
    expect((await t.run((ctx) => ctx.db.get("projects", projectId)))!.commentsCount).toBe(0);
    expect(await errorOf(author.as.mutation(api.comments.remove, { commentId }))).toEqual({
      code: "NOT_FOUND",
      message: "コメントが見つかりません",
    });
    // The commenter still deletes their own.
    expect(await commenter.as.mutation(api.comments.remove, { commentId: elsewhere })).toBeNull();
  });
});

describe("muting keeps pages full and reads bounded", () => {
  test("60 works, 5 by a muted user in the first page's range: the first page still holds 20, none lost", async () => {
    const t = newTest();
    const me = await createUser(t);
    const muted = await createUser(t);
    const other = await createUser(t);
    const titles: string[] = [];
    for (let i = 0; i < 60; i++) {
      // Works 4, 8, 12, 16, 20 from the newest are the muted user's.
      const byMuted = [56, 52, 48, 44, 40].includes(i);
      await postWork(t, byMuted ? muted.userId : other.userId, `作品${i}`);
      if (!byMuted) titles.unshift(`作品${i}`);
    }
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "mute" });
    const pages = await listAll(me.as);
    // Every row read that is not muted is returned (40 read, 5 muted), and nothing is lost or
    // repeated between pages.
    expect(pages[0]).toHaveLength(35);
    expect(pages.flat()).toEqual(titles);
    // Others see all 60, 20 a page.
    expect((await listAll(other.as)).map((p) => p.length)).toEqual([20, 20, 20]);
  });

  test(`more than ${MUTE_SET_SIZE} mutes: looked up per author, still exact`, async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const many = await bareUsers(t, MUTE_SET_SIZE + 10);
    await insertMutes(t, me.userId, many);
    for (let i = 0; i < 12; i++) await postWork(t, i % 3 === 0 ? many[i]! : other.userId, `作品${i}`);
    const seen = (await listAll(me.as)).flat();
    expect(seen).toEqual(["作品11", "作品10", "作品8", "作品7", "作品5", "作品4", "作品2", "作品1"]);
  });

  test("at scale, every list with mutes stays under the 1,000-documents-read cap", async () => {
    // 1,500 works: a scan would read them all and fail.
    const t = newTest({ documentsRead: 1000 });
    const works = await seedGallery(t, 1500, { chunk: 500 });
    // The seed's 20 authors are the only users so far.
    const authors = (await t.run((ctx) => ctx.db.query("users").take(20))).map((user) => user._id);
    const me = await createUser(t);
    const fewer = await createUser(t);
    // One viewer with more mutes than fit in memory (5 real authors among them), one with 5.
    await insertMutes(t, me.userId, [...authors.slice(0, 5), ...(await bareUsers(t, 40))]);
    await insertMutes(t, fewer.userId, authors.slice(0, 5));
    const mutedAuthors = new Set<string>(authors.slice(0, 5));

    for (const viewer of [me, fewer]) {
      let cursor: string | null = null;
      for (let i = 0; i < 3; i++) {
        const result: { page: { author: { _id: string | null } }[]; continueCursor: string } = await viewer.as.query(api.projects.list, {
          paginationOpts: { numItems: 20, cursor },
          sort: "popular",
        });
        // 5 of the 20 authors are muted: a quarter of 40 rows read, so 30 shown.
        expect(result.page.length).toBeGreaterThanOrEqual(20);
        expect(result.page.some((w) => mutedAuthors.has(w.author._id!))).toBe(false);
        cursor = result.continueCursor;
      }
      const top = await viewer.as.query(api.home.overview, {});
      expect(top.topWorks).toHaveLength(3);
      expect(top.topWorks.some((w) => mutedAuthors.has(w.author._id!))).toBe(false);
      const related = await viewer.as.query(api.projects.related, { id: works[0]!._id });
      expect(related.some((w) => mutedAuthors.has(w.author._id!))).toBe(false);
      const search = await viewer.as.query(api.projects.search, { search: "写真", sort: "newest", limit: 40 });
      expect(search.items.some((w) => mutedAuthors.has(w.author._id!))).toBe(false);
    }
  });
});
