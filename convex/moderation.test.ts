// The moderation desk: role checks, hide / restore / delete with exact counters, suspension,
// review requests, the audit log and roles.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { addLike, insertComment } from "./model/engagement";
import { readSiteCounter } from "./model/siteCounters";
import { createChallenge, useJapanNoon } from "./model/challenges.testkit";
import { updateProject } from "./model/projects";
import { createWork, workInput } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 20, cursor: null };
const DAY = 24 * 60 * 60 * 1000;

async function withRole(t: TestConvex, role: "moderator" | "admin", profile: { handle?: string } = {}) {
  const user = await createUser(t, profile);
  await t.run((ctx) => ctx.db.patch("users", user.userId, { role }));
  return user;
}

async function siteTotals(t: TestConvex) {
  return await t.run(async (ctx) => ({
    projects: await readSiteCounter(ctx, "projects"),
    zeroCodeProjects: await readSiteCounter(ctx, "zeroCodeProjects"),
    likes: await readSiteCounter(ctx, "likes"),
  }));
}

const toolRows = (t: TestConvex, projectId: Id<"projects">) =>
  t.run((ctx) =>
    ctx.db
      .query("projectAiTools")
      .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
      .collect(),
  );

const moderationNotices = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) =>
    (
      await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .order("desc")
        .take(50)
    ).filter((n) => n.type === "moderation"),
  );

const galleryIds = async (t: TestConvex, viewer: Pick<TestConvex, "query"> = t) =>
  (await viewer.query(api.projects.list, { paginationOpts: page, sort: "newest" })).page.map((w) => w._id);

