// Saved works (ストック): saves.toggle / mergeLocal / status / list / localCards, the update
// notification to savers, and the cleanup when a work or an account is deleted.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { seedGallery } from "./model/galleryFixtures.testkit";
import { SAVES_MERGE_MAX, UPDATE_FANOUT_BATCH, UPDATE_RENOTIFY_MS } from "./model/saves";
import { uploadShot } from "./model/screenshots.testkit";
import { newUserDocument } from "./model/users";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const page = { numItems: 20, cursor: null };
type Client = Awaited<ReturnType<typeof createUser>>["as"];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const listIds = async (as: Client | TestConvex) => (await as.query(api.saves.list, { paginationOpts: page })).page.map((w) => w._id);

const hide = (t: TestConvex, projectId: Id<"projects">) => t.run((ctx) => ctx.db.patch("projects", projectId, { hidden: true }));

const savesOf = (t: TestConvex, projectId: Id<"projects">) =>
  t.run(
    async (ctx) =>
      (
        await ctx.db
          .query("saves")
          .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
          .take(100)
      ).length,
  );

const updateNotifications = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) =>
    (
      await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(100)
    ).filter((n) => n.type === "update"),
  );

async function setUpdates(t: TestConvex, userId: Id<"users">, updates: boolean | undefined) {
  await t.run(async (ctx) => {
    const user = (await ctx.db.get("users", userId))!;
    const { updates: _old, ...rest } = user.settings.notifications;
    await ctx.db.patch("users", userId, {
      settings: { ...user.settings, notifications: updates === undefined ? rest : { ...rest, updates } },
    });
  });
}

/** A work posted through the wizard (with a real screenshot) so the author can edit it. */
async function postEditable(t: TestConvex, as: Client, title = "家計簿アプリ") {
  const shot = await uploadShot(t, as);
  return await as.mutation(api.projects.create, {
    title,
    description: "毎日の支出をかんたんに記録できる家計簿です",
    vibeDescription: "気軽に続けられること",
    genre: "tool",
    demoUrl: `https://example.com/${Math.random().toString(36).slice(2)}`,
    demoVideoUrl: "",
    repositoryUrl: "",
    aiTools: ["Claude"],
    techStack: ["React"],
    tags: [],
    isZeroCode: false,
    screenshots: [shot],
  });
}

