// 急上昇 (trending) and the rankings (docs/decisions.md "Trending and rankings").
//
// Every like, unlike, shown comment and counted view adds to its work's row in workDailyStats for
// the current Japan day (one row per work per day), in the transaction of the action. From those
// rows, and never from the likes or views tables themselves, come:
//
// - trendScore = Σ over the last 14 Japan days (today included) of
//     (3 × max(0, likes − unlikes) + 2 × comments + 0.2 × views) × 0.5^(age / 2),
//   age in whole days (today 0, yesterday 1, …): daily buckets with a half-life of two days. It
//   is stored on the work and copied to its AI-tool and tag join rows, so the gallery sorts by it
//   through an index like the likesCount sort. It is unset (not 0) when nothing counts, so the
//   index and compareWorks (which reads a missing score as 0) agree: unscored works come last,
//   newest first.
// - the ranking windows on the work's workTrends row: net likes today, in the last 7 and in the
//   last 30 Japan days (today included), read through (hidden, [genre], likes…, tieOrder) indexes.
// - a creator's net likes received in the last 7 days on creatorTrends, from creatorDailyStats.
//
// Keeping them current is bounded work:
// - a like or unlike moves the windows at once (±1 when the row is counted up to today, otherwise
//   a recount of at most 30 daily rows), so the rankings are live; every activity marks the work
//   `dirty`.
// - the refresh job (every 10 minutes, and right after midnight Japan time) rescores the dirty
//   works, then every row whose `day` is before today (the windows and the score slide by a day),
//   RESCORE_BATCH works per transaction, rescheduling itself while rows are left. A work is
//   rescored from at most 30 of its own daily rows. Once nothing of a work is left in any window,
//   its row's `day` is unset and no job reads it again until new activity.
// So the scheduled work follows the number of works with activity in the last 30 days, never the
// number of works; and queries never read the clock (Date.now() is read only in mutations).
import { isSuspended } from "./suspension";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { Genre } from "../constants";
import { setDiscoveryTrendScore } from "./discovery";
import type { MuteFilter } from "./mutes";
import { japanDate } from "./japanTime";

export const TREND_WEIGHTS = { like: 3, comment: 2, view: 0.2 } as const;
export const TREND_HALF_LIFE_DAYS = 2;
/** Days (today included) the trend score counts. */
export const TREND_DAYS = 14;
export const WEEK_DAYS = 7;
export const MONTH_DAYS = 30;
/** Works one refresh transaction rescores: each reads at most ~35 rows (its daily rows, the work, its join rows). */
export const RESCORE_BATCH = 20;
/** Creators one refresh transaction recounts (at most 8 rows each). */
export const CREATOR_BATCH = 50;
export const RANKING_SIZE = 50;
export const CREATOR_RANKING_SIZE = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Japan day `n` days before `day` (both `YYYY-MM-DD`). */
export function dayMinus(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `earlier` to `later`. */
export function daysBetween(later: string, earlier: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / DAY_MS);
}

type DayCounts = Pick<Doc<"workDailyStats">, "day" | "likes" | "unlikes" | "comments" | "views">;

/** The trend score of a work's daily rows as of `today`; undefined when it is 0. */
export function trendScoreOf(rows: readonly DayCounts[], today: string): number | undefined {
  let score = 0;
  for (const row of rows) {
    const age = daysBetween(today, row.day);
    if (age < 0 || age >= TREND_DAYS) continue;
    const points =
      TREND_WEIGHTS.like * Math.max(0, row.likes - row.unlikes) + TREND_WEIGHTS.comment * row.comments + TREND_WEIGHTS.view * row.views;
    score += points * 0.5 ** (age / TREND_HALF_LIFE_DAYS);
  }
  return score > 0 ? score : undefined;
}

/** Net likes today, in the last 7 and the last 30 days, as of `today`. */
export function windowsOf(rows: readonly Pick<DayCounts, "day" | "likes" | "unlikes">[], today: string) {
  const windows = { likesToday: 0, likesWeek: 0, likesMonth: 0 };
  for (const row of rows) {
    const age = daysBetween(today, row.day);
    if (age < 0) continue;
    const net = row.likes - row.unlikes;
    if (age === 0) windows.likesToday += net;
    if (age < WEEK_DAYS) windows.likesWeek += net;
    if (age < MONTH_DAYS) windows.likesMonth += net;
  }
  return windows;
}

