import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { BADGE_THRESHOLDS } from "./constants";
import { VIEW_RATE_LIMITS } from "./model/rateLimits";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";
import { readUserStats } from "./model/userStats";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

// 2025-04-01 10:00 in Japan (01:00 UTC).
const MORNING_JST = Date.UTC(2025, 3, 1, 1, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(MORNING_JST);
});
afterEach(() => {
  vi.useRealTimers();
});

let nextSession = 1;
/** A fresh browser session id, as the page makes them. */
const newSession = () => `session-${String(nextSession++).padStart(12, "0")}`;

async function counts(t: TestConvex, projectId: Id<"projects">, authorId: Id<"users">) {
  return await t.run(async (ctx) => ({
    viewsCount: (await ctx.db.get("projects", projectId))!.viewsCount,
    totalViews: (await readUserStats(ctx, authorId)).totalViews,
  }));
}

const viewsOf = async (t: TestConvex, projectId: Id<"projects">) =>
  await t.run(async (ctx) => (await ctx.db.get("projects", projectId))!.viewsCount);

async function hasTrendsetter(t: TestConvex, userId: Id<"users">) {
  const badge = await t.run((ctx) =>
    ctx.db
      .query("userBadges")
      .withIndex("by_userId_and_badgeId", (q) => q.eq("userId", userId).eq("badgeId", "trendsetter"))
      .first(),
  );
  return badge !== null;
}

describe("views.record: once per viewer per work per day", () => {
  test("the same viewer twice counts once; two viewers count twice; signed-in and anonymous alike", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const other = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const session = newSession();

    expect(await fan.as.mutation(api.views.record, { projectId })).toBeNull();
    await fan.as.mutation(api.views.record, { projectId, sessionId: newSession() });
    expect(await counts(t, projectId, author.userId)).toEqual({ viewsCount: 1, totalViews: 1 });
    await other.as.mutation(api.views.record, { projectId });
    expect(await counts(t, projectId, author.userId)).toEqual({ viewsCount: 2, totalViews: 2 });

    expect(await t.mutation(api.views.record, { projectId, sessionId: session })).toBeNull();
    await t.mutation(api.views.record, { projectId, sessionId: session });
    expect(await viewsOf(t, projectId)).toBe(3);
    await t.mutation(api.views.record, { projectId, sessionId: newSession() });
    expect(await viewsOf(t, projectId)).toBe(4);

    const rows = await t.run(async (ctx) =>
      (
        await ctx.db
          .query("views")
          .withIndex("by_projectId_and_viewerKey_and_day", (q) => q.eq("projectId", projectId))
          .take(10)
      ).map((row) => ({
        userId: row.userId ?? null,
        viewerKey: row.viewerKey,
        day: row.day,
      })),
    );
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: fan.userId, viewerKey: `user:${fan.userId}`, day: "2025-04-01" },
        { userId: other.userId, viewerKey: `user:${other.userId}`, day: "2025-04-01" },
        { userId: null, viewerKey: `session:${session}`, day: "2025-04-01" },
      ]),
    );
  });

  test("one viewer counts once per work: another work counts on its own", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const first = await createWork(t, author.userId);
    const second = await createWork(t, author.userId, { title: "二つ目" });
    await fan.as.mutation(api.views.record, { projectId: first });
    await fan.as.mutation(api.views.record, { projectId: second });
    await fan.as.mutation(api.views.record, { projectId: first });
    expect([await viewsOf(t, first), await viewsOf(t, second)]).toEqual([1, 1]);
    expect((await counts(t, first, author.userId)).totalViews).toBe(2);
  });

  test("the next Japan calendar day counts again, not earlier", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const session = newSession();
    // 23:30 in Japan.
    vi.setSystemTime(Date.UTC(2025, 3, 1, 14, 30));
    await fan.as.mutation(api.views.record, { projectId });
    await t.mutation(api.views.record, { projectId, sessionId: session });
    expect(await viewsOf(t, projectId)).toBe(2);
    // 00:10 the next day in Japan: only 40 minutes later, but a new day.
    vi.setSystemTime(Date.UTC(2025, 3, 1, 15, 10));
    await fan.as.mutation(api.views.record, { projectId });
    await t.mutation(api.views.record, { projectId, sessionId: session });
    expect(await viewsOf(t, projectId)).toBe(4);
    // Later that same day: nothing more.
    vi.setSystemTime(Date.UTC(2025, 3, 2, 10, 0));
    await fan.as.mutation(api.views.record, { projectId });
    await t.mutation(api.views.record, { projectId, sessionId: session });
    expect(await viewsOf(t, projectId)).toBe(4);
  });

  test("a visitor without a usable session id counts nothing, and is not refused", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    for (const sessionId of [undefined, "", "short", "has spaces in it!!", "x".repeat(65)]) {
      expect(await t.mutation(api.views.record, { projectId, ...(sessionId === undefined ? {} : { sessionId }) })).toBeNull();
    }
    expect(await viewsOf(t, projectId)).toBe(0);
  });

  test("trendsetter at 1,000 views; a deleted work records nothing rather than failing", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    await t.run(async (ctx) => ctx.db.patch("projects", projectId, { viewsCount: 999 }));
    await fan.as.mutation(api.views.record, { projectId });
    expect(await hasTrendsetter(t, author.userId)).toBe(true);
    await t.run(async (ctx) => ctx.db.delete("projects", projectId));
    expect(await fan.as.mutation(api.views.record, { projectId })).toBeNull();
    expect(await t.mutation(api.views.record, { projectId, sessionId: newSession() })).toBeNull();
    await expect(t.mutation(api.views.record, { projectId: "bad" as Id<"projects"> })).rejects.toThrow();
  });
});

