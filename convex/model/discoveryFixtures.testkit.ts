// A large gallery with a month of engagement, for the discovery scale test and benchmark (issue
// 24): works as the gallery fixture makes them (one in ten hidden) by DISCOVERY_AUTHORS creators,
// tags in several spellings, likes, comments and views spread over the last 40 Japan days as
// daily rows (1,000,000 likes at 100,000 works), and every derived row as the live writes and
// the refresh job leave it: trend scores copied onto the works and their join rows, ranking
// windows, tag and tool counters. Optionally a reader follows every creator with the whole
// gallery in their feed.
//
// Everything is planned in memory first, then written through `BulkInsert`, so the same data can
// be written by convex-test (t.run) and into the embedded backend (an insert mutation), and no
// row is ever looked up while seeding (convex-test answers every lookup by scanning the table).
import type { TableNames } from "../_generated/dataModel";
import { foldedTags, MAX_TAG_SPELLINGS } from "./discovery";
import { isHiddenAt, random, workFields } from "./galleryFixtures.testkit";
import { searchTextFor } from "./search";
import { dayMinus, trendScoreOf, windowsOf } from "./trending";
import { newUserDocument } from "./users";

export const DISCOVERY_AUTHORS = 500;
/** One work in ACTIVE_EVERY had likes, comments or views in the last 40 days. */
export const ACTIVE_EVERY = 5;

/** Common tags in several spellings each (folded to one tag), and a long tail of rare ones. */
export const TAG_SPELLINGS = [
  ["AI", "ai", "ＡＩ", "Ai"],
  ["ゲーム", "げーむ", "ｹﾞｰﾑ"],
  ["React", "react"],
  ["家計簿"],
  ["初心者", "しょしんしゃ"],
] as const;

function tagsFor(i: number): string[] {
  const tags: string[] = [];
  TAG_SPELLINGS.forEach((forms, k) => {
    if ((i * (k + 3)) % (k + 2) === 0) tags.push(forms[(i >> k) % forms.length]!);
  });
  tags.push(`tail${i % 400}`);
  return tags;
}

type DayRow = { day: string; likes: number; unlikes: number; comments: number; views: number };

export type PlannedWork = ReturnType<typeof workFields> & {
  index: number;
  hidden: boolean;
  author: number;
  tags: string[];
  days: DayRow[];
  trendScore: number | undefined;
  windows: ReturnType<typeof windowsOf>;
};

/** The works, their engagement and what it scores as of `today` (a Japan day, YYYY-MM-DD). */
export function planDiscovery(count: number, today: string, seed = 42): PlannedWork[] {
  const next = random(seed);
  const activity = random(seed + 1);
  const works: PlannedWork[] = [];
  for (let i = 0; i < count; i++) {
    const fields = workFields(i, next);
    const days: DayRow[] = [];
    if (i % ACTIVE_EVERY === 0) {
      const ages = new Set<number>();
      for (let k = 0; k < 1 + Math.floor(activity() * 6); k++) ages.add(Math.floor(activity() ** 2 * 40));
      for (const age of ages) {
        days.push({
          day: dayMinus(today, age),
          likes: Math.floor(activity() ** 3 * 80),
          unlikes: activity() < 0.1 ? 1 : 0,
          comments: Math.floor(activity() * 3),
          views: Math.floor(activity() * 50),
        });
      }
    }
    const windows = windowsOf(days, today);
    const recentLikes = days.reduce((sum, row) => sum + row.likes - row.unlikes, 0);
    works.push({
      ...fields,
      likesCount: fields.likesCount + Math.max(0, recentLikes),
      index: i,
      hidden: isHiddenAt(i),
      author: (i * 7919) % DISCOVERY_AUTHORS,
      tags: tagsFor(i),
      days,
      trendScore: trendScoreOf(days, today),
      windows,
    });
  }
  return works;
}

export const likesIn = (works: readonly PlannedWork[]) => works.reduce((sum, w) => sum + w.days.reduce((s, row) => s + row.likes, 0), 0);

type Written = { _id: string; _creationTime: number };
/** Inserts documents into a table in one transaction, returning their ids and creation times. */
export type BulkInsert = (table: TableNames, docs: Record<string, unknown>[]) => Promise<Written[]>;

export type SeededDiscovery = {
  authors: string[];
  reader: string | undefined;
  works: (PlannedWork & Written)[];
};

/**
 * Writes the plan. `stale` works (the first of the active ones) are left as activity leaves them
 * before the refresh job runs: marked dirty, windows and scores not yet counted.
 */