export type Activity = { likes?: number; unlikes?: number; comments?: number; views?: number };

const recentWorkDays = (ctx: QueryCtx, projectId: Id<"projects">, today: string, days: number) =>
  ctx.db
    .query("workDailyStats")
    .withIndex("by_projectId_and_day", (q) => q.eq("projectId", projectId).gt("day", dayMinus(today, days)))
    .take(days);

const recentCreatorDays = (ctx: QueryCtx, userId: Id<"users">, today: string) =>
  ctx.db
    .query("creatorDailyStats")
    .withIndex("by_userId_and_day", (q) => q.eq("userId", userId).gt("day", dayMinus(today, WEEK_DAYS)))
    .take(WEEK_DAYS);

export async function findWorkTrend(ctx: QueryCtx, projectId: Id<"projects">) {
  return await ctx.db
    .query("workTrends")
    .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
    .unique();
}

async function findCreatorTrend(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("creatorTrends")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/**
 * Records one action on `work` for today (Japan time), in the caller's transaction: the daily
 * row, the live ranking windows for likes, the rescoring mark, and the author's daily likes.
 */
export async function recordActivity(ctx: MutationCtx, work: Doc<"projects">, activity: Activity, now = Date.now()) {
  const today = japanDate(now);
  const delta = { likes: 0, unlikes: 0, comments: 0, views: 0, ...activity };
  const dayRow = await ctx.db
    .query("workDailyStats")
    .withIndex("by_projectId_and_day", (q) => q.eq("projectId", work._id).eq("day", today))
    .unique();
  if (dayRow) {
    await ctx.db.patch("workDailyStats", dayRow._id, {
      likes: dayRow.likes + delta.likes,
      unlikes: dayRow.unlikes + delta.unlikes,
      comments: dayRow.comments + delta.comments,
      views: dayRow.views + delta.views,
    });
  } else {
    await ctx.db.insert("workDailyStats", { projectId: work._id, day: today, ...delta });
  }

  const net = delta.likes - delta.unlikes;
  const trend = await findWorkTrend(ctx, work._id);
  if (!trend) {
    await ctx.db.insert("workTrends", {
      projectId: work._id,
      userId: work.userId,
      genre: work.genre,
      ...(work.hidden ? { hidden: true as const } : {}),
      tieOrder: -work._creationTime,
      day: today,
      dirty: true,
      likesToday: net,
      likesWeek: net,
      likesMonth: net,
    });
  } else if (trend.day === today) {
    if (net !== 0 || trend.dirty !== true) {
      await ctx.db.patch("workTrends", trend._id, {
        dirty: true,
        likesToday: trend.likesToday + net,
        likesWeek: trend.likesWeek + net,
        likesMonth: trend.likesMonth + net,
      });
    }
  } else {
    // Counted up to an earlier day (or settled): recount from the daily rows, today's included.
    const windows = windowsOf(await recentWorkDays(ctx, work._id, today, MONTH_DAYS), today);
    await ctx.db.patch("workTrends", trend._id, { ...windows, day: today, dirty: true });
  }
  if (net !== 0) await bumpCreatorDay(ctx, work.userId, today, delta.likes, delta.unlikes);
}

async function bumpCreatorDay(ctx: MutationCtx, userId: Id<"users">, today: string, likes: number, unlikes: number) {
  const dayRow = await ctx.db
    .query("creatorDailyStats")
    .withIndex("by_userId_and_day", (q) => q.eq("userId", userId).eq("day", today))
    .unique();
  if (dayRow) await ctx.db.patch("creatorDailyStats", dayRow._id, { likes: dayRow.likes + likes, unlikes: dayRow.unlikes + unlikes });
  else await ctx.db.insert("creatorDailyStats", { userId, day: today, likes, unlikes });
  const trend = await findCreatorTrend(ctx, userId);
  if (!trend) {
    const user = await ctx.db.get("users", userId);
    if (!user) return;
    await ctx.db.insert("creatorTrends", { userId, tieOrder: -user._creationTime, day: today, likesWeek: likes - unlikes });
  } else if (trend.day === today) {
    await ctx.db.patch("creatorTrends", trend._id, { likesWeek: trend.likesWeek + likes - unlikes });
  } else {
    await recountCreator(ctx, trend, today);
  }
}

async function recountCreator(ctx: MutationCtx, trend: Doc<"creatorTrends">, today: string) {
  const rows = await recentCreatorDays(ctx, trend.userId, today);
  const likesWeek = rows.reduce((sum, row) => sum + row.likes - row.unlikes, 0);
  await ctx.db.patch("creatorTrends", trend._id, { likesWeek, day: rows.length > 0 ? today : undefined });
}

/**
 * Rescores one work as of `today`: its score (on the work and its join rows), its windows, the
 * copies of genre and hidden, and whether any job needs to read it again.
 */
export async function rescoreWork(ctx: MutationCtx, trend: Doc<"workTrends">, today: string) {
  const work = await ctx.db.get("projects", trend.projectId);
  if (!work) {
    await ctx.db.delete("workTrends", trend._id);
    return;
  }
  const rows = await recentWorkDays(ctx, work._id, today, MONTH_DAYS);
  const trendScore = trendScoreOf(rows, today);
  if (work.trendScore !== trendScore) {
    await ctx.db.patch("projects", work._id, { trendScore });
    // A hidden work has no join rows (restoring it copies the score from the work).
    if (work.hidden !== true) await setDiscoveryTrendScore(ctx, work._id, trendScore);
  }
  await ctx.db.patch("workTrends", trend._id, {
    ...windowsOf(rows, today),
    day: rows.length > 0 ? today : undefined,
    dirty: undefined,
    genre: work.genre,
    hidden: work.hidden,
  });
}

/**
 * One transaction of the refresh job: dirty works first, then works and creators counted up to
 * an earlier day. Returns whether rows are left for another run.
 */
export async function refreshBatch(ctx: MutationCtx, now = Date.now()): Promise<boolean> {
  const today = japanDate(now);
  const dirty = await ctx.db
    .query("workTrends")
    .withIndex("by_dirty", (q) => q.eq("dirty", true))
    .take(RESCORE_BATCH);
  for (const trend of dirty) await rescoreWork(ctx, trend, today);
  if (dirty.length === RESCORE_BATCH) return true;

  const stale = await ctx.db
    .query("workTrends")
    .withIndex("by_day", (q) => q.gt("day", "").lt("day", today))
    .take(RESCORE_BATCH - dirty.length);
  for (const trend of stale) await rescoreWork(ctx, trend, today);
  if (dirty.length + stale.length === RESCORE_BATCH) return true;

  const creators = await ctx.db
    .query("creatorTrends")
    .withIndex("by_day", (q) => q.gt("day", "").lt("day", today))
    .take(CREATOR_BATCH);
  for (const trend of creators) await recountCreator(ctx, trend, today);
  return creators.length === CREATOR_BATCH;
}

/** Keeps the rankings' copies in step when a work is hidden, restored or changes genre. */
export async function syncWorkTrend(ctx: MutationCtx, projectId: Id<"projects">) {
  const trend = await findWorkTrend(ctx, projectId);
  const work = await ctx.db.get("projects", projectId);
  if (!trend || !work) return;
  if (trend.genre !== work.genre || trend.hidden !== work.hidden) {
    await ctx.db.patch("workTrends", trend._id, { genre: work.genre, hidden: work.hidden });
  }
}

/** A deleted work leaves the rankings at once; its daily rows go with the batched purge. */
export async function deleteWorkTrend(ctx: MutationCtx, projectId: Id<"projects">) {
  const trend = await findWorkTrend(ctx, projectId);
  if (trend) await ctx.db.delete("workTrends", trend._id);
}

// ---------------------------------------------------------------------------------------------
// Rankings

export type RankingWindow = "today" | "week" | "month" | "all";

/** Standard competition ranks (1, 2, 2, 4): equal likes share a rank; the order stays stable. */
export function ranksOf(likes: readonly number[]): number[] {
  const ranks: number[] = [];
  likes.forEach((value, i) => ranks.push(i > 0 && likes[i - 1] === value ? ranks[i - 1]! : i + 1));
  return ranks;
}

/**
 * The top works by likes gained in the window (net, above 0), at most RANKING_SIZE, others'
 * hidden works and muted authors left out. Reads at most RANKING_SIZE + mutes.extra index rows
 * and as many works. Ties: the earlier-posted work first in the windows (tieOrder); all time uses
 * the gallery's 人気 index, where ties list the newer work first.
 */
export async function rankedWorks(
  ctx: QueryCtx,
  window: RankingWindow,
  genre: Genre | undefined,
  mutes: MuteFilter,
): Promise<{ work: Doc<"projects">; likes: number }[]> {
  const n = RANKING_SIZE + mutes.extra;
  let ranked: { work: Doc<"projects">; likes: number }[];
  if (window === "all") {
    const works = genre
      ? await ctx.db
          .query("projects")
          .withIndex("by_hidden_and_genre_and_likesCount", (q) => q.eq("hidden", undefined).eq("genre", genre).gt("likesCount", 0))
          .order("desc")
          .take(n)
      : await ctx.db
          .query("projects")
          .withIndex("by_hidden_and_likesCount", (q) => q.eq("hidden", undefined).gt("likesCount", 0))
          .order("desc")
          .take(n);
    ranked = works.map((work) => ({ work, likes: work.likesCount }));
  } else {
    const rows = await windowRows(ctx, window, genre, n);
    const field = WINDOW_FIELD[window];
    const works = await Promise.all(rows.map((row) => ctx.db.get("projects", row.projectId)));
    ranked = [];
    rows.forEach((row, i) => {
      const work = works[i];
      if (work && work.hidden !== true) ranked.push({ work, likes: row[field] });
    });
  }
  return (await mutes.visible(ranked, (entry) => entry.work.userId)).slice(0, RANKING_SIZE);
}

const WINDOW_FIELD = { today: "likesToday", week: "likesWeek", month: "likesMonth" } as const;

async function windowRows(ctx: QueryCtx, window: Exclude<RankingWindow, "all">, genre: Genre | undefined, n: number) {
  const trends = ctx.db.query("workTrends");
  switch (window) {
    case "today":
      return genre
        ? await trends
            .withIndex("by_hidden_and_genre_and_likesToday_and_tieOrder", (q) =>
              q.eq("hidden", undefined).eq("genre", genre).gt("likesToday", 0),
            )
            .order("desc")
            .take(n)
        : await trends
            .withIndex("by_hidden_and_likesToday_and_tieOrder", (q) => q.eq("hidden", undefined).gt("likesToday", 0))
            .order("desc")
            .take(n);
    case "week":
      return genre
        ? await trends
            .withIndex("by_hidden_and_genre_and_likesWeek_and_tieOrder", (q) =>
              q.eq("hidden", undefined).eq("genre", genre).gt("likesWeek", 0),
            )
            .order("desc")
            .take(n)
        : await trends
            .withIndex("by_hidden_and_likesWeek_and_tieOrder", (q) => q.eq("hidden", undefined).gt("likesWeek", 0))
            .order("desc")
            .take(n);
    case "month":
      return genre
        ? await trends
            .withIndex("by_hidden_and_genre_and_likesMonth_and_tieOrder", (q) =>
              q.eq("hidden", undefined).eq("genre", genre).gt("likesMonth", 0),
            )
            .order("desc")
            .take(n)
        : await trends
            .withIndex("by_hidden_and_likesMonth_and_tieOrder", (q) => q.eq("hidden", undefined).gt("likesMonth", 0))
            .order("desc")
            .take(n);
  }
}

/** Rows read beyond the ranking's size, so a few suspended creators do not shorten it. */
export const CREATOR_RANKING_SLACK = 10;

/**
 * The creators with the most net likes received in the last 7 days (ties: earlier member first),
 * with their user documents. Suspended and deleted accounts are left out: a ranking must not
 * showcase an account a moderator has stopped.
 */
export async function rankedCreators(ctx: QueryCtx, mutes: MuteFilter) {
  const rows = await ctx.db
    .query("creatorTrends")
    .withIndex("by_likesWeek_and_tieOrder", (q) => q.gt("likesWeek", 0))
    .order("desc")
    .take(CREATOR_RANKING_SIZE + CREATOR_RANKING_SLACK + mutes.extra);
  const now = Date.now();
  const standing = (
    await Promise.all(
      rows.map(async (row) => {
        const user = await ctx.db.get("users", row.userId);
        return user && !isSuspended(user, now) ? [{ row, user }] : [];
      }),
    )
  ).flat();
  return (await mutes.visible(standing, ({ row }) => row.userId)).slice(0, CREATOR_RANKING_SIZE);
}
