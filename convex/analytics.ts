// Creator analytics (/dashboard): the caller's own daily figures (model/analytics.ts). Nobody but
// the owner reads them, and moderators through creatorForModeration. The client says which Japan
// day is today (queries do not read the clock, so a day's figures stay cached and reactive).
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { internalMutation, type QueryCtx } from "./_generated/server";
import { internal } from "./_generated/api";
import { addToDay, creatorPeriod, liveSince, recordDaily, workPeriod, type DayFigures } from "./model/analytics";
import {
  periodRow,
  recountPeriodTotals,
  slidePeriodTotals,
  SORTABLE_FIGURES,
  sumPeriod,
  totalsOf,
  type PeriodLength,
  type SortableFigure,
} from "./model/analyticsTotals";
import { japanDate } from "./model/japanTime";
import { userError } from "./model/errors";
import { moderatorQuery, userQuery } from "./model/functions";
import { migrations } from "./migrations";
import { readPage } from "./model/pagination";
import { tryRateLimits } from "./model/rateLimits";

/** Works per page of the works table: each reads at most one daily document per day of the period. */
export const ANALYTICS_WORKS_PAGE = 20;
/** How many of a work's best days its view lists. */
export const BEST_DAYS = 5;

export const ANALYTICS_MESSAGES = {
  badDay: "日付が正しくありません",
  notFound: "作品が見つかりません",
} as const;

const vFigures = {
  views: v.number(),
  likes: v.number(),
  unlikes: v.number(),
  comments: v.number(),
  saves: v.number(),
  unsaves: v.number(),
  shareOpens: v.number(),
  follows: v.number(),
  unfollows: v.number(),
};
const vTotals = v.object(vFigures);
const vDay = v.object({ day: v.string(), ...vFigures });
const vPeriod = v.object({ series: v.array(vDay), previous: vTotals });
const vDays = v.union(v.literal(7), v.literal(30), v.literal(90));

/** A YYYY-MM-DD day that is a real date. */
function checkDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw userError("INVALID_INPUT", ANALYTICS_MESSAGES.badDay);
  }
  return day;
}

/** The caller's figures: each day of the period (today last) and the previous period's totals. */
export const overview = userQuery({
  args: { today: v.string(), days: vDays },
  returns: vPeriod,
  handler: async (ctx, { today, days }) => await creatorPeriod(ctx, ctx.viewer._id, checkDay(today), days),
});

/** A moderator's look at one creator's figures (abuse work: bought views, like rings). */
export const creatorForModeration = moderatorQuery({
  args: { userId: v.id("users"), today: v.string(), days: vDays },
  returns: vPeriod,
  handler: async (ctx, { userId, today, days }) => await creatorPeriod(ctx, userId, checkDay(today), days),
});

const vSort = v.union(v.literal("newest"), ...SORTABLE_FIGURES.map((figure) => v.literal(figure)));
const vWorkTotals = v.object({ views: v.number(), likes: v.number(), comments: v.number(), saves: v.number(), shareOpens: v.number() });

/** The caller's works by one figure over the period, highest first (equal ones newest first). */
function worksByFigure(ctx: QueryCtx, ownerId: Id<"users">, days: PeriodLength, figure: SortableFigure) {
  const query = ctx.db.query("workPeriodTotals");
  switch (figure) {
    case "views":
      return query.withIndex("by_ownerId_and_days_and_views_and_tieOrder", (q) => q.eq("ownerId", ownerId).eq("days", days));
    case "likes":
      return query.withIndex("by_ownerId_and_days_and_likes_and_tieOrder", (q) => q.eq("ownerId", ownerId).eq("days", days));
    case "comments":
      return query.withIndex("by_ownerId_and_days_and_comments_and_tieOrder", (q) => q.eq("ownerId", ownerId).eq("days", days));
    case "saves":
      return query.withIndex("by_ownerId_and_days_and_saves_and_tieOrder", (q) => q.eq("ownerId", ownerId).eq("days", days));
    case "shareOpens":
      return query.withIndex("by_ownerId_and_days_and_shareOpens_and_tieOrder", (q) => q.eq("ownerId", ownerId).eq("days", days));
  }
}

/**
 * The caller's works with their totals over the period, newest first or by a figure across all
 * their works (model/analyticsTotals.ts). A page reads ANALYTICS_WORKS_PAGE period rows and works,
 * whatever the number of works or the length of their history.
 */
export const works = userQuery({
  args: { today: v.string(), days: vDays, sort: v.optional(vSort), paginationOpts: paginationOptsValidator },
  returns: v.object({
    page: v.array(v.object({ id: v.id("projects"), title: v.string(), totals: vWorkTotals })),
    isDone: v.boolean(),
    continueCursor: v.string(),
  }),
  handler: async (ctx, { today, days, sort = "newest", paginationOpts }) => {
    const day = checkDay(today);
    const ownerId = ctx.viewer._id;
    if (sort !== "newest") {
      const result = await readPage(paginationOpts, ANALYTICS_WORKS_PAGE, (opts) =>
        worksByFigure(ctx, ownerId, days, sort).order("desc").paginate(opts),
      );
      const page = await Promise.all(
        result.page.map(async (row) => {
          const found = await ctx.db.get("projects", row.projectId);
          // A work being deleted loses its rows in the same batches: leave it out meanwhile.
          return found ? { id: found._id, title: found.title, totals: totalsOf(row) } : null;
        }),
      );
      return { page: page.filter((row) => row !== null), isDone: result.isDone, continueCursor: result.continueCursor };
    }
    const result = await readPage(paginationOpts, ANALYTICS_WORKS_PAGE, (opts) =>
      ctx.db
        .query("projects")
        .withIndex("by_userId", (q) => q.eq("userId", ownerId))
        .order("desc")
        .paginate(opts),
    );
    const page = await Promise.all(
      result.page.map(async (found) => {
        const row = await periodRow(ctx, found._id, days);
        // A work from before the totals were kept (until their backfill has run): summed here.
        const totals = row ? totalsOf(row) : await sumPeriod(ctx, found._id, day, days);
        return { id: found._id, title: found.title, totals };
      }),
    );
    return { page, isDone: result.isDone, continueCursor: result.continueCursor };
  },
});