describe("role checks", () => {
  test("visitors and ordinary users are refused; moderators and admins get in", async () => {
    const t = newTest();
    const user = await createUser(t);
    const moderator = await withRole(t, "moderator");
    const admin = await withRole(t, "admin");
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const moderatorOnly = [
      (c: Pick<TestConvex, "query" | "mutation">) => c.query(api.moderation.queue, { paginationOpts: page }),
      (c: Pick<TestConvex, "query" | "mutation">) => c.query(api.moderation.log, { paginationOpts: page }),
      (c: Pick<TestConvex, "query" | "mutation">) => c.query(api.moderation.staff, {}),
      (c: Pick<TestConvex, "query" | "mutation">) => c.query(api.moderation.targetCase, { targetType: "work", targetId: projectId }),
      (c: Pick<TestConvex, "query" | "mutation">) =>
        c.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "確認のため" }),
    ];
    for (const call of moderatorOnly) {
      expect(await errorOf(call(t))).toMatchObject({ code: "UNAUTHENTICATED" });
      expect(await errorOf(call(user.as))).toEqual({ code: "FORBIDDEN", message: "この操作はモデレーターのみ行えます" });
    }
    for (const call of moderatorOnly.slice(0, 4)) {
      await call(moderator.as);
      await call(admin.as);
    }
    const setRole = (c: Pick<TestConvex, "mutation">) =>
      c.mutation(api.moderation.setRole, { user: user.userId, role: "moderator", note: "お手伝い" });
    expect(await errorOf(setRole(t))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await errorOf(setRole(user.as))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(setRole(moderator.as))).toEqual({ code: "FORBIDDEN", message: "この操作は管理者のみ行えます" });
    await setRole(admin.as);
    expect(await errorOf(t.mutation(api.moderation.requestReview, { targetType: "work", targetId: projectId }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  test("the note is required and bounded; days only with a suspension, 1..365", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const act = (args: { kind: "hide" | "suspend"; note: string; days?: number }) =>
      moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, ...args });
    expect(await errorOf(act({ kind: "hide", note: "  " }))).toMatchObject({ code: "INVALID_INPUT", message: "理由を入力してください" });
    expect(await errorOf(act({ kind: "hide", note: "あ".repeat(501) }))).toMatchObject({ code: "INVALID_INPUT" });
    expect(await errorOf(act({ kind: "hide", note: "理由", days: 3 }))).toMatchObject({ code: "INVALID_INPUT" });
    for (const days of [0, 366, 1.5]) {
      expect(await errorOf(act({ kind: "suspend", note: "理由", days }))).toMatchObject({ code: "INVALID_INPUT" });
    }
    expect(
      await errorOf(moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: "nope", kind: "hide", note: "x" })),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(
      await errorOf(moderator.as.mutation(api.moderation.act, { targetType: "user", targetId: author.userId, kind: "hide", note: "x" })),
    ).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("hiding a work", () => {
  test("hide → restore → delete keeps every counter exact and the lists right", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const author = await createUser(t);
    const other = await createUser(t);
    const fans = await Promise.all([createUser(t), createUser(t)]);
    const kept = await createWork(t, other.userId, { title: "残る作品" });
    const projectId = await createWork(t, author.userId, { title: "問題の作品", isZeroCode: true, aiTools: ["Claude", "v0"] });
    await t.run(async (ctx) => {
      for (const fan of fans) await addLike(ctx, fan.userId, projectId);
      await insertComment(ctx, fans[0].userId, projectId, "いいですね");
    });
    const challengeId = await createChallenge(other.as);
    await author.as.mutation(api.challenges.enter, { challengeId, projectId });
    const before = await siteTotals(t);
    expect(before).toEqual({ projects: 2, zeroCodeProjects: 1, likes: 2 });
    expect(await toolRows(t, projectId)).toHaveLength(2);

    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "規約違反の疑い" });
    expect(await siteTotals(t)).toEqual({ projects: 1, zeroCodeProjects: 0, likes: 0 });
    expect(await toolRows(t, projectId)).toHaveLength(0);
    const hidden = await t.run((ctx) => ctx.db.get("projects", projectId));
    expect(hidden).toMatchObject({
      hidden: true,
      likesCount: 2,
      commentsCount: 1,
      moderation: { state: "hidden", reason: "規約違反の疑い", reviewRequested: false },
    });
    // Out of every list others see.
    expect(await galleryIds(t, other.as)).toEqual([kept]);
    expect((await t.query(api.projects.list, { paginationOpts: page, sort: "popular", aiTool: "v0" })).page).toEqual([]);
    expect((await t.query(api.projects.search, { search: "問題", sort: "newest" })).items).toEqual([]);
    expect((await t.query(api.home.overview, {})).topWorks.map((w) => w._id)).toEqual([kept]);
    expect((await t.query(api.home.overview, {})).counts).toMatchObject({ projects: 1, zeroCodeProjects: 0, likes: 0 });
    expect((await other.as.query(api.profiles.works, { userId: author.userId, paginationOpts: page })).page).toEqual([]);
    expect((await t.query(api.challenges.entries, { challengeId, paginationOpts: page })).page).toEqual([]);
    expect((await moderationNotices(t, author.userId))[0]).toMatchObject({
      title: "作品が非公開になりました",
      projectId,
    });
    expect((await moderationNotices(t, author.userId))[0]!.message).toContain("規約違反の疑い");

    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "restore", note: "問題なし" });
    expect(await siteTotals(t)).toEqual(before);
    const rows = await toolRows(t, projectId);
    expect(rows.map((r) => r.tool).sort()).toEqual(["Claude", "v0"]);
    expect(rows[0]).toMatchObject({ genre: "game", isZeroCode: true, likesCount: 2 });
    const restored = await t.run((ctx) => ctx.db.get("projects", projectId));
    expect(restored?.hidden).toBeUndefined();
    expect(restored?.moderation).toBeUndefined();
    expect((await galleryIds(t)).sort()).toEqual([kept, projectId].sort());
    expect((await t.query(api.projects.search, { search: "問題", sort: "newest" })).items.map((w) => w._id)).toEqual([projectId]);
    expect((await t.query(api.challenges.entries, { challengeId, paginationOpts: page })).page).toHaveLength(1);
    expect((await moderationNotices(t, author.userId))[0]).toMatchObject({ title: "作品の表示を再開しました" });

    // Hidden again, then deleted: the site totals come off once only.
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "再確認" });
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "delete", note: "削除します" });
    expect(await siteTotals(t)).toEqual({ projects: 1, zeroCodeProjects: 0, likes: 0 });
    expect(await t.run((ctx) => ctx.db.get("projects", projectId))).toBeNull();
    expect(await toolRows(t, projectId)).toHaveLength(0);
    expect((await moderationNotices(t, author.userId))[0]).toMatchObject({ title: "作品が削除されました" });
  });

  test("a visible work deleted by a moderator lowers the totals once", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await t.run((ctx) => addLike(ctx, fan.userId, projectId));
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "delete", note: "スパム" });
    expect(await siteTotals(t)).toEqual({ projects: 0, zeroCodeProjects: 0, likes: 0 });
  });

  test("restore refuses a visible work; the owner's edit of a hidden work writes no AI-tool rows", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    expect(
      await errorOf(moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "restore", note: "x" })),
    ).toMatchObject({ code: "INVALID_STATE" });
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "確認中" });
    await t.run(async (ctx) => {
      const work = (await ctx.db.get("projects", projectId))!;
      await updateProject(ctx, work, { ...workInput, aiTools: ["Cursor"] }, Date.now());
    });
    expect(await toolRows(t, projectId)).toHaveLength(0);
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "restore", note: "戻す" });
    expect((await toolRows(t, projectId)).map((row) => row.tool)).toEqual(["Cursor"]);
  });
});