/** The author saves the edit form unchanged but for the title, then the fan-out runs. */
async function edit(t: TestConvex, as: Client, id: Id<"projects">, title: string) {
  const loaded = await as.query(api.projects.getForEdit, { id });
  if (loaded.status !== "ok") throw new Error("expected the owner's work");
  const { _id, screenshots, hasShareCard: _card, ...fields } = loaded.work;
  await as.mutation(api.projects.update, {
    id: _id,
    ...fields,
    title,
    screenshots: screenshots.map(({ storageId, thumbnailStorageId }) => ({ storageId, thumbnailStorageId })),
  });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

describe("saves.toggle and saves.status", () => {
  test("saves and unsaves; status follows; newest saved lists first", async () => {
    const t = newTest();
    const author = await createUser(t);
    const me = await createUser(t);
    const first = await createWork(t, author.userId, { title: "一つ目" });
    const second = await createWork(t, author.userId, { title: "二つ目" });
    expect(await me.as.query(api.saves.status, { projectId: first })).toBe(false);
    expect(await me.as.mutation(api.saves.toggle, { projectId: second })).toEqual({ saved: true });
    vi.advanceTimersByTime(1000);
    expect(await me.as.mutation(api.saves.toggle, { projectId: first })).toEqual({ saved: true });
    expect(await me.as.query(api.saves.status, { projectId: first })).toBe(true);
    // Saved later lists first, whatever the works' own ages.
    expect(await listIds(me.as)).toEqual([first, second]);
    expect(await me.as.mutation(api.saves.toggle, { projectId: first })).toEqual({ saved: false });
    expect(await me.as.query(api.saves.status, { projectId: first })).toBe(false);
    expect(await listIds(me.as)).toEqual([second]);
    // The card is the gallery's.
    const [card] = (await me.as.query(api.saves.list, { paginationOpts: page })).page;
    expect(card).toMatchObject({ _id: second, title: "二つ目", author: { _id: author.userId } });
  });

  test("signed out: refused, changes nothing; status is false and the list empty", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    expect(await errorOf(t.mutation(api.saves.toggle, { projectId }))).toMatchObject({
      code: "UNAUTHENTICATED",
      message: "ストックするにはログインが必要です",
    });
    expect(await errorOf(t.mutation(api.saves.mergeLocal, { projectIds: [projectId] }))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await savesOf(t, projectId)).toBe(0);
    expect(await t.query(api.saves.status, { projectId })).toBe(false);
    expect(await t.query(api.saves.list, { paginationOpts: page })).toMatchObject({ page: [], isDone: true });
  });

  test("private: nobody else sees my saves, and the work shows no save count", async () => {
    const t = newTest();
    const author = await createUser(t);
    const me = await createUser(t);
    const other = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await me.as.mutation(api.saves.toggle, { projectId });
    expect(await other.as.query(api.saves.status, { projectId })).toBe(false);
    expect(await listIds(other.as)).toEqual([]);
    expect(await listIds(author.as)).toEqual([]);
    expect(await listIds(t)).toEqual([]);
    // Another user toggling the same work touches only their own row.
    await other.as.mutation(api.saves.toggle, { projectId });
    await other.as.mutation(api.saves.toggle, { projectId });
    expect(await me.as.query(api.saves.status, { projectId })).toBe(true);
    const page = JSON.stringify(await t.query(api.projects.get, { id: projectId }));
    expect(page).not.toMatch(/save/i);
  });

  test("missing, deleted and hidden works cannot be saved; a hidden one can still be unsaved", async () => {
    const t = newTest();
    const author = await createUser(t);
    const me = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const hidden = await createWork(t, author.userId);
    await me.as.mutation(api.saves.toggle, { projectId: hidden });
    await hide(t, hidden);
    expect(await listIds(me.as)).toEqual([]);
    expect(await me.as.mutation(api.saves.toggle, { projectId: hidden })).toEqual({ saved: false });
    expect(await errorOf(me.as.mutation(api.saves.toggle, { projectId: hidden }))).toMatchObject({
      code: "NOT_FOUND",
      message: "作品が見つかりません",
    });
    await author.as.mutation(api.projects.remove, { id: projectId });
    expect(await errorOf(me.as.mutation(api.saves.toggle, { projectId }))).toMatchObject({ code: "NOT_FOUND" });
    // A malformed id fails argument validation (a plain error, not a user message).
    await expect(me.as.mutation(api.saves.toggle, { projectId: "nope" as Id<"projects"> })).rejects.toThrow();
  });

  test("a suspended user cannot save; the rate limit stops a script, not a person", async () => {
    const t = newTest();
    const author = await createUser(t);
    const me = await createUser(t);
    const projectId = await createWork(t, author.userId);
    // 30 in a row is fine (a person saving down a page), the burst ends there.
    for (let i = 0; i < 30; i++) await me.as.mutation(api.saves.toggle, { projectId });
    expect(await errorOf(me.as.mutation(api.saves.toggle, { projectId }))).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^操作が多すぎます。(?:\d+秒|約\d+分|約\d+時間)後にもう一度お試しください$/) as unknown,
    });
    vi.advanceTimersByTime(60_000);
    await me.as.mutation(api.saves.toggle, { projectId });
    const suspended = await createUser(t);
    await t.run((ctx) => ctx.db.patch("users", suspended.userId, { suspension: { reason: "spam", since: Date.now() } }));
    expect(await errorOf(suspended.as.mutation(api.saves.toggle, { projectId }))).toMatchObject({ code: "SUSPENDED" });
  });

  test("works by a user I mute are left out of my list", async () => {
    const t = newTest();
    const author = await createUser(t);
    const muted = await createUser(t);
    const me = await createUser(t);
    const kept = await createWork(t, author.userId);
    const dropped = await createWork(t, muted.userId);
    await me.as.mutation(api.saves.toggle, { projectId: kept });
    await me.as.mutation(api.saves.toggle, { projectId: dropped });
    await me.as.mutation(api.mutes.set, { userId: muted.userId, kind: "mute" });
    expect(await listIds(me.as)).toEqual([kept]);
  });
});

