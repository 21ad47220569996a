import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createWork, shown } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";
import { readUserStats } from "./model/userStats";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const page = { numItems: 20, cursor: null };

type Answer = number | "network error";

/**
 * An EmailJS-compatible endpoint that answers each POST with the next of `answers` (then 200),
 * configured as the deployment's e-mail settings. `sent()` runs the scheduled work (the
 * retrier's tries and backoff included) and returns the bodies POSTed.
 */
function mailEndpoint(...answers: Answer[]) {
  const env = { EMAILJS_SERVICE_ID: "s", EMAILJS_TEMPLATE_ID: "tpl", EMAILJS_PUBLIC_KEY: "pk", EMAILJS_ENDPOINT: "https://mail.test/send" };
  for (const [k, value] of Object.entries(env)) vi.stubEnv(k, value);
  const bodies: Array<{ service_id: string; template_id: string; user_id: string; template_params: Record<string, string> }> = [];
  const fetchMock = vi.fn((url: string, init: { body: string }) => {
    expect(url).toBe("https://mail.test/send");
    bodies.push(JSON.parse(init.body) as (typeof bodies)[number]);
    const answer = answers.shift() ?? 200;
    if (answer === "network error") return Promise.reject(new TypeError("fetch failed"));
    return Promise.resolve(new Response(answer === 200 ? "OK" : "no", { status: answer }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    async sent(t: TestConvex) {
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      return bodies;
    },
  };
}
/**
 * E-mail notifications are off by default (docs/decisions.md "Notifications"); these authors turn
 * them on.
 */
async function wantsEmail(t: TestConvex, userId: Id<"users">, on = true) {
  await t.run(async (ctx) => {
    const user = (await ctx.db.get("users", userId))!;
    await ctx.db.patch("users", userId, {
      settings: { ...user.settings, notifications: { ...user.settings.notifications, email: on } },
    });
  });
}

const commentNotifications = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) =>
    (
      await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(100)
    ).filter((n) => n.type === "comment"),
  );

describe("comments.add", () => {
  test("adds, counts, notifies with a preview and sends the e-mail", async () => {
    const mail = mailEndpoint();
    const t = newTest();
    const author = await createUser(t);
    await wantsEmail(t, author.userId);
    const fan = await createUser(t, { displayName: "ファン" });
    const projectId = await createWork(t, author.userId, { title: "作品A" });
    const long = "あ".repeat(60);
    const commentId = await fan.as.mutation(api.comments.add, { projectId, content: `  ${long}  ` });
    const work = shown(await t.query(api.projects.get, { id: projectId }));
    expect(work?.commentsCount).toBe(1);
    const [notification] = await commentNotifications(t, author.userId);
    expect(notification).toMatchObject({ fromUserId: fan.userId, projectId, commentPreview: "あ".repeat(50) + "…" });
    const [email] = await mail.sent(t);
    expect(email!.template_params).toMatchObject({ comment_content: long, from_name: "ファン" });
    expect(await t.run((ctx) => ctx.db.get("comments", commentId))).not.toBeNull();

    await fan.as.mutation(api.comments.add, { projectId, content: "短い" });
    expect((await commentNotifications(t, author.userId)).map((n) => n.commentPreview)).toContain("短い");

    const listed = await fan.as.query(api.comments.list, { projectId, paginationOpts: page });
    expect(listed.page.map((c) => c.content)).toEqual(["短い", long]);
    expect(listed.page[0]).toMatchObject({ isMine: true, canDelete: true, author: { displayName: "ファン" } });
    // The work's author may delete it too (not theirs, but on their work); a stranger or visitor not.
    expect((await author.as.query(api.comments.list, { projectId, paginationOpts: page })).page[0]).toMatchObject({
      isMine: false,
      canDelete: true,
    });
    const stranger = await createUser(t);
    expect((await stranger.as.query(api.comments.list, { projectId, paginationOpts: page })).page[0]!.canDelete).toBe(false);
    expect((await t.query(api.comments.list, { projectId, paginationOpts: page })).page[0]!.canDelete).toBe(false);
    expect(await mail.sent(t)).toHaveLength(2);
  });

  test("no notification or e-mail for one's own work; none when the author opted out", async () => {
    const mail = mailEndpoint();
    const t = newTest();
    const author = await createUser(t);
    await wantsEmail(t, author.userId);
    const fan = await createUser(t);
    const noMail = await createUser(t, {});
    await wantsEmail(t, noMail.userId);
    const projectId = await createWork(t, author.userId);
    await author.as.mutation(api.comments.add, { projectId, content: "自分" });
    expect(await commentNotifications(t, author.userId)).toHaveLength(0);
    expect(await mail.sent(t)).toHaveLength(0);

    await t.run(async (ctx) => {
      const user = (await ctx.db.get("users", author.userId))!;
      await ctx.db.patch("users", author.userId, {
        settings: {
          ...user.settings,
          notifications: { ...user.settings.notifications, comments: false },
          emailNotifications: { comments: false },
        },
      });
    });
    await fan.as.mutation(api.comments.add, { projectId, content: "他人" });
    expect(await commentNotifications(t, author.userId)).toHaveLength(0);
    expect(await mail.sent(t)).toHaveLength(0);

    // An author without an e-mail address gets the notification but no e-mail.
    const mailless = await createWork(t, noMail.userId);
    await t.run(async (ctx) => ctx.db.patch("users", noMail.userId, { email: undefined }));
    await fan.as.mutation(api.comments.add, { projectId: mailless, content: "メールなし" });
    expect(await commentNotifications(t, noMail.userId)).toHaveLength(1);
    expect(await mail.sent(t)).toHaveLength(0);
  });

  test("signed out, blank, too long and missing work are refused", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    expect(await errorOf(t.mutation(api.comments.add, { projectId, content: "x" }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "コメントするにはログインが必要です",
    });
    expect(await errorOf(author.as.mutation(api.comments.add, { projectId, content: " \n " }))).toMatchObject({
      message: "コメントを入力してください",
    });
    await author.as.mutation(api.comments.add, { projectId, content: "字".repeat(1000) });
    expect(await errorOf(author.as.mutation(api.comments.add, { projectId, content: "字".repeat(1001) }))).toMatchObject({
      message: "コメントは1000文字以内で入力してください",
    });
    await t.run(async (ctx) => ctx.db.delete("projects", projectId));
    expect(await errorOf(author.as.mutation(api.comments.add, { projectId, content: "x" }))).toEqual({
      code: "NOT_FOUND",
      message: "プロジェクトが見つかりません",
    });
  });

  test("activeCommenter is awarded at the 10th comment", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await t.run(async (ctx) => {
      const user = (await ctx.db.get("users", author.userId))!;
      await ctx.db.patch("users", author.userId, { settings: { ...user.settings, emailNotifications: { comments: false } } });
    });
    // Ten comments at a person's pace (the comment rate limit allows a burst of five).
    for (let i = 0; i < 10; i++) {
      await fan.as.mutation(api.comments.add, { projectId, content: `c${i}` });
      vi.advanceTimersByTime(10_000);
    }
    const badge = await t.run((ctx) =>
      ctx.db
        .query("userBadges")
        .withIndex("by_userId_and_badgeId", (q) => q.eq("userId", fan.userId).eq("badgeId", "activeCommenter"))
        .first(),
    );
    expect(badge).not.toBeNull();
  });
});