describe("hiding a comment", () => {
  test("commentsCount drops on hide, returns on restore, and a hidden comment's delete takes nothing twice", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const author = await createUser(t);
    const writer = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const [first, second] = await t.run(async (ctx) => [
      await insertComment(ctx, writer.userId, projectId, "ひどいコメント"),
      await insertComment(ctx, writer.userId, projectId, "ふつうのコメント"),
    ]);
    const count = async () => (await t.run((ctx) => ctx.db.get("projects", projectId)))!.commentsCount;
    expect(await count()).toBe(2);
    await moderator.as.mutation(api.moderation.act, { targetType: "comment", targetId: first, kind: "hide", note: "暴言" });
    expect(await count()).toBe(1);
    expect(await t.run((ctx) => ctx.db.get("comments", first))).toMatchObject({ hidden: true, moderation: { state: "hidden" } });
    expect((await moderationNotices(t, writer.userId))[0]).toMatchObject({ title: "コメントが非表示になりました", projectId });
    // Others no longer see it; its writer does.
    expect((await t.query(api.comments.list, { projectId, paginationOpts: page })).page.map((c) => c._id)).toEqual([second]);
    await moderator.as.mutation(api.moderation.act, { targetType: "comment", targetId: first, kind: "restore", note: "誤りでした" });
    expect(await count()).toBe(2);
    await moderator.as.mutation(api.moderation.act, { targetType: "comment", targetId: first, kind: "hide", note: "やはり暴言" });
    expect(await count()).toBe(1);
    await writer.as.mutation(api.comments.remove, { commentId: first });
    expect(await count()).toBe(1);
    await moderator.as.mutation(api.moderation.act, { targetType: "comment", targetId: second, kind: "delete", note: "削除" });
    expect(await count()).toBe(0);
  });
});

describe("hiding a challenge", () => {
  test("the summary counters and the list follow hide, restore and delete; its status cannot move while hidden", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const organiser = await createUser(t);
    const entrant = await createUser(t);
    const challengeId = await createChallenge(organiser.as);
    const projectId = await createWork(t, entrant.userId);
    await entrant.as.mutation(api.challenges.enter, { challengeId, projectId });
    const summary = () => t.query(api.challenges.summary, {});
    const listed = async () => (await t.query(api.challenges.list, { paginationOpts: page })).page.map((c) => c._id);
    expect(await summary()).toEqual({ active: 1, voting: 0, ended: 0 });

    await moderator.as.mutation(api.moderation.act, { targetType: "challenge", targetId: challengeId, kind: "hide", note: "不適切" });
    expect(await summary()).toEqual({ active: 0, voting: 0, ended: 0 });
    expect(await listed()).toEqual([]);
    expect((await t.query(api.challenges.list, { status: "active", paginationOpts: page })).page).toEqual([]);
    expect(await errorOf(organiser.as.mutation(api.challenges.startVoting, { challengeId }))).toMatchObject({ code: "NOT_FOUND" });
    expect((await moderationNotices(t, organiser.userId))[0]).toMatchObject({ title: "チャレンジが非公開になりました", challengeId });

    await moderator.as.mutation(api.moderation.act, { targetType: "challenge", targetId: challengeId, kind: "restore", note: "問題なし" });
    expect(await summary()).toEqual({ active: 1, voting: 0, ended: 0 });
    expect(await listed()).toEqual([challengeId]);
    await organiser.as.mutation(api.challenges.startVoting, { challengeId });
    expect(await summary()).toEqual({ active: 0, voting: 1, ended: 0 });

    await moderator.as.mutation(api.moderation.act, { targetType: "challenge", targetId: challengeId, kind: "hide", note: "再確認" });
    await moderator.as.mutation(api.moderation.act, { targetType: "challenge", targetId: challengeId, kind: "delete", note: "削除" });
    expect(await summary()).toEqual({ active: 0, voting: 0, ended: 0 });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const left = await t.run(async (ctx) => ({
      challenge: await ctx.db.get("challenges", challengeId),
      entries: await ctx.db
        .query("challengeSubmissions")
        .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
        .collect(),
      submissions: await readSiteCounter(ctx, "challengeSubmissions"),
    }));
    expect(left).toEqual({ challenge: null, entries: [], submissions: 0 });
  });
});