describe("saves.mergeLocal", () => {
  test("adds the new ones in order; skips malformed, unknown, deleted, hidden and duplicate ids; keeps saved ones", async () => {
    const t = newTest();
    const author = await createUser(t);
    const me = await createUser(t);
    const [a, b, c, hidden, deleted] = [
      await createWork(t, author.userId, { title: "A" }),
      await createWork(t, author.userId, { title: "B" }),
      await createWork(t, author.userId, { title: "C" }),
      await createWork(t, author.userId, { title: "hidden" }),
      await createWork(t, author.userId, { title: "deleted" }),
    ];
    await hide(t, hidden);
    await author.as.mutation(api.projects.remove, { id: deleted });
    await me.as.mutation(api.saves.toggle, { projectId: b });
    vi.advanceTimersByTime(1000);
    const result = await me.as.mutation(api.saves.mergeLocal, {
      projectIds: [a, "not-an-id", author.userId, b, hidden, deleted, a, c],
    });
    expect(result).toEqual({ added: 2 });
    // The local list is oldest first: its last one is the newest saved.
    expect(await listIds(me.as)).toEqual([c, a, b]);
    expect(await me.as.mutation(api.saves.mergeLocal, { projectIds: [a, b, c] })).toEqual({ added: 0 });
    expect(await me.as.mutation(api.saves.mergeLocal, { projectIds: [] })).toEqual({ added: 0 });
  });

  test("more than the limit at once is refused", async () => {
    const t = newTest();
    const author = await createUser(t);
    const me = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const ids = Array.from({ length: SAVES_MERGE_MAX + 1 }, () => projectId as string);
    expect(await errorOf(me.as.mutation(api.saves.mergeLocal, { projectIds: ids }))).toMatchObject({ code: "INVALID_INPUT" });
    expect(await me.as.mutation(api.saves.mergeLocal, { projectIds: ids.slice(1) })).toEqual({ added: 1 });
  });
});

describe("saves.localCards (a visitor's /saved)", () => {
  test("cards in the order given, skipping malformed, unknown, deleted and hidden ids", async () => {
    const t = newTest();
    const author = await createUser(t);
    const a = await createWork(t, author.userId, { title: "A" });
    const b = await createWork(t, author.userId, { title: "B" });
    const hidden = await createWork(t, author.userId);
    await hide(t, hidden);
    const cards = await t.query(api.saves.localCards, { projectIds: [b, "x", hidden, a, b] });
    expect(cards.map((card) => card.title)).toEqual(["B", "A"]);
    expect(
      await errorOf(t.query(api.saves.localCards, { projectIds: Array.from({ length: SAVES_MERGE_MAX + 1 }, () => a) })),
    ).toMatchObject({
      code: "INVALID_INPUT",
    });
  });
});

describe("the update notification", () => {
  test("savers hear of the author's edit once a day; not the author, not those who turned it off", async () => {
    const t = newTest();
    const author = await createUser(t);
    const saver = await createUser(t);
    const unset = await createUser(t);
    const off = await createUser(t);
    const notSaver = await createUser(t);
    const id = await postEditable(t, author.as, "家計簿アプリ");
    for (const user of [author, saver, unset, off]) await user.as.mutation(api.saves.toggle, { projectId: id });
    // Older accounts have no `updates` setting: unset means on.
    await setUpdates(t, unset.userId, undefined);
    await setUpdates(t, off.userId, false);

    await edit(t, author.as, id, "家計簿アプリ改");
    for (const user of [saver, unset]) {
      expect(await updateNotifications(t, user.userId)).toEqual([
        expect.objectContaining({
          type: "update",
          title: "ストックした作品が更新されました",
          message: "「家計簿アプリ改」が更新されました",
          projectId: id,
          fromUserId: author.userId,
          read: false,
        }),
      ]);
    }
    for (const user of [author, off, notSaver]) expect(await updateNotifications(t, user.userId)).toEqual([]);

    // A second edit the same day tells nobody again; a day later it does.
    vi.advanceTimersByTime(UPDATE_RENOTIFY_MS - 60_000);
    await edit(t, author.as, id, "家計簿アプリ改二");
    expect(await updateNotifications(t, saver.userId)).toHaveLength(1);
    vi.advanceTimersByTime(120_000);
    await edit(t, author.as, id, "家計簿アプリ改三");
    expect((await updateNotifications(t, saver.userId)).map((n) => n.message).sort()).toEqual([
      "「家計簿アプリ改」が更新されました",
      "「家計簿アプリ改三」が更新されました",
    ]);
    // Turning it on later works from the next edit.
    await setUpdates(t, off.userId, true);
    vi.advanceTimersByTime(UPDATE_RENOTIFY_MS + 1);
    await edit(t, author.as, id, "家計簿アプリ改四");
    expect(await updateNotifications(t, off.userId)).toHaveLength(1);
  });

  test("a saver who mutes the author is not told", async () => {
    const t = newTest();
    const author = await createUser(t);
    const saver = await createUser(t);
    const id = await postEditable(t, author.as, "家計簿アプリ");
    await saver.as.mutation(api.saves.toggle, { projectId: id });
    await saver.as.mutation(api.mutes.set, { userId: author.userId, kind: "mute" });
    await edit(t, author.as, id, "家計簿アプリ改");
    expect(await updateNotifications(t, saver.userId)).toEqual([]);
    // Unmuted, the next edit (a day later) is told again.
    await saver.as.mutation(api.mutes.set, { userId: author.userId, kind: null });
    vi.advanceTimersByTime(UPDATE_RENOTIFY_MS + 1);
    await edit(t, author.as, id, "家計簿アプリ改二");
    expect(await updateNotifications(t, saver.userId)).toHaveLength(1);
  });

  test("a work hidden before the fan-out runs tells nobody", async () => {
    const t = newTest();
    const author = await createUser(t);
    const saver = await createUser(t);
    const id = await postEditable(t, author.as);
    await saver.as.mutation(api.saves.toggle, { projectId: id });
    await t.mutation(internal.saves.notifyUpdate, { projectId: id, cursor: null, startedAt: Date.now() });
    expect(await updateNotifications(t, saver.userId)).toHaveLength(1);
    await hide(t, id);
    vi.advanceTimersByTime(UPDATE_RENOTIFY_MS + 1);
    await t.mutation(internal.saves.notifyUpdate, { projectId: id, cursor: null, startedAt: Date.now() });
    expect(await updateNotifications(t, saver.userId)).toHaveLength(1);
  });
});