export async function insertDiscovery(
  insert: BulkInsert,
  plan: readonly PlannedWork[],
  today: string,
  { chunk = 500, stale = 0, feedReader = false }: { chunk?: number; stale?: number; feedReader?: boolean } = {},
): Promise<SeededDiscovery> {
  const authorRows = await insert(
    "users",
    Array.from({ length: DISCOVERY_AUTHORS }, (_, i) => newUserDocument({ name: `クリエイター${i}` }, 0)),
  );
  const authors = authorRows.map((u) => u._id);
  const reader = feedReader ? (await insert("users", [newUserDocument({ name: "読者" }, 0)]))[0]!._id : undefined;
  if (reader) {
    for (let start = 0; start < authors.length; start += chunk) {
      await insert(
        "follows",
        authors.slice(start, start + chunk).map((followeeId) => ({ followerId: reader, followeeId })),
      );
    }
  }
  const staleIndexes = new Set(
    plan
      .filter((w) => w.days.length > 0)
      .slice(0, stale)
      .map((w) => w.index),
  );
  const works: SeededDiscovery["works"] = [];
  const tagCounts = new Map<string, Map<string, number>>();
  const toolCounts = new Map<string, number>();
  const creatorWeek = new Map<string, number>();

  for (let start = 0; start < plan.length; start += chunk) {
    const batch = plan.slice(start, start + chunk);
    const written = await insert(
      "projects",
      batch.map((w) => ({
        title: w.title,
        description: w.description,
        genre: w.genre,
        aiTools: w.aiTools,
        isZeroCode: w.isZeroCode,
        likesCount: w.likesCount,
        ...(w.hidden ? { hidden: true } : {}),
        ...(w.trendScore !== undefined && !staleIndexes.has(w.index) ? { trendScore: w.trendScore } : {}),
        userId: authors[w.author],
        vibeDescription: "",
        demoUrl: "https://example.com",
        techStack: [],
        tags: w.tags,
        screenshots: [],
        featured: false,
        commentsCount: 0,
        viewsCount: 0,
        searchText: searchTextFor(w.title, w.description),
        updatedAt: 0,
      })),
    );
    const tools: Record<string, unknown>[] = [];
    const tags: Record<string, unknown>[] = [];
    const days: Record<string, unknown>[] = [];
    const trends: Record<string, unknown>[] = [];
    const feed: Record<string, unknown>[] = [];
    batch.forEach((w, k) => {
      const { _id: projectId, _creationTime } = written[k]!;
      works.push({ ...w, _id: projectId, _creationTime });
      const isStale = staleIndexes.has(w.index);
      const copied = {
        genre: w.genre,
        isZeroCode: w.isZeroCode,
        likesCount: w.likesCount,
        projectCreationTime: _creationTime,
        ...(w.trendScore !== undefined && !isStale ? { trendScore: w.trendScore } : {}),
      };
      if (!w.hidden) {
        for (const tool of w.aiTools) {
          tools.push({ projectId, tool, ...copied, counted: true });
          toolCounts.set(tool, (toolCounts.get(tool) ?? 0) + 1);
        }
        for (const [tagKey, spelling] of foldedTags(w.tags)) {
          tags.push({ projectId, tagKey, spelling, ...copied });
          const spellings = tagCounts.get(tagKey) ?? new Map<string, number>();
          spellings.set(spelling, (spellings.get(spelling) ?? 0) + 1);
          tagCounts.set(tagKey, spellings);
        }
      }
      for (const row of w.days) days.push({ projectId, ...row });
      if (w.days.length > 0) {
        trends.push({
          projectId,
          userId: authors[w.author],
          genre: w.genre,
          ...(w.hidden ? { hidden: true } : {}),
          tieOrder: -_creationTime,
          ...(isStale
            ? { day: dayMinus(today, 40), dirty: true, likesToday: 0, likesWeek: 0, likesMonth: 0 }
            : { day: today, ...w.windows }),
        });
        const author = authors[w.author]!;
        creatorWeek.set(author, (creatorWeek.get(author) ?? 0) + w.windows.likesWeek);
      }
      if (reader) {
        feed.push({
          userId: reader,
          projectId,
          authorId: authors[w.author],
          projectCreationTime: _creationTime,
          ...(w.hidden ? { hidden: true } : {}),
        });
      }
    });
    for (const [table, docs] of [
      ["projectAiTools", tools],
      ["projectTags", tags],
      ["workDailyStats", days],
      ["workTrends", trends],
      ["feedItems", feed],
    ] as const) {
      for (let i = 0; i < docs.length; i += chunk) await insert(table, docs.slice(i, i + chunk));
    }
  }

  const tagStats = [...tagCounts].map(([tagKey, counts]) => {
    // Most used first; Array.sort is stable, so the first spelling seen wins a tie.
    const spellings = [...counts].map(([spelling, count]) => ({ spelling, count })).sort((a, b) => b.count - a.count);
    return {
      tagKey,
      count: spellings.reduce((sum, s) => sum + s.count, 0),
      display: spellings[0]!.spelling,
      spellings: spellings.slice(0, MAX_TAG_SPELLINGS),
    };
  });
  const creatorTrends = authors.flatMap((userId, i) => {
    const likesWeek = creatorWeek.get(userId) ?? 0;
    return likesWeek > 0 ? [{ userId, tieOrder: -authorRows[i]!._creationTime, day: today, likesWeek }] : [];
  });
  for (const [table, docs] of [
    ["tagStats", tagStats],
    ["toolStats", [...toolCounts].map(([tool, count]) => ({ tool, count }))],
    ["creatorTrends", creatorTrends],
  ] as const) {
    for (let i = 0; i < docs.length; i += chunk) await insert(table, docs.slice(i, i + chunk));
  }
  return { authors, reader, works };
}