describe("suspension", () => {
  test("suspends the author of a work for some days, refuses their writes, and lifts it", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const otherWork = await createWork(t, moderator.userId);
    await moderator.as.mutation(api.moderation.act, {
      targetType: "work",
      targetId: projectId,
      kind: "suspend",
      note: "スパム投稿",
      days: 7,
    });
    const user = await t.run((ctx) => ctx.db.get("users", author.userId));
    expect(user?.suspension).toEqual({ reason: "スパム投稿", since: Date.now(), until: Date.now() + 7 * DAY });
    expect(await errorOf(author.as.mutation(api.likes.toggle, { projectId: otherWork }))).toMatchObject({ code: "SUSPENDED" });
    expect((await moderationNotices(t, author.userId))[0]).toMatchObject({ title: "アカウントが一時停止されました（1月22日まで）" });
    const [entry] = (await moderator.as.query(api.moderation.log, { paginationOpts: page })).page;
    expect(entry).toMatchObject({ kind: "suspend", until: Date.now() + 7 * DAY, subject: { _id: author.userId } });

    await moderator.as.mutation(api.moderation.act, { targetType: "user", targetId: author.userId, kind: "unsuspend", note: "解除" });
    expect((await t.run((ctx) => ctx.db.get("users", author.userId)))?.suspension).toBeUndefined();
    await author.as.mutation(api.likes.toggle, { projectId: otherWork });
    expect(
      await errorOf(
        moderator.as.mutation(api.moderation.act, { targetType: "user", targetId: author.userId, kind: "unsuspend", note: "x" }),
      ),
    ).toMatchObject({ code: "INVALID_STATE" });
  });

  test("until lifted without days; staff and oneself cannot be suspended", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const admin = await withRole(t, "admin");
    const user = await createUser(t);
    await moderator.as.mutation(api.moderation.act, { targetType: "user", targetId: user.userId, kind: "suspend", note: "荒らし" });
    expect((await t.run((ctx) => ctx.db.get("users", user.userId)))?.suspension).toEqual({ reason: "荒らし", since: Date.now() });
    expect((await moderationNotices(t, user.userId))[0]).toMatchObject({ title: "アカウントが一時停止されました" });
    for (const target of [moderator, admin]) {
      expect(
        await errorOf(
          moderator.as.mutation(api.moderation.act, { targetType: "user", targetId: target.userId, kind: "suspend", note: "x" }),
        ),
      ).toMatchObject({ code: "FORBIDDEN" });
    }
  });
});