async function ownWork(ctx: QueryCtx, projectId: Id<"projects">, viewerId: Id<"users">) {
  const work = await ctx.db.get("projects", projectId);
  // Someone else's work answers like a missing one: it says nothing of what exists.
  if (!work || work.userId !== viewerId) throw userError("NOT_FOUND", ANALYTICS_MESSAGES.notFound);
  return work;
}

/** The best days of a period: most views, then most likes; days with nothing are left out. */
function bestDays(series: DayFigures[]): DayFigures[] {
  return series
    .filter((d) => d.views + d.likes + d.comments + d.saves + d.shareOpens > 0)
    .sort((a, b) => b.views - a.views || b.likes - a.likes || b.day.localeCompare(a.day))
    .slice(0, BEST_DAYS);
}

/** One of the caller's works: its figures over the period and its best days in it. */
export const work = userQuery({
  args: { projectId: v.id("projects"), today: v.string(), days: vDays },
  returns: v.object({
    id: v.id("projects"),
    title: v.string(),
    series: v.array(vDay),
    previous: vTotals,
    bestDays: v.array(vDay),
  }),
  handler: async (ctx, { projectId, today, days }) => {
    const found = await ownWork(ctx, projectId, ctx.viewer._id);
    const period = await workPeriod(ctx, projectId, checkDay(today), days);
    return { id: found._id, title: found.title, ...period, bestDays: bestDays(period.series) };
  },
});

/**
 * A share link was opened (GET /share/projects/{id}, convex/share.ts). Within a per-work limit,
 * so a script reloading the link cannot inflate the figure without end.
 */
export const recordShareOpen = internalMutation({
  args: { projectId: v.id("projects") },
  returns: v.null(),
  handler: async (ctx, { projectId }) => {
    const found = await ctx.db.get("projects", projectId);
    if (!found || found.hidden) return null;
    if (!(await tryRateLimits(ctx, [{ name: "shareOpenWork", key: projectId }]))) return null;
    await recordDaily(ctx, { work: found, figure: "shareOpens" });
    return null;
  },
});

// ---------------------------------------------------------------------------------------------
// Backfill: the daily figures of what happened before live counting began, from the rows that
// carry their creation time. Unlikes, unsaves and unfollows left no row and cannot be rebuilt.

/** Whether a row was made before live counting began (live counting has counted the rest). */
async function beforeLive(ctx: QueryCtx, createdAt: number) {
  const since = await liveSince(ctx);
  return since === null || createdAt < since;
}

export const backfillLikes = migrations.define({
  table: "likes",
  migrateOne: async (ctx, row) => {
    if (!(await beforeLive(ctx, row._creationTime))) return;
    const found = await ctx.db.get("projects", row.projectId);
    if (found) await addToDay(ctx, { work: found, figure: "likes" }, row._creationTime);
  },
});

export const backfillComments = migrations.define({
  table: "comments",
  migrateOne: async (ctx, row) => {
    // Held and hidden comments were never shown on the work.
    if (row.hidden === true || !(await beforeLive(ctx, row._creationTime))) return;
    const found = await ctx.db.get("projects", row.projectId);
    if (found) await addToDay(ctx, { work: found, figure: "comments" }, row._creationTime);
  },
});

export const backfillSaves = migrations.define({
  table: "saves",
  migrateOne: async (ctx, row) => {
    if (!(await beforeLive(ctx, row._creationTime))) return;
    const found = await ctx.db.get("projects", row.projectId);
    if (found) await addToDay(ctx, { work: found, figure: "saves" }, row._creationTime);
  },
});

export const backfillFollows = migrations.define({
  table: "follows",
  migrateOne: async (ctx, row) => {
    if (!(await beforeLive(ctx, row._creationTime))) return;
    if (await ctx.db.get("users", row.followeeId)) {
      await addToDay(ctx, { creatorId: row.followeeId, figure: "follows" }, row._creationTime);
    }
  },
});

export const backfillViews = migrations.define({
  table: "views",
  migrateOne: async (ctx, row) => {
    if (!(await beforeLive(ctx, row._creationTime))) return;
    // Each row is one counted view; a viewer who opted out stays out here too.
    const viewer = row.userId ? await ctx.db.get("users", row.userId) : null;
    if (viewer?.settings.privacy.analyticsOptOut === true) return;
    const found = await ctx.db.get("projects", row.projectId);
    if (!found || found.userId === row.userId) return;
    await addToDay(ctx, { work: found, figure: "views" }, row._creationTime);
  },
});

/**
 * The works table's totals of every work as of today, from the daily figures above: run after
 * them (convex/migrations.ts). Works posted since the totals began already have theirs; a recount
 * gives the same numbers.
 */
export const backfillPeriodTotals = migrations.define({
  table: "projects",
  migrateOne: async (ctx, work) => {
    await recountPeriodTotals(ctx, work, japanDate(Date.now()));
  },
});

/**
 * Slides the works table's period totals to today (model/analyticsTotals.ts): hourly from
 * convex/crons.ts, so right after midnight in Japan too; SLIDE_BATCH rows per transaction.
 */
export const slideTotals = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (await slidePeriodTotals(ctx, japanDate(Date.now()))) await ctx.scheduler.runAfter(0, internal.analytics.slideTotals, {});
    return null;
  },
});
