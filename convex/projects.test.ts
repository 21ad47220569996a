import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { SEARCH_CAP } from "./model/gallery";
import { readSiteCounter } from "./model/siteCounters";
import { fileExists, pngBytes, storeFile } from "./model/storedFiles.testkit";
import { createWork, shown } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 20, cursor: null };

describe("projects.list", () => {
  test("filters by genre (with the web alias), AI tool and zero-code, newest or popular", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const a = await createWork(t, author.userId, { title: "A", genre: "webapp", aiTools: ["v0"], isZeroCode: true });
    const b = await createWork(t, author.userId, { title: "B", genre: "game", aiTools: ["Claude", "v0"] });
    const c = await createWork(t, author.userId, { title: "C", genre: "webapp", aiTools: ["Claude"] });
    const fans = await Promise.all([1, 2].map(() => createUser(t)));
    for (const fan of fans) await fan.as.mutation(api.likes.toggle, { projectId: a });
    const titles = async (args: Record<string, unknown>) =>
      (await t.query(api.projects.list, { paginationOpts: page, sort: "newest", ...args })).page.map((w) => w.title);
    expect(await titles({})).toEqual(["C", "B", "A"]);
    expect(await titles({ genre: "all" })).toEqual(["C", "B", "A"]);
    expect(await titles({ genre: "web" })).toEqual(["C", "A"]);
    expect(await titles({ genre: "webapp", zeroCode: true })).toEqual(["A"]);
    expect(await titles({ zeroCode: false })).toEqual(["C", "B", "A"]);
    expect(await titles({ aiTool: "Claude" })).toEqual(["C", "B"]);
    expect(await titles({ aiTool: "v0", sort: "popular" })).toEqual(["A", "B"]);
    expect(await titles({ sort: "popular" })).toEqual(["A", "C", "B"]);
    expect(await titles({ aiTool: "my own tool" })).toEqual([]);
    const card = (await t.query(api.projects.list, { paginationOpts: page, sort: "newest" })).page[2]!;
    expect(card).toMatchObject({ _id: a, genre: "webapp", aiTools: ["v0"], isZeroCode: true, likesCount: 2 });
    expect(card.author.displayName).toBe("作者");
    void b;
    void c;
  });

  test("an unknown genre is refused", async () => {
    const t = newTest();
    expect(await errorOf(t.query(api.projects.list, { paginationOpts: page, sort: "newest", genre: "cooking" }))).toEqual({
      code: "INVALID_GENRE",
      message: "ジャンルが正しくありません",
    });
  });

  test("pages follow each other without gaps or repeats", async () => {
    const t = newTest();
    const author = await createUser(t);
    for (let i = 0; i < 45; i++) await createWork(t, author.userId, { title: `w${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const result: { page: { title: string }[]; isDone: boolean; continueCursor: string } = await t.query(api.projects.list, {
        paginationOpts: { numItems: 20, cursor },
        sort: "newest",
      });
      seen.push(...result.page.map((w) => w.title));
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `w${44 - i}`));
  });
});

describe("projects.search", () => {
  test("finds Japanese substrings, single characters and mixed case; filters and sorts", async () => {
    const t = newTest();
    const author = await createUser(t);
    const kakeibo = await createWork(t, author.userId, { title: "家計簿アプリ", description: "毎日の支出を記録", genre: "tool" });
    const todo = await createWork(t, author.userId, { title: "Todo Manager", description: "タスクを管理する", aiTools: ["v0"] });
    await createWork(t, author.userId, { title: "天気", description: "今日の天気を表示", isZeroCode: true });
    await author.as.mutation(api.likes.toggle, { projectId: kakeibo });
    const find = async (search: string, args: Record<string, unknown> = {}) =>
      (await t.query(api.projects.search, { search, sort: "newest", ...args })).items.map((w) => w._id);
    expect(await find("支出")).toEqual([kakeibo]);
    expect(await find("TODO man")).toEqual([todo]);
    expect(await find("タスク管理")).toEqual([]);
    expect(await find("録")).toEqual([kakeibo]); // a single character at the end of the text
    expect(await find("日")).toHaveLength(2); // 毎日 and 今日
    expect(await find("日", { sort: "popular" })).toEqual([kakeibo, expect.anything()]);
    expect(await find("日", { genre: "tool" })).toEqual([kakeibo]);
    expect(await find("日", { zeroCode: true })).toHaveLength(1);
    expect(await find("す", { aiTool: "v0" })).toEqual([todo]);
    expect(await find("   ")).toEqual([]);
    const result = await t.query(api.projects.search, { search: "日", sort: "newest", limit: 1 });
    expect(result).toMatchObject({ total: 2, capped: false, cap: SEARCH_CAP });
    expect(result.items).toHaveLength(1);
  });
});

test("projects.summary reads the site counters", async () => {
  const t = newTest();
  const author = await createUser(t);
  await createWork(t, author.userId, { isZeroCode: true });
  await createWork(t, author.userId);
  expect(await t.query(api.projects.summary, {})).toEqual({ total: 2, zeroCode: 1 });
});

describe("projects.get", () => {
  test("returns the work with its author, images and the viewer's state", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const fan = await createUser(t);
    const shot = await storeFile(t, pngBytes(), "image/png");
    const thumb = await storeFile(t, pngBytes(), "image/png");
    const id = await createWork(t, author.userId, {
      title: "詳細",
      repositoryUrl: "https://github.com/x/y",
      screenshots: [{ storageId: shot, thumbnailStorageId: thumb }],
    });
    await fan.as.mutation(api.likes.toggle, { projectId: id });

    const asFan = shown(await fan.as.query(api.projects.get, { id }));
    expect(asFan).toMatchObject({ title: "詳細", viewerHasLiked: true, isOwner: false, likesCount: 1, demoVideoUrl: null });
    expect(asFan.repositoryUrl).toBe("https://github.com/x/y");
    expect(asFan.author.displayName).toBe("作者");
    expect(asFan.screenshots).toEqual([{ url: expect.any(String), thumbnailUrl: expect.any(String) }]);
    expect(asFan.createdAt).toBe(asFan._creationTime);
    expect(await author.as.query(api.projects.get, { id })).toMatchObject({ viewerHasLiked: false, isOwner: true });
    expect(await t.query(api.projects.get, { id })).toMatchObject({ viewerHasLiked: false, isOwner: false });
  });

  test("null for a malformed or missing id", async () => {
    const t = newTest();
    const author = await createUser(t);
    const id = await createWork(t, author.userId);
    await t.run(async (ctx) => ctx.db.delete("projects", id));
    expect(await t.query(api.projects.get, { id: "nope" })).toBeNull();
    expect(await t.query(api.projects.get, { id })).toBeNull();
  });
});

describe("projects.related", () => {
  test("works sharing tags come first, then others, never the work itself", async () => {
    const t = newTest();
    const author = await createUser(t);
    const main = await createWork(t, author.userId, { title: "main", tags: ["react", "ai"] });
    const sharing = await createWork(t, author.userId, { title: "sharing", tags: ["AI"], genre: "tool" });
    await createWork(t, author.userId, { title: "o1", genre: "tool" });
    await createWork(t, author.userId, { title: "o2", genre: "tool" });
    const sameGenre = await createWork(t, author.userId, { title: "sameGenre", genre: "game" });
    await createWork(t, author.userId, { title: "o3", genre: "tool" });
    const related = await t.query(api.projects.related, { id: main });
    expect(related.map((w) => w._id)).toEqual([sharing, sameGenre, expect.anything()]);
    expect(related.map((w) => w._id)).not.toContain(main);
    expect(await t.query(api.projects.related, { id: "bad" })).toEqual([]);
  });
});

async function snapshot(t: TestConvex, userIds: Id<"users">[]) {
  return await t.run(async (ctx) => ({
    users: await Promise.all(
      userIds.map(async (id) => {
        const { _creationTime, _id, ...rest } = (await ctx.db.get("users", id))!;
        void _creationTime;
        void _id;
        return rest;
      }),
    ),
    site: await Promise.all(
      (["projects", "zeroCodeProjects", "likes", "challengeSubmissions"] as const).map((k) => readSiteCounter(ctx, k)),
    ),
  }));
}

describe("projects.remove", () => {
  test("the owner's delete leaves nothing behind and restores every counter", async () => {
    const t = newTest();
    const owner = await createUser(t);
    const fans = await Promise.all([1, 2].map(() => createUser(t)));
    const kept = await createWork(t, owner.userId, { title: "残る" });
    await fans[0]!.as.mutation(api.likes.toggle, { projectId: kept });
    const before = await snapshot(t, [owner.userId, ...fans.map((f) => f.userId)]);

    const shot = await storeFile(t, pngBytes(), "image/png");
    const thumb = await storeFile(t, pngBytes(), "image/png");
    const doomed = await createWork(t, owner.userId, {
      isZeroCode: true,
      aiTools: ["Claude", "v0"],
      screenshots: [{ storageId: shot, thumbnailStorageId: thumb }],
    });
    for (const fan of fans) {
      await fan.as.mutation(api.likes.toggle, { projectId: doomed });
      await fan.as.mutation(api.comments.add, { projectId: doomed, content: "いいですね" });
      await fan.as.mutation(api.views.record, { projectId: doomed });
    }
    await t.mutation(api.views.record, { projectId: doomed, sessionId: "anonymous-visitor-1" });
    const challengeId = await t.run(async (ctx) => {
      const challengeId = await ctx.db.insert("challenges", {
        userId: fans[0]!.userId,
        title: "c",
        description: "d",
        requirements: "r",
        endDate: Date.now() + 1e9,
        prize: false,
        tags: [],
        status: "voting",
        startedAt: 0,
        submissionsCount: 1,
        updatedAt: Date.now(),
      });
      const submissionId = await ctx.db.insert("challengeSubmissions", {
        challengeId,
        projectId: doomed,
        userId: owner.userId,
        votesCount: 1,
        isWinner: false,
        tieOrder: 0,
        updatedAt: Date.now(),
      });
      await ctx.db.insert("challengeVotes", { userId: fans[1]!.userId, submissionId, challengeId });
      return challengeId;
    });

    await owner.as.mutation(api.projects.remove, { id: doomed });
    expect(await t.query(api.projects.get, { id: doomed })).toBeNull();
    expect((await t.query(api.projects.list, { paginationOpts: page, sort: "newest" })).page.map((w) => w._id)).toEqual([kept]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const left = await t.run(async (ctx) => {
      const byProject = { likes: 0, comments: 0, views: 0, notifications: 0, challengeSubmissions: 0, projectAiTools: 0 };
      byProject.likes = (
        await ctx.db
          .query("likes")
          .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", doomed))
          .take(5)
      ).length;
      byProject.comments = (
        await ctx.db
          .query("comments")
          .withIndex("by_projectId", (q) => q.eq("projectId", doomed))
          .take(5)
      ).length;
      byProject.views = (
        await ctx.db
          .query("views")
          .withIndex("by_projectId_and_viewerKey_and_day", (q) => q.eq("projectId", doomed))
          .take(5)
      ).length;
      byProject.notifications = (
        await ctx.db
          .query("notifications")
          .withIndex("by_projectId", (q) => q.eq("projectId", doomed))
          .take(5)
      ).length;
      byProject.challengeSubmissions = (
        await ctx.db
          .query("challengeSubmissions")
          .withIndex("by_projectId", (q) => q.eq("projectId", doomed))
          .take(5)
      ).length;
      byProject.projectAiTools = (
        await ctx.db
          .query("projectAiTools")
          .withIndex("by_projectId", (q) => q.eq("projectId", doomed))
          .take(5)
      ).length;
      const votes = await ctx.db
        .query("challengeVotes")
        .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", challengeId))
        .take(5);
      return { byProject, votes: votes.length, submissionsCount: (await ctx.db.get("challenges", challengeId))!.submissionsCount };
    });
    expect(left).toEqual({
      byProject: { likes: 0, comments: 0, views: 0, notifications: 0, challengeSubmissions: 0, projectAiTools: 0 },
      votes: 0,
      submissionsCount: 0,
    });
    expect(await fileExists(t, shot)).toBe(false);
    expect(await fileExists(t, thumb)).toBe(false);
    const after = await snapshot(t, [owner.userId, ...fans.map((f) => f.userId)]);
    // updatedAt and badges are not counters; everything else is back where it was.
    expect(after).toEqual(before);
  });

  test("others, signed-out callers and missing works are refused", async () => {
    const t = newTest();
    const owner = await createUser(t);
    const other = await createUser(t);
    const id = await createWork(t, owner.userId);
    expect(await errorOf(other.as.mutation(api.projects.remove, { id }))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to delete this project",
    });
    expect(await errorOf(t.mutation(api.projects.remove, { id }))).toMatchObject({ message: "ログインが必要です" });
    await owner.as.mutation(api.projects.remove, { id });
    expect(await errorOf(owner.as.mutation(api.projects.remove, { id }))).toEqual({
      code: "NOT_FOUND",
      message: "プロジェクトが見つかりません",
    });
    expect(await errorOf(owner.as.mutation(api.projects.remove, { id: "bad" as Id<"projects"> }))).toMatch(/Validator|projects/);
  });
});

test("backfillSearchText brings old search text up to date", async () => {
  const t = newTest();
  const author = await createUser(t);
  const id = await createWork(t, author.userId, { title: "記録", description: "毎日" });
  await t.run(async (ctx) => ctx.db.patch("projects", id, { searchText: "記録 毎日" }));
  expect((await t.query(api.projects.search, { search: "録", sort: "newest" })).items).toEqual([]);
  await t.mutation(internal.projects.backfillSearchText, {});
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  expect((await t.query(api.projects.search, { search: "録", sort: "newest" })).items.map((w) => w._id)).toEqual([id]);
});

test("backfillSearchText refolds text stored before kana folding, so ぱれっと finds パレット", async () => {
  const t = newTest();
  const author = await createUser(t);
  const id = await createWork(t, author.userId, { title: "今日のパレット", description: "配色をＡＩが提案" });
  // As searchTextFor wrote it before katakana was folded: NFKC and lower case only.
  const unfolded = "今日 日の のパ パレ レッ ット ト 配色 色を をa ai iが が提 提案 案";
  await t.run(async (ctx) => ctx.db.patch("projects", id, { searchText: unfolded }));
  const found = async (search: string) => (await t.query(api.projects.search, { search, sort: "newest" })).items.map((w) => w._id);
  expect(await found("ぱれっと")).toEqual([]);
  await t.mutation(internal.projects.backfillSearchText, {});
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  for (const search of ["ぱれっと", "パレット", "ﾊﾟﾚｯﾄ", "ＡＩ", "ai"]) expect(await found(search), search).toEqual([id]);
});
