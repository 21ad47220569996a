// Creator analytics at scale (docs/architecture.md "Creator analytics"): a creator with 200 works
// and a year of daily figures on every work and on the creator. Each dashboard query must stay
// under ANALYTICS_READ_CAP documents: the overview reads at most two periods of the creator's
// days, a work's view two periods of that work's days, and a page of the works table 20 works
// with their period totals (newest first, or sorted by a figure across all the works). Reading
// every work's every day (73,000 documents) fails here.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { addDays } from "./model/japanTime";
import { workInput } from "./model/works.testkit";
import { createUser, newTest } from "./test.setup";

const WORKS = 200;
const DAYS = 365;
const TODAY = "2025-04-07";
/** 20 works and 20 × 90 daily documents, the caller and their session, with a little room. */
const ANALYTICS_READ_CAP = 1_900;

const t = newTest({ documentsRead: ANALYTICS_READ_CAP });
let creator: Awaited<ReturnType<typeof createUser>>;
const workIds: Id<"projects">[] = [];

beforeAll(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2025, 3, 7, 1, 0));
  creator = await createUser(t);
  await t.run(async (ctx) => {
    for (let i = 0; i < DAYS; i++) {
      await ctx.db.insert("creatorDailyFigures", { userId: creator.userId, day: addDays(TODAY, -i), views: WORKS, likes: 2 });
    }
  });
  for (let w = 0; w < WORKS; w += 10) {
    await t.run(async (ctx) => {
      for (let i = w; i < w + 10; i++) {
        const projectId = await ctx.db.insert("projects", {
          ...workInput,
          title: `作品${i}`,
          userId: creator.userId,
          featured: false,
          likesCount: 0,
          commentsCount: 0,
          viewsCount: 0,
          searchText: "",
          updatedAt: Date.now(),
        });
        workIds.push(projectId);
        const tieOrder = (await ctx.db.get("projects", projectId))!._creationTime;
        for (const days of [7, 30, 90]) {
          // Likes that differ by work, so the order by likes is not the order of posting.
          const likes = (i * 37) % WORKS;
          await ctx.db.insert("workPeriodTotals", {
            projectId,
            ownerId: creator.userId,
            days,
            tieOrder,
            day: TODAY,
            views: days,
            likes,
            comments: 0,
            saves: 0,
            shareOpens: 0,
          });
        }
        for (let d = 0; d < DAYS; d++) {
          await ctx.db.insert("workDailyFigures", { projectId, ownerId: creator.userId, day: addDays(TODAY, -d), views: 1 });
        }
      }
    });
  }
}, 600_000);

afterAll(() => {
  vi.useRealTimers();
});

test("the overview of 90 days reads at most 180 daily documents", async () => {
  const overview = await creator.as.query(api.analytics.overview, { today: TODAY, days: 90 });
  expect(overview.series).toHaveLength(90);
  expect(overview.series.every((d) => d.views === WORKS)).toBe(true);
  expect(overview.previous.views).toBe(90 * WORKS);
});

test("a work's view of 90 days stays under the cap", async () => {
  const work = await creator.as.query(api.analytics.work, { projectId: workIds[0]!, today: TODAY, days: 90 });
  expect(work.series.reduce((sum, d) => sum + d.views, 0)).toBe(90);
});

test("every page of the works table stays under the cap, and all 200 works are reached", async () => {
  let cursor: string | null = null;
  const seen: string[] = [];
  for (;;) {
    const page: { page: { id: string; totals: { views: number } }[]; isDone: boolean; continueCursor: string } = await creator.as.query(
      api.analytics.works,
      { today: TODAY, days: 90, paginationOpts: { numItems: 20, cursor } },
    );
    for (const row of page.page) {
      expect(row.totals.views).toBe(90);
      seen.push(row.id);
    }
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  expect(seen).toHaveLength(WORKS);
});

test("sorted by a figure, every page stays under the cap and the order runs across all 200 works", async () => {
  let cursor: string | null = null;
  const likes: number[] = [];
  for (;;) {
    const page: { page: { totals: { likes: number; views: number } }[]; isDone: boolean; continueCursor: string } = await creator.as.query(
      api.analytics.works,
      { today: TODAY, days: 90, sort: "likes", paginationOpts: { numItems: 20, cursor } },
    );
    for (const row of page.page) {
      expect(row.totals.views).toBe(90);
      likes.push(row.totals.likes);
    }
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  expect(likes).toHaveLength(WORKS);
  expect(likes).toEqual([...likes].sort((a, b) => b - a));
  expect(likes[0]).toBe(WORKS - 1);
});
