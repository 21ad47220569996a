// Reports and the automatic signals: one open report per reporter and target, the rate limit,
// the threshold hide by trusted reporters, the duplicate demo URL flag and held comments.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { demoUrlKey } from "./model/demoUrls";
import { insertComment } from "./model/engagement";
import { japanDate } from "./model/japanTime";
import { MODERATION_RULES } from "./model/moderationRules";
import { uploadShot } from "./model/screenshots.testkit";
import { readSiteCounter } from "./model/siteCounters";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 20, cursor: null };
const DAY = 24 * 60 * 60 * 1000;
type Client = Awaited<ReturnType<typeof createUser>>["as"];

async function moderatorOf(t: TestConvex) {
  const user = await createUser(t);
  await t.run((ctx) => ctx.db.patch("users", user.userId, { role: "moderator" }));
  return user;
}

/** Users whose accounts are older than the trusted age. */
async function oldUsers(t: TestConvex, count: number) {
  const users = [];
  for (let i = 0; i < count; i++) users.push(await createUser(t));
  vi.setSystemTime(Date.now() + MODERATION_RULES.trustedAccountAge + DAY);
  return users;
}

const report = (as: Client, targetType: "work" | "comment" | "challenge" | "user", targetId: string, note?: string) =>
  as.mutation(api.reports.create, { targetType, targetId, reason: "spam", ...(note !== undefined ? { note } : {}) });