describe("views.record: rate limits (a refused view just does not count)", () => {
  const { anonViewSession, anonViewWork, anonViewSite, view } = VIEW_RATE_LIMITS;

  async function works(t: TestConvex, authorId: Id<"users">, n: number) {
    const ids: Id<"projects">[] = [];
    for (let i = 0; i < n; i++) ids.push(await createWork(t, authorId, { title: `作品${i}` }));
    return ids;
  }

  const totalViews = async (t: TestConvex, authorId: Id<"users">) =>
    await t.run(async (ctx) => (await readUserStats(ctx, authorId)).totalViews);

  test("one anonymous session: the (n+1)th work is refused, then allowed again after the refill", async () => {
    const t = newTest();
    const author = await createUser(t);
    const ids = await works(t, author.userId, anonViewSession.capacity + 2);
    const session = newSession();
    for (const projectId of ids.slice(0, anonViewSession.capacity)) {
      await t.mutation(api.views.record, { projectId, sessionId: session });
    }
    expect(await totalViews(t, author.userId)).toBe(anonViewSession.capacity);
    const extra = ids[anonViewSession.capacity]!;
    expect(await t.mutation(api.views.record, { projectId: extra, sessionId: session })).toBeNull();
    expect(await viewsOf(t, extra)).toBe(0);
    // Another session is not affected.
    await t.mutation(api.views.record, { projectId: extra, sessionId: newSession() });
    expect(await viewsOf(t, extra)).toBe(1);
    // One view comes back per period / rate.
    vi.advanceTimersByTime(anonViewSession.period / anonViewSession.rate);
    await t.mutation(api.views.record, { projectId: extra, sessionId: session });
    expect(await viewsOf(t, extra)).toBe(2);
  });

  test("one work, many anonymous sessions: the (n+1)th is refused, then allowed again after the refill", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId = await createWork(t, author.userId);
    for (let i = 0; i < anonViewWork.capacity; i++) await t.mutation(api.views.record, { projectId, sessionId: newSession() });
    expect(await viewsOf(t, projectId)).toBe(anonViewWork.capacity);
    await t.mutation(api.views.record, { projectId, sessionId: newSession() });
    expect(await viewsOf(t, projectId)).toBe(anonViewWork.capacity);
    // Signed-in views are not under the anonymous ceiling.
    await fan.as.mutation(api.views.record, { projectId });
    expect(await viewsOf(t, projectId)).toBe(anonViewWork.capacity + 1);
    vi.advanceTimersByTime(anonViewWork.period / anonViewWork.rate);
    await t.mutation(api.views.record, { projectId, sessionId: newSession() });
    expect(await viewsOf(t, projectId)).toBe(anonViewWork.capacity + 2);
  });

  test("site-wide anonymous ceiling: the (n+1)th anonymous view anywhere is refused, then allowed again", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const perWork = anonViewWork.capacity;
    const ids = await works(t, author.userId, Math.ceil(anonViewSite.capacity / perWork) + 2);
    for (let n = 0; n < anonViewSite.capacity; n++) {
      await t.mutation(api.views.record, { projectId: ids[Math.floor(n / perWork)]!, sessionId: newSession() });
    }
    expect(await totalViews(t, author.userId)).toBe(anonViewSite.capacity);
    const fresh = ids.at(-1)!;
    await t.mutation(api.views.record, { projectId: fresh, sessionId: newSession() });
    expect(await viewsOf(t, fresh)).toBe(0);
    // A signed-in viewer still counts.
    await fan.as.mutation(api.views.record, { projectId: fresh });
    expect(await viewsOf(t, fresh)).toBe(1);
    vi.advanceTimersByTime(anonViewSite.period);
    await t.mutation(api.views.record, { projectId: fresh, sessionId: newSession() });
    expect(await viewsOf(t, fresh)).toBe(2);
  });

  test("a refused anonymous view uses up none of the other limits", async () => {
    const t = newTest();
    const author = await createUser(t);
    const [full, other] = await works(t, author.userId, 2);
    for (let i = 0; i < anonViewWork.capacity; i++) await t.mutation(api.views.record, { projectId: full!, sessionId: newSession() });
    const session = newSession();
    // Refused by the work's ceiling many times over: the session's own allowance is untouched.
    for (let i = 0; i < anonViewSession.capacity + 5; i++) await t.mutation(api.views.record, { projectId: full!, sessionId: session });
    await t.mutation(api.views.record, { projectId: other!, sessionId: session });
    expect(await viewsOf(t, other!)).toBe(1);
  });

  test("a signed-in user: the (n+1)th work is refused, then allowed again after the refill", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const ids = await works(t, author.userId, view.capacity + 1);
    for (const projectId of ids.slice(0, view.capacity)) await fan.as.mutation(api.views.record, { projectId });
    const extra = ids.at(-1)!;
    await fan.as.mutation(api.views.record, { projectId: extra });
    expect(await totalViews(t, author.userId)).toBe(view.capacity);
    vi.advanceTimersByTime(view.period / view.rate);
    await fan.as.mutation(api.views.record, { projectId: extra });
    expect(await viewsOf(t, extra)).toBe(1);
  });

  test("a script with fresh session ids cannot reach the trendsetter badge", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    // Every hour for three hours, a burst of twice the work's ceiling, each call a new session.
    const hours = 3;
    for (let hour = 0; hour < hours; hour++) {
      for (let i = 0; i < 2 * anonViewWork.capacity; i++) {
        expect(await t.mutation(api.views.record, { projectId, sessionId: newSession() })).toBeNull();
      }
      vi.advanceTimersByTime(HOUR);
    }
    const counted = await viewsOf(t, projectId);
    expect(counted).toBe(anonViewWork.capacity + (hours - 1) * anonViewWork.rate);
    expect(await hasTrendsetter(t, author.userId)).toBe(false);
    // The ceiling over a whole day stays below the badge.
    const perDay = anonViewWork.capacity + (24 * HOUR * anonViewWork.rate) / anonViewWork.period;
    expect(perDay).toBeLessThan(BADGE_THRESHOLDS.trendsetterViews);
  });
});
