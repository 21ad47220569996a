// Each work's totals over the dashboard's periods (table workPeriodTotals), so the works table can
// sort all of a creator's works by a figure through an index: one row per work and period (7, 30
// and 90 Japan days, today included), kept the way trending keeps its windows (model/trending.ts):
//
// - a work gets its three rows, all zero, when it is posted (the backfill gives existing works
//   theirs);
// - an action that counts (model/analytics.ts recordDaily) adds one to the three rows when they are
//   counted up to today, otherwise recounts them from the work's daily figures (at most 90
//   documents, once per work per day at most);
// - a job (convex/crons.ts, hourly, so also right after midnight in Japan) slides the rows counted
//   up to an earlier day, SLIDE_BATCH per transaction, each from at most `days` daily documents.
//   A row whose window holds nothing any more loses its `day` and is not read again until new
//   activity, so the job follows the works with activity in the last 90 days, never all works.
//
// Between midnight and the job's run, a row still holds the day before's window: the table is at
// most one job run behind, while the charts (read from the daily figures) are exact.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { addDays } from "./japanTime";

/** The periods the dashboard offers, in days (today included). */
export const PERIOD_LENGTHS = [7, 30, 90] as const;
export type PeriodLength = (typeof PERIOD_LENGTHS)[number];

/** The figures the works table shows, and sorts by. */
export const SORTABLE_FIGURES = ["views", "likes", "comments", "saves", "shareOpens"] as const;
export type SortableFigure = (typeof SORTABLE_FIGURES)[number];
export type PeriodTotals = Record<SortableFigure, number>;

/** Rows one slide transaction recounts: each reads at most 90 daily documents. */
export const SLIDE_BATCH = 20;

const LONGEST = Math.max(...PERIOD_LENGTHS);

export function isSortableFigure(figure: string): figure is SortableFigure {
  return (SORTABLE_FIGURES as readonly string[]).includes(figure);
}

function zeroTotals(): PeriodTotals {
  return { views: 0, likes: 0, comments: 0, saves: 0, shareOpens: 0 };
}

export function totalsOf(row: PeriodTotals): PeriodTotals {
  const { views, likes, comments, saves, shareOpens } = row;
  return { views, likes, comments, saves, shareOpens };
}

const isEmpty = (totals: PeriodTotals) => SORTABLE_FIGURES.every((figure) => totals[figure] === 0);

/** Sums daily rows into the totals of each period ending with `today`. */
function sumWindows(rows: readonly Doc<"workDailyFigures">[], today: string, lengths: readonly number[]): Map<number, PeriodTotals> {
  const sums = new Map(lengths.map((days) => [days, zeroTotals()]));
  for (const row of rows) {
    for (const days of lengths) {
      if (row.day < addDays(today, -days + 1) || row.day > today) continue;
      const total = sums.get(days)!;
      for (const figure of SORTABLE_FIGURES) total[figure] += row[figure] ?? 0;
    }
  }
  return sums;
}

async function dailyRows(ctx: QueryCtx, projectId: Id<"projects">, today: string, days: number) {
  return await ctx.db
    .query("workDailyFigures")
    .withIndex("by_projectId_and_day", (q) =>
      q
        .eq("projectId", projectId)
        .gte("day", addDays(today, -days + 1))
        .lte("day", today),
    )
    .take(days);
}

/** A work's totals over the `days` days ending with `today`, from at most `days` daily documents. */
export async function sumPeriod(ctx: QueryCtx, projectId: Id<"projects">, today: string, days: number): Promise<PeriodTotals> {
  return sumWindows(await dailyRows(ctx, projectId, today, days), today, [days]).get(days)!;
}

/** A work's row of one period, or null before it has one. */
export async function periodRow(ctx: QueryCtx, projectId: Id<"projects">, days: number) {
  return await ctx.db
    .query("workPeriodTotals")
    .withIndex("by_projectId_and_days", (q) => q.eq("projectId", projectId).eq("days", days))
    .unique();
}

async function periodRows(ctx: QueryCtx, projectId: Id<"projects">) {
  return await ctx.db
    .query("workPeriodTotals")
    .withIndex("by_projectId_and_days", (q) => q.eq("projectId", projectId))
    .take(PERIOD_LENGTHS.length);
}

/** Writes a row's totals as of `today` (its day unset when the window is empty). */
async function writeRow(
  ctx: MutationCtx,
  work: Pick<Doc<"projects">, "_id" | "_creationTime" | "userId">,
  days: number,
  existing: Doc<"workPeriodTotals"> | undefined,
  totals: PeriodTotals,
  today: string,
) {
  const fields = { ...totals, day: isEmpty(totals) ? undefined : today };
  if (existing) await ctx.db.patch("workPeriodTotals", existing._id, fields);
  else
    await ctx.db.insert("workPeriodTotals", { projectId: work._id, ownerId: work.userId, days, tieOrder: work._creationTime, ...fields });
}

/** A new work's rows: nothing yet in any period. */
export async function createPeriodTotals(ctx: MutationCtx, work: Doc<"projects">) {
  for (const days of PERIOD_LENGTHS) {
    await ctx.db.insert("workPeriodTotals", {
      projectId: work._id,
      ownerId: work.userId,
      days,
      tieOrder: work._creationTime,
      ...zeroTotals(),
    });
  }
}

/**
 * Recounts a work's three rows as of `today` from its daily figures (at most 90 documents);
 * `known` is its rows when the caller has just read them.
 */
export async function recountPeriodTotals(ctx: MutationCtx, work: Doc<"projects">, today: string, known?: Doc<"workPeriodTotals">[]) {
  const [rows, existing] = await Promise.all([dailyRows(ctx, work._id, today, LONGEST), known ?? periodRows(ctx, work._id)]);
  const sums = sumWindows(rows, today, PERIOD_LENGTHS);
  for (const days of PERIOD_LENGTHS) {
    await writeRow(
      ctx,
      work,
      days,
      existing.find((row) => row.days === days),
      sums.get(days)!,
      today,
    );
  }
}

/**
 * One more of `figure` today for the work (its daily row already has it): +1 on rows counted up
 * to today, otherwise a recount of the three.
 */
export async function bumpPeriodTotals(ctx: MutationCtx, work: Doc<"projects">, figure: string, today: string) {
  if (!isSortableFigure(figure)) return;
  const rows = await periodRows(ctx, work._id);
  if (rows.length === PERIOD_LENGTHS.length && rows.every((row) => row.day === today)) {
    for (const row of rows) await ctx.db.patch("workPeriodTotals", row._id, { [figure]: row[figure] + 1 });
    return;
  }
  await recountPeriodTotals(ctx, work, today, rows);
}

/** Slides up to SLIDE_BATCH rows counted up to an earlier day; true when more may be left. */
export async function slidePeriodTotals(ctx: MutationCtx, today: string): Promise<boolean> {
  const stale = await ctx.db
    .query("workPeriodTotals")
    .withIndex("by_day", (q) => q.gt("day", "").lt("day", today))
    .take(SLIDE_BATCH);
  for (const row of stale) {
    const totals = await sumPeriod(ctx, row.projectId, today, row.days);
    await writeRow(ctx, { _id: row.projectId, _creationTime: row.tieOrder, userId: row.ownerId }, row.days, row, totals, today);
  }
  return stale.length === SLIDE_BATCH;
}