describe("requestReview", () => {
  test("once per action, by the author only, reopening the case; a new action allows another", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator");
    const author = await createUser(t);
    const other = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const ask = (as: Pick<TestConvex, "mutation">) =>
      as.mutation(api.moderation.requestReview, { targetType: "work", targetId: projectId });
    expect(await errorOf(ask(author.as))).toMatchObject({ code: "INVALID_STATE" });
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "不適切" });
    expect((await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page).toEqual([]);
    expect(await errorOf(ask(other.as))).toMatchObject({ code: "FORBIDDEN" });

    // Allowed while suspended.
    await moderator.as.mutation(api.moderation.act, { targetType: "user", targetId: author.userId, kind: "suspend", note: "停止" });
    await ask(author.as);
    expect(await errorOf(ask(author.as))).toEqual({ code: "CONFLICT", message: "この対応への再審査はすでに依頼済みです" });
    const [queued] = (await moderator.as.query(api.moderation.queue, { paginationOpts: page })).page;
    expect(queued).toMatchObject({ targetType: "work", targetId: projectId, openCount: 1, target: { state: "hidden" } });
    const detail = await moderator.as.query(api.moderation.caseDetail, { caseId: queued!.caseId });
    expect(detail?.reports).toEqual([expect.objectContaining({ source: "review", reporter: null })]);
    expect(detail?.author?.history.map((e) => e.kind)).toEqual(["review_requested", "suspend", "hide"]);
    expect(await moderator.as.query(api.moderation.targetCase, { targetType: "work", targetId: projectId })).toEqual({
      caseId: queued!.caseId,
      state: "hidden",
    });

    // Upheld: the moderator dismisses the review; the work stays hidden and no second request.
    await moderator.as.mutation(api.moderation.act, {
      targetType: "work",
      targetId: projectId,
      kind: "dismiss",
      note: "判断は変わりません",
    });
    expect((await t.run((ctx) => ctx.db.get("projects", projectId)))?.hidden).toBe(true);
    expect(await errorOf(ask(author.as))).toMatchObject({ code: "CONFLICT" });
    expect(await moderator.as.query(api.moderation.targetCase, { targetType: "work", targetId: projectId })).toEqual({
      caseId: null,
      state: "hidden",
    });
    // A new action may be reviewed again.
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "理由を更新" });
    await ask(author.as);
  });
});

describe("the audit log", () => {
  test("newest first, never changed by later actions; automatic entries have no moderator", async () => {
    const t = newTest();
    const moderator = await withRole(t, "moderator", { handle: "mod_a" });
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId, { title: "記録される作品" });
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "hide", note: "一回目" });
    const snapshot = await t.run((ctx) => ctx.db.query("moderationActions").collect());
    vi.advanceTimersByTime(1000);
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "restore", note: "二回目" });
    vi.advanceTimersByTime(1000);
    await moderator.as.mutation(api.moderation.act, { targetType: "work", targetId: projectId, kind: "delete", note: "三回目" });
    const log = (await moderator.as.query(api.moderation.log, { paginationOpts: page })).page;
    expect(log.map((e) => [e.kind, e.note])).toEqual([
      ["delete", "三回目"],
      ["restore", "二回目"],
      ["hide", "一回目"],
    ]);
    // The label survives the delete.
    expect(log[0]).toMatchObject({ targetLabel: "記録される作品", moderator: { handle: "mod_a" }, subject: { _id: author.userId } });
    const after = await t.run((ctx) => ctx.db.query("moderationActions").collect());
    expect(after.slice(0, snapshot.length)).toEqual(snapshot);
  });
});

describe("roles", () => {
  test("an admin grants and revokes by handle or id; staff lists them; an admin keeps their own role", async () => {
    const t = newTest();
    const admin = await withRole(t, "admin", { handle: "boss" });
    const user = await createUser(t, { handle: "helper" });
    await admin.as.mutation(api.moderation.setRole, { user: "@helper", role: "moderator", note: "手伝ってもらう" });
    expect(await admin.as.query(api.moderation.staff, {})).toEqual([
      expect.objectContaining({ _id: admin.userId, role: "admin" }),
      expect.objectContaining({ _id: user.userId, role: "moderator" }),
    ]);
    // The new moderator reaches the desk.
    await user.as.query(api.moderation.queue, { paginationOpts: page });
    await admin.as.mutation(api.moderation.setRole, { user: user.userId, role: null, note: "交代" });
    expect(await errorOf(user.as.query(api.moderation.queue, { paginationOpts: page }))).toMatchObject({ code: "FORBIDDEN" });
    expect((await admin.as.query(api.moderation.log, { paginationOpts: page })).page.map((e) => [e.kind, e.role])).toEqual([
      ["revoke_role", "moderator"],
      ["grant_role", "moderator"],
    ]);
    expect(await errorOf(admin.as.mutation(api.moderation.setRole, { user: admin.userId, role: "moderator", note: "x" }))).toEqual({
      code: "FORBIDDEN",
      message: "自分の管理者権限は外せません",
    });
    expect(await errorOf(admin.as.mutation(api.moderation.setRole, { user: "nobody", role: "moderator", note: "x" }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
