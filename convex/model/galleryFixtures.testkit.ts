// A large, realistic gallery for the scale test and the benchmark: works and their AI-tool join
// rows written directly (insertProject per work would be far too slow at 100,000), with a spread
// of genres, tools, zero-code and likes, and a few known words in Japanese descriptions.
import type { TestConvex } from "convex-test";
import type { Id } from "../_generated/dataModel";
import { FILTER_AI_TOOLS, GENRE_IDS, type Genre } from "../constants";
import { type GallerySort } from "./gallery";
import { containsQuery, searchTextFor } from "./search";
import { bumpSiteCounter } from "./siteCounters";
import { newUserDocument } from "./users";
import type schema from "../schema";

type Runner = Pick<TestConvex<typeof schema>, "run">;

export type SeededWork = {
  _id: Id<"projects">;
  _creationTime: number;
  title: string;
  description: string;
  genre: Genre;
  aiTools: string[];
  isZeroCode: boolean;
  likesCount: number;
  /** Hidden by a moderator: kept in the table, never listed (no AI-tool rows, as hiding does). */
  hidden: boolean;
};

/** One work in ten is hidden, so every list and search is checked to skip them within the cap. */
export const HIDDEN_EVERY = 10;
export const isHiddenAt = (i: number) => i % HIDDEN_EVERY === 7;

const COMMON_WORDS = [
  "家計簿",
  "天気予報",
  "タスク管理",
  "写真",
  "音楽",
  "翻訳",
  "チャット",
  "地図",
  "レシピ",
  "学習",
  "英単語",
  "日記",
  "カレンダー",
  "株価",
  "筋トレ",
  "睡眠",
  "読書",
  "旅行",
  "ペット",
  "ゲーム",
];
/**
 * Rare known words: 量子計算 every 997th work, 猫カフェ every 4,999th, Zephyr (title) every 1,499th,
 * パレット every 1,997th (every other one written in half-width ﾊﾟﾚｯﾄ) and AI every 2,003rd (every
 * other one in full-width ＡＩ), for the searches that fold kana and width.
 */
export const RARE = { quantum: "量子計算", catCafe: "猫カフェ", zephyr: "Zephyr", palette: "パレット", ai: "AI" } as const;
export const RARE_FORMS = { palette: ["パレット", "ﾊﾟﾚｯﾄ"], ai: ["AI", "ＡＩ"] } as const;
export const CUSTOM_TOOL = "自作ツール";

/** A small seeded generator (mulberry32): the same seed gives the same gallery. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fields of the i-th seeded work, drawn from `next`. */
export function workFields(i: number, next: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const words = [pick(COMMON_WORDS), pick(COMMON_WORDS), pick(COMMON_WORDS)];
  if (i % 997 === 0) words.push(RARE.quantum);
  if (i % 4999 === 0) words.push(RARE.catCafe);
  if (i % 1997 === 0) words.push(RARE_FORMS.palette[(i / 1997) % 2]!);
  if (i % 2003 === 0) words.push(RARE_FORMS.ai[(i / 2003) % 2]!);
  const description = `${words[0]}と${words[1]}を組み合わせた${words.slice(2).join("や")}のアプリです`;
  const title = `${i % 1499 === 0 ? RARE.zephyr : pick(["Vibe", "Smart", "My"])} ${pick(COMMON_WORDS)} ${i}`;
  const tools = new Set<string>();
  const toolCount = 1 + Math.floor(next() * 3);
  // Skewed towards the first few tools, as real usage is.
  while (tools.size < toolCount) tools.add(FILTER_AI_TOOLS[Math.floor(next() ** 2 * FILTER_AI_TOOLS.length)]!);
  if (next() < 0.02) tools.add(CUSTOM_TOOL);
  return {
    title,
    description,
    genre: pick(GENRE_IDS),
    aiTools: [...tools],
    isZeroCode: next() < 0.3,
    // Many ties (most works have few likes), so the "ties newest first" rule is exercised.
    likesCount: Math.floor(next() ** 3 * 300),
  };
}

/** Inserts `count` works by a handful of authors, in transactions of `chunk` works. */
export async function seedGallery(t: Runner, count: number, { chunk = 300, seed = 42 } = {}): Promise<SeededWork[]> {
  // convex-test validates a union (genre is one of ten literals) by trying each member and catching
  // the Error each mismatch throws; capturing those stack traces is a third of the seeding time.
  // So none is captured while seeding (an error still carries its message).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return await insertWorks(t, count, chunk, random(seed));
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

async function insertWorks(t: Runner, count: number, chunk: number, next: () => number): Promise<SeededWork[]> {
  const authors: Id<"users">[] = await t.run(async (ctx) => {
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await ctx.db.insert("users", newUserDocument({ name: `作者${i}` }, 0)));
    return ids;
  });
  const works: SeededWork[] = [];
  for (let start = 0; start < count; start += chunk) {
    const batch = await t.run(async (ctx) => {
      const out: SeededWork[] = [];
      for (let i = start; i < Math.min(count, start + chunk); i++) {
        const fields = workFields(i, next);
        const hidden = isHiddenAt(i);
        const _id = await ctx.db.insert("projects", {
          ...fields,
          ...(hidden ? { hidden: true as const } : {}),
          userId: authors[i % authors.length]!,
          vibeDescription: "",
          demoUrl: "https://example.com",
          techStack: [],
          tags: [],
          screenshots: [],
          featured: false,
          commentsCount: 0,
          viewsCount: 0,
          searchText: searchTextFor(fields.title, fields.description),
          updatedAt: 0,
        });
        const { _creationTime } = (await ctx.db.get("projects", _id))!;
        for (const tool of hidden ? [] : fields.aiTools) {
          await ctx.db.insert("projectAiTools", {
            projectId: _id,
            tool,
            genre: fields.genre,
            isZeroCode: fields.isZeroCode,
            likesCount: fields.likesCount,
            projectCreationTime: _creationTime,
          });
        }
        out.push({ _id, _creationTime, ...fields, hidden });
      }
      return out;
    });
    works.push(...batch);
  }
  await t.run(async (ctx) => {
    const shown = works.filter((w) => !w.hidden);
    await bumpSiteCounter(ctx, "projects", shown.length);
    await bumpSiteCounter(ctx, "zeroCodeProjects", shown.filter((w) => w.isZeroCode).length);
  });
  return works;
}

export type BruteFilters = { genre?: Genre; aiTool?: string; zeroCode: boolean; sort: GallerySort };

/** The answer a full scan gives: every matching work others may see, in gallery order. */
export function bruteForce(works: SeededWork[], filters: BruteFilters, search?: string): SeededWork[] {
  return works
    .filter(
      (w) =>
        !w.hidden &&
        (!filters.genre || w.genre === filters.genre) &&
        (!filters.zeroCode || w.isZeroCode) &&
        (!filters.aiTool || w.aiTools.includes(filters.aiTool)) &&
        (search === undefined || containsQuery(w, search)),
    )
    .sort((a, b) => (filters.sort === "popular" ? b.likesCount - a.likesCount : 0) || b._creationTime - a._creationTime);
}