describe("deleting", () => {
  test("deleting a work removes its saves (and its update notifications)", async () => {
    const t = newTest();
    const author = await createUser(t);
    const saver = await createUser(t);
    const other = await createUser(t);
    const id = await postEditable(t, author.as);
    const kept = await createWork(t, author.userId);
    await saver.as.mutation(api.saves.toggle, { projectId: id });
    await other.as.mutation(api.saves.toggle, { projectId: id });
    await saver.as.mutation(api.saves.toggle, { projectId: kept });
    await edit(t, author.as, id, "改訂版");
    await author.as.mutation(api.projects.remove, { id });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await savesOf(t, id)).toBe(0);
    expect(await updateNotifications(t, saver.userId)).toEqual([]);
    expect(await listIds(saver.as)).toEqual([kept]);
  });

  test("deleting an account purges its saves", async () => {
    const t = newTest();
    const author = await createUser(t);
    const saver = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await saver.as.mutation(api.saves.toggle, { projectId });
    await saver.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await savesOf(t, projectId)).toBe(0);
  });
});

describe("bounded reads", () => {
  test("a long /saved list and a large fan-out stay under a 1,000-documents-read cap", async () => {
    const t = newTest({ documentsRead: 1000 });
    const works = await seedGallery(t, 1200, { chunk: 400 });
    const me = await createUser(t);
    // I saved every work (one in ten is hidden), oldest first.
    for (let i = 0; i < works.length; i += 400) {
      await t.run(async (ctx) => {
        for (const work of works.slice(i, i + 400)) await ctx.db.insert("saves", { userId: me.userId, projectId: work._id });
      });
    }
    let cursor: string | null = null;
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result: { page: { _id: string }[]; continueCursor: string } = await me.as.query(api.saves.list, {
        paginationOpts: { numItems: 20, cursor },
      });
      seen.push(...result.page.map((w) => w._id));
      cursor = result.continueCursor;
    }
    const visible = [...works]
      .reverse()
      .filter((w) => !w.hidden)
      .slice(0, seen.length);
    expect(seen).toEqual(visible.map((w) => w._id));
    expect(seen.length).toBeGreaterThanOrEqual(50);
    // A client asking for more than a page gets a page.
    expect((await me.as.query(api.saves.list, { paginationOpts: { numItems: 500, cursor: null } })).page.length).toBeLessThanOrEqual(20);
    expect(await me.as.query(api.saves.status, { projectId: works[0]!._id })).toBe(true);

    // One work saved by 2.5 batches of savers: each batch of the fan-out is bounded.
    const target = works.find((w) => !w.hidden)!;
    const savers = UPDATE_FANOUT_BATCH * 2 + 50;
    for (let i = 0; i < savers; i += 250) {
      await t.run(async (ctx) => {
        for (let j = i; j < Math.min(savers, i + 250); j++) {
          const userId = await ctx.db.insert("users", newUserDocument({ name: `保存者${j}` }, Date.now()));
          await ctx.db.insert("saves", { userId, projectId: target._id });
        }
      });
    }
    await t.mutation(internal.saves.notifyUpdate, { projectId: target._id, cursor: null, startedAt: Date.now() });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const notified = await t.run(
      async (ctx) =>
        (
          await ctx.db
            .query("notifications")
            .withIndex("by_projectId", (q) => q.eq("projectId", target._id))
            .take(1000)
        ).length,
    );
    // Every saver, me included.
    expect(notified).toBe(savers + 1);
  });
});