describe("comments.remove", () => {
  test("only the comment's author (or the work's, mutes.test.ts) may delete it; counts go back", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const stranger = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const commentId = await fan.as.mutation(api.comments.add, { projectId, content: "消す" });
    expect(await errorOf(stranger.as.mutation(api.comments.remove, { commentId }))).toEqual({
      code: "FORBIDDEN",
      message: "このコメントを削除する権限がありません",
    });
    expect(await errorOf(t.mutation(api.comments.remove, { commentId }))).toMatchObject({ message: "ログインが必要です" });
    await fan.as.mutation(api.comments.remove, { commentId });
    expect(shown(await t.query(api.projects.get, { id: projectId }))?.commentsCount).toBe(0);
    expect((await t.run((ctx) => readUserStats(ctx, fan.userId))).commentsCount).toBe(0);
    expect((await t.query(api.comments.list, { projectId, paginationOpts: page })).page).toEqual([]);
    expect(await errorOf(fan.as.mutation(api.comments.remove, { commentId }))).toEqual({
      code: "NOT_FOUND",
      message: "コメントが見つかりません",
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });
});

describe("emails.sendCommentEmail", () => {
  async function commentOnce(t: TestConvex) {
    const author = await createUser(t, { displayName: "作者" });
    await wantsEmail(t, author.userId);
    const fan = await createUser(t, { displayName: "ファン" });
    const projectId = await createWork(t, author.userId, { title: "作品B" });
    const commentId = await fan.as.mutation(api.comments.add, { projectId, content: "素敵です" });
    return { projectId, commentId };
  }

  test("only for an author who keeps e-mail notifications on (off by default)", async () => {
    const mail = mailEndpoint();
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await fan.as.mutation(api.comments.add, { projectId, content: "メールなし" });
    expect(await mail.sent(t)).toHaveLength(0);
    await wantsEmail(t, author.userId);
    await fan.as.mutation(api.comments.add, { projectId, content: "メールあり" });
    expect((await mail.sent(t)).map((m) => m.template_params.comment_content)).toEqual(["メールあり"]);
  });

  test("is skipped with a log line when not configured", async () => {
    const t = newTest();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await commentOnce(t);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(log).toHaveBeenCalledWith("comment e-mail skipped: not configured");
    log.mockRestore();
  });

  test("posts the SPEC payload once when the provider accepts it", async () => {
    const mail = mailEndpoint(200);
    const t = newTest();
    const { projectId } = await commentOnce(t);
    const sent = await mail.sent(t);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ service_id: "s", template_id: "tpl", user_id: "pk" });
    expect(sent[0]!.template_params).toMatchObject({
      to_name: "作者",
      from_name: "ファン",
      project_title: "作品B",
      comment_content: "素敵です",
      app_name: "Vibe Gallery",
    });
    expect(Object.keys(sent[0]!.template_params).sort()).toEqual(
      ["app_name", "comment_content", "comment_date", "from_name", "project_title", "project_url", "to_email", "to_name"].sort(),
    );
    expect(sent[0]!.template_params.project_url).toContain(`/projects/${projectId}`);
  });

  test.each([403, 451])("a %i refusal is logged and dropped after one try", async (status) => {
    const mail = mailEndpoint(status);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = newTest();
    const { commentId } = await commentOnce(t);
    expect(await mail.sent(t)).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(`comment e-mail dropped: HTTP ${status}`);
    expect(await t.run((ctx) => ctx.db.get("comments", commentId))).not.toBeNull();
    warn.mockRestore();
  });

  test.each<[string, Answer[], number]>([
    ["429 then 200: 2 tries", [429, 200], 2],
    ["a network error then 200: 2 tries", ["network error", 200], 2],
    ["503, 502 then 200: 3 tries", [503, 502, 200], 3],
    ["500 three times: 3 tries, then it gives up", [500, 500, 500, 200], 3],
  ])("retries with backoff: %s", async (_name, answers, tries) => {
    const mail = mailEndpoint(...answers);
    const t = newTest();
    const { commentId } = await commentOnce(t);
    expect(await mail.sent(t)).toHaveLength(tries);
    // The comment never depends on the e-mail.
    expect(await t.run((ctx) => ctx.db.get("comments", commentId))).not.toBeNull();
  });
});
