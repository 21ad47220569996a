// Creator analytics (docs/architecture.md "Creator analytics"): daily figures per work and per
// creator, one document per Japan calendar day, written in the transaction of the action that
// changes them (a like, an unlike, a shown comment, a save, an unsave, a counted view, a share
// link opened, a follow, an unfollow). Each write reads and patches at most two documents (the
// work's day and the creator's day), never a list. Only the owner's dashboard and the moderator
// query read them: list queries never do.
//
// The tables are apart from workDailyStats (trending): that one has counted likes and views since
// trending began, this one starts with a backfill from the rows (analyticsBackfill.ts), and the
// two must never count the same like twice.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { bumpPeriodTotals } from "./analyticsTotals";
import { addDays, japanDate } from "./japanTime";

/** What a work's day counts. */
export const WORK_FIGURES = ["views", "likes", "unlikes", "comments", "saves", "unsaves", "shareOpens"] as const;
/** What a creator's day counts: every figure of their works, and their followers. */
export const CREATOR_FIGURES = [...WORK_FIGURES, "follows", "unfollows"] as const;

export type WorkFigure = (typeof WORK_FIGURES)[number];
export type CreatorFigure = (typeof CREATOR_FIGURES)[number];
export type Figures = Record<CreatorFigure, number>;

export function zeroFigures(): Figures {
  return { views: 0, likes: 0, unlikes: 0, comments: 0, saves: 0, unsaves: 0, shareOpens: 0, follows: 0, unfollows: 0 };
}

/** The figures of one stored day (a field never written reads as 0). */
export function figuresOf(row: Partial<Record<CreatorFigure, number>> | null): Figures {
  const out = zeroFigures();
  if (row) for (const key of CREATOR_FIGURES) out[key] = row[key] ?? 0;
  return out;
}

/** When live counting began: rows made before it are the backfill's, later ones were counted live. */
export async function liveSince(ctx: QueryCtx): Promise<number | null> {
  const state = await ctx.db.query("analyticsState").first();
  return state?.liveSince ?? null;
}

/** Marks the start of live counting once (the first recorded action does it). */
async function markLive(ctx: MutationCtx, now: number) {
  if ((await liveSince(ctx)) === null) await ctx.db.insert("analyticsState", { liveSince: now });
}

async function bumpWorkDay(ctx: MutationCtx, work: Doc<"projects">, day: string, figure: WorkFigure, by: number) {
  const row = await ctx.db
    .query("workDailyFigures")
    .withIndex("by_projectId_and_day", (q) => q.eq("projectId", work._id).eq("day", day))
    .unique();
  if (row) await ctx.db.patch("workDailyFigures", row._id, { [figure]: (row[figure] ?? 0) + by });
  else await ctx.db.insert("workDailyFigures", { projectId: work._id, ownerId: work.userId, day, [figure]: by });
}

async function bumpCreatorDay(ctx: MutationCtx, userId: Id<"users">, day: string, figure: CreatorFigure, by: number) {
  const row = await ctx.db
    .query("creatorDailyFigures")
    .withIndex("by_userId_and_day", (q) => q.eq("userId", userId).eq("day", day))
    .unique();
  if (row) await ctx.db.patch("creatorDailyFigures", row._id, { [figure]: (row[figure] ?? 0) + by });
  else await ctx.db.insert("creatorDailyFigures", { userId, day, [figure]: by });
}

type DailyEvent = { work: Doc<"projects">; figure: WorkFigure } | { creatorId: Id<"users">; figure: "follows" | "unfollows" };

/**
 * Adds one to a figure of today (Japan time): on the work's day and its creator's day, or on the
 * creator's day for a follow.
 */
export async function recordDaily(ctx: MutationCtx, event: DailyEvent, now = Date.now()) {
  await markLive(ctx, now);
  await addToDay(ctx, event, now);
  // The works table's period totals (the backfill recounts them itself).
  if ("work" in event) await bumpPeriodTotals(ctx, event.work, event.figure, japanDate(now));
}

/** Adds one to a figure of the day of `at`: the backfill's past events. */
export async function addToDay(ctx: MutationCtx, event: DailyEvent, at: number) {
  const day = japanDate(at);
  if ("work" in event) {
    await bumpWorkDay(ctx, event.work, day, event.figure, 1);
    await bumpCreatorDay(ctx, event.work.userId, day, event.figure, 1);
  } else {
    await bumpCreatorDay(ctx, event.creatorId, day, event.figure, 1);
  }
}

/** Whether a signed-in viewer asked that their visits stay out of others' analytics. */
export function optedOut(user: Doc<"users"> | null): boolean {
  return user?.settings?.privacy?.analyticsOptOut === true;
}

// ---------------------------------------------------------------------------------------------
// Reading: at most one document per day shown.

/** The `days` days ending with `today`, oldest first. */
export function periodDays(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

export type DayFigures = Figures & { day: string };

function fillDays(rows: readonly (Partial<Figures> & { day: string })[], days: string[]): DayFigures[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => ({ day, ...figuresOf(byDay.get(day) ?? null) }));
}

export function sumFigures(rows: readonly Figures[]): Figures {
  const total = zeroFigures();
  for (const row of rows) for (const key of CREATOR_FIGURES) total[key] += row[key];
  return total;
}

/** A creator's figures: each day of the period, and the totals of the period before it. */
export async function creatorPeriod(ctx: QueryCtx, userId: Id<"users">, today: string, days: number) {
  const first = addDays(today, -2 * days + 1);
  const rows = await ctx.db
    .query("creatorDailyFigures")
    .withIndex("by_userId_and_day", (q) => q.eq("userId", userId).gte("day", first).lte("day", today))
    .take(2 * days);
  const current = periodDays(today, days);
  const previous = periodDays(addDays(today, -days), days);
  return { series: fillDays(rows, current), previous: sumFigures(fillDays(rows, previous)) };
}

/** A work's figures, like creatorPeriod. */
export async function workPeriod(ctx: QueryCtx, projectId: Id<"projects">, today: string, days: number) {
  const first = addDays(today, -2 * days + 1);
  const rows = await ctx.db
    .query("workDailyFigures")
    .withIndex("by_projectId_and_day", (q) => q.eq("projectId", projectId).gte("day", first).lte("day", today))
    .take(2 * days);
  const current = periodDays(today, days);
  const previous = periodDays(addDays(today, -days), days);
  return { series: fillDays(rows, current), previous: sumFigures(fillDays(rows, previous)) };
}