describe("reports.create", () => {
  test("a work already hidden by a moderator cannot be reported by others (they cannot see it)", async () => {
    const t = newTest();
    const [author, reporter] = await oldUsers(t, 2);
    const moderator = await moderatorOf(t);
    const projectId = await createWork(t, author!.userId, { title: "非表示の作品" });
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "規約違反" });
    expect(await errorOf(report(reporter!.as, "work", projectId))).toMatchObject({ code: "NOT_FOUND" });
  });

  test("files a report, one open per reporter and target, and queues the case", async () => {
    const t = newTest();
    const [author, reporter, second] = await oldUsers(t, 3);
    const moderator = await moderatorOf(t);
    const projectId = await createWork(t, author!.userId, { title: "通報される作品" });
    expect(await report(reporter!.as, "work", projectId, "  宣伝ばかりです  ")).toEqual({ status: "created" });
    expect(await report(reporter!.as, "work", projectId)).toEqual({ status: "alreadyOpen" });
    vi.advanceTimersByTime(1000);
    await second!.as.mutation(api.reports.create, { targetType: "work", targetId: projectId, reason: "rights" });
    const [item] = (await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page;
    expect(item).toMatchObject({
      targetType: "work",
      targetId: projectId,
      openCount: 2,
      reasons: [
        { reason: "spam", count: 1 },
        { reason: "rights", count: 1 },
      ],
      target: { label: "通報される作品", path: `/projects/${projectId}`, state: "visible", author: { _id: author!.userId } },
    });
    const detail = await moderator.as.query(api.moderation.caseDetail, { caseId: item!.caseId });
    expect(detail?.reports.map((r) => [r.reason, r.note, r.source])).toEqual([
      ["rights", null, "report"],
      ["spam", "宣伝ばかりです", "report"],
    ]);
    expect(detail?.reports[1]?.reporter?.displayName).toBeTruthy();

    // Acting closes the case and resolves the reports; a new report reopens it.
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "dismiss", note: "問題なし" });
    expect((await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page).toEqual([]);
    expect((await reporter!.as.query(api.reports.mine, { paginationOpts: page })).page[0]).toMatchObject({ status: "dismissed" });
    expect(await report(reporter!.as, "work", projectId)).toEqual({ status: "created" });
    expect((await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page).toEqual([
      expect.objectContaining({ caseId: item!.caseId, openCount: 1, reasons: [{ reason: "spam", count: 1 }] }),
    ]);
    // The reporter's own list: theirs only, newest first.
    const mine = (await reporter!.as.query(api.reports.mine, { paginationOpts: page })).page;
    expect(mine.map((r) => r.status)).toEqual(["open", "dismissed"]);
    expect(mine[0]).toMatchObject({ targetLabel: "通報される作品", targetPath: `/projects/${projectId}`, reason: "spam" });
    expect((await author!.as.query(api.reports.mine, { paginationOpts: page })).page).toEqual([]);
  });

  test("the queue lists the most reported first, then the oldest", async () => {
    const t = newTest();
    const [author, a, b] = await oldUsers(t, 3);
    const moderator = await moderatorOf(t);
    const older = await createWork(t, author!.userId, { title: "古い" });
    const newer = await createWork(t, author!.userId, { title: "新しい" });
    const most = await createWork(t, author!.userId, { title: "多い" });
    await report(a!.as, "work", older);
    vi.advanceTimersByTime(1000);
    await report(a!.as, "work", newer);
    vi.advanceTimersByTime(1000);
    await report(a!.as, "work", most);
    await report(b!.as, "work", most);
    const queue = (await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page;
    expect(queue.map((c) => c.targetId)).toEqual([most, older, newer]);
  });

  test("refuses visitors, suspended users, one's own content, missing targets and long notes", async () => {
    const t = newTest();
    const author = await createUser(t);
    const other = await createUser(t);
    const projectId = await createWork(t, author.userId);
    expect(await errorOf(t.mutation(api.reports.create, { targetType: "work", targetId: projectId, reason: "spam" }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "通報するにはログインが必要です",
    });
    expect(await errorOf(t.query(api.reports.mine, { paginationOpts: page }))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await errorOf(report(author.as, "work", projectId))).toEqual({ code: "FORBIDDEN", message: "自分のコンテンツは通報できません" });
    expect(await errorOf(report(author.as, "user", author.userId))).toMatchObject({ code: "FORBIDDEN" });
    for (const [type, id] of [
      ["work", "xyz"],
      ["comment", projectId],
      ["user", "nobody"],
    ] as const) {
      expect(await errorOf(report(other.as, type, id))).toEqual({ code: "NOT_FOUND", message: "通報する対象が見つかりません" });
    }
    expect(await errorOf(report(other.as, "work", projectId, "あ".repeat(501)))).toMatchObject({
      code: "INVALID_INPUT",
      message: "補足は500文字以内で入力してください",
    });
    await report(other.as, "work", projectId, "あ".repeat(500));
    await t.run((ctx) => ctx.db.patch("users", other.userId, { suspension: { reason: "荒らし", since: Date.now() } }));
    expect(await errorOf(report(other.as, "user", author.userId))).toMatchObject({ code: "SUSPENDED" });
    // Reading one's own reports stays possible while suspended.
    expect((await other.as.query(api.reports.mine, { paginationOpts: page })).page).toHaveLength(1);
  });

  test("is rate limited", async () => {
    const t = newTest();
    const author = await createUser(t);
    const reporter = await createUser(t);
    const works: Id<"projects">[] = [];
    for (let i = 0; i < 11; i++) works.push(await createWork(t, author.userId, { title: `作品${i}` }));
    for (const projectId of works.slice(0, 10)) await report(reporter.as, "work", projectId);
    expect(await errorOf(report(reporter.as, "work", works[10]!))).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("the report threshold", () => {
  test("three trusted reporters hide a work pending review; newer accounts do not count", async () => {
    const t = newTest();
    const author = await createUser(t);
    const trusted = await oldUsers(t, 3);
    const young = await createUser(t);
    const moderator = await moderatorOf(t);
    const projectId = await createWork(t, author.userId);
    await report(young.as, "work", projectId);
    await report(trusted[0]!.as, "work", projectId);
    await report(trusted[1]!.as, "work", projectId);
    const projects = () => t.run((ctx) => readSiteCounter(ctx, "projects"));
    expect((await t.run((ctx) => ctx.db.get("projects", projectId)))?.hidden).toBeUndefined();
    await report(trusted[2]!.as, "work", projectId);
    const work = await t.run((ctx) => ctx.db.get("projects", projectId));
    expect(work).toMatchObject({ hidden: true, moderation: { state: "pending", reviewRequested: false } });
    expect(await projects()).toBe(0);
    const [entry] = (await moderator.as.query(api.moderation.log, { paginationOpts: page })).page;
    expect(entry).toMatchObject({ kind: "auto_hide", moderator: null, subject: { _id: author.userId } });
    const notices = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", author.userId))
        .collect(),
    );
    expect(notices.filter((n) => n.type === "moderation").map((n) => n.title)).toEqual(["作品が確認待ちになりました"]);
    // A moderator who finds nothing wrong dismisses: the work comes back.
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "dismiss", note: "問題なし" });
    expect((await t.run((ctx) => ctx.db.get("projects", projectId)))?.hidden).toBeUndefined();
    expect(await projects()).toBe(1);
  });

  test("a comment is hidden too; a user is never suspended automatically", async () => {
    const t = newTest();
    const author = await createUser(t);
    const moderator = await moderatorOf(t);
    const trusted = await oldUsers(t, 3);
    const projectId = await createWork(t, trusted[0]!.userId);
    const commentId = await t.run((ctx) => insertComment(ctx, author.userId, projectId, "荒らしコメント"));
    for (const user of trusted.slice(1)) await report(user.as, "comment", commentId);
    await report(moderator.as, "comment", commentId);
    expect(await t.run((ctx) => ctx.db.get("comments", commentId))).toMatchObject({ hidden: true, moderation: { state: "pending" } });
    expect((await t.run((ctx) => ctx.db.get("projects", projectId)))?.commentsCount).toBe(0);

    const others = await oldUsers(t, 4);
    for (const user of others) await report(user.as, "user", author.userId);
    expect((await t.run((ctx) => ctx.db.get("users", author.userId)))?.suspension).toBeUndefined();
    const queue = (await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page;
    expect(queue[0]).toMatchObject({ targetType: "user", targetId: author.userId, openCount: 4, target: { state: "visible" } });
  });
});

describe("the duplicate demo URL flag", () => {
  test("demo URLs fold scheme, www, case, trailing slash, utm_* and the fragment", () => {
    expect(demoUrlKey("https://WWW.Example.com/app/?utm_source=x&id=3#top")).toBe("example.com/app?id=3");
    expect(demoUrlKey("http://example.com/app")).toBe("example.com/app");
    expect(demoUrlKey("https://example.com/App")).toBe("example.com/App");
    expect(demoUrlKey("not a url")).toBeUndefined();
  });

  test("posting or editing to another user's demo URL is flagged and stays visible", async () => {
    const t = newTest();
    const original = await createUser(t);
    const copier = await createUser(t);
    const moderator = await moderatorOf(t);
    await createWork(t, original.userId, { title: "元の作品", demoUrl: "https://myapp.example.com/" });
    // The same author's second work with the same URL is not a copy.
    const form = {
      title: "コピー",
      description: "説明です",
      vibeDescription: "雰囲気",
      genre: "tool",
      demoUrl: "https://www.myapp.example.com?utm_source=x",
      demoVideoUrl: "",
      repositoryUrl: "",
      aiTools: ["Claude"],
      techStack: [],
      tags: [],
      isZeroCode: false,
    };
    const projectId = await copier.as.mutation(api.projects.create, { ...form, screenshots: [await uploadShot(t, copier.as)] });
    const work = await t.run((ctx) => ctx.db.get("projects", projectId));
    expect(work).toMatchObject({ demoUrlKey: "myapp.example.com" });
    expect(work?.hidden).toBeUndefined();
    const [item] = (await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page;
    expect(item).toMatchObject({ targetId: projectId, reasons: [{ reason: "rights", count: 1 }], target: { state: "visible" } });
    const detail = await moderator.as.query(api.moderation.caseDetail, { caseId: item!.caseId });
    expect(detail?.reports).toEqual([
      expect.objectContaining({ source: "auto", reporter: null, note: "デモURLが別のユーザーの作品「元の作品」と同じです" }),
    ]);
    expect((await moderator.as.query(api.moderation.log, { paginationOpts: page })).page[0]).toMatchObject({
      kind: "auto_flag",
      moderator: null,
    });

    // An own second work with its own URL, then edited to the copied one.
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "dismiss", note: "許諾あり" });
    const mine = await copier.as.mutation(api.projects.create, {
      ...form,
      demoUrl: "https://copier.example.com",
      screenshots: [await uploadShot(t, copier.as)],
    });
    expect((await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page).toEqual([]);
    const current = await copier.as.query(api.projects.getForEdit, { id: mine });
    if (current.status !== "ok") throw new Error("expected the work");
    await copier.as.mutation(api.projects.update, {
      id: mine,
      ...form,
      demoUrl: "https://myapp.example.com/#demo",
      screenshots: current.work.screenshots.map(({ storageId, thumbnailStorageId }) => ({ storageId, thumbnailStorageId })),
    });
    expect((await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page.map((c) => c.targetId)).toEqual([mine]);
  });
});

describe("held comments", () => {
  test("a new account's comment with a link waits, uncounted, until a moderator approves it", async () => {
    const t = newTest();
    const author = await createUser(t);
    const moderator = await moderatorOf(t);
    const projectId = await createWork(t, author.userId);
    const newcomer = await createUser(t);
    const commentId = await newcomer.as.mutation(api.comments.add, { projectId, content: "見てください https://spam.example" });
    const comment = await t.run((ctx) => ctx.db.get("comments", commentId));
    expect(comment).toMatchObject({
      hidden: true,
      moderation: { state: "held", reason: "新しいアカウントからのリンクを含むコメントは、確認が済むまで投稿者にだけ表示されます" },
    });
    const count = async () => (await t.run((ctx) => ctx.db.get("projects", projectId)))!.commentsCount;
    expect(await count()).toBe(0);
    const authorNotices = () =>
      t.run(async (ctx) =>
        (
          await ctx.db
            .query("notifications")
            .withIndex("by_userId", (q) => q.eq("userId", author.userId))
            .collect()
        ).filter((n) => n.type === "comment"),
      );
    expect(await authorNotices()).toEqual([]);
    expect((await t.query(api.comments.list, { projectId, paginationOpts: page })).page).toEqual([]);
    expect((await newcomer.as.query(api.comments.list, { projectId, paginationOpts: page })).page.map((c) => c._id)).toEqual([commentId]);
    const [item] = (await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page;
    expect(item).toMatchObject({ targetType: "comment", targetId: commentId, target: { state: "held" } });
    expect((await moderator.as.query(api.moderation.log, { paginationOpts: page })).page[0]).toMatchObject({ kind: "auto_hold" });

    // Without a link, or from an older account, nothing is held.
    await newcomer.as.mutation(api.comments.add, { projectId, content: "リンクなしのコメント" });
    expect(await count()).toBe(1);

    // The creator's analytics count the comment shown without a hold, not the held one.
    const commentsToday = async () => {
      const { series } = await author.as.query(api.analytics.overview, { today: japanDate(Date.now()), days: 7 });
      return series.at(-1)!.comments;
    };
    expect(await commentsToday()).toBe(1);

    await moderator.as.mutation(api.moderation.act, { targetType: "comment", targetId: commentId, kind: "restore", note: "問題なし" });
    expect(await count()).toBe(2);
    // Approved, it is shown from now on, so it counts today.
    expect(await commentsToday()).toBe(2);
    expect((await t.query(api.comments.list, { projectId, paginationOpts: page })).page).toHaveLength(2);
    // Both comments are in the author's one unread comment notification, the approved one last.
    expect((await authorNotices()).map((n) => [n.fromUserId, n.commentPreview])).toEqual([
      [newcomer.userId, "見てください https://spam.example"],
    ]);

    vi.setSystemTime(Date.now() + MODERATION_RULES.linkHoldAccountAge + 1);
    await newcomer.as.mutation(api.comments.add, { projectId, content: "www.example.com もどうぞ" });
    expect(await count()).toBe(3);
  });
});
