// The gallery at scale. Every request reads a bounded number
// of documents whatever the table size:
// - Without search text, each filter/sort combination has its own index (the AI-tool filter goes
//   through the projectAiTools join table), so a page reads its rows and nothing else and the
//   pages together are exactly the brute-force answer, in order.
// - With search text, the bigram search index yields at most SEARCH_CAP candidates; those whose
//   title or description really contain the query survive, then the AI-tool filter, the sort
//   and the limit apply in memory. Exact whenever the candidates number less than the cap.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { GENRE_ALIASES, GENRE_IDS, type Genre } from "../constants";
import { userError } from "./errors";
import { bigrams, containsQuery, normalizeForSearch } from "./search";
import type { MuteFilter } from "./mutes";
import { toWorkCard } from "./workCards";

/**
 * Candidates one search reads. Each counts against the 1,000-documents-read budget together with
 * one author per returned card, so cap + largest limit stays well under it. (Convex's search
 * itself stops at 1,024.)
 */
export const SEARCH_CAP = 400;
/** Convex search queries take at most 16 terms; a match must contain every bigram anyway. */
export const MAX_SEARCH_TERMS = 16;
export const DEFAULT_SEARCH_LIMIT = 20;

/** 新着 / 人気 / 急上昇 (trending: projects.trendScore, model/trending.ts). */
export const vGallerySort = v.union(v.literal("newest"), v.literal("popular"), v.literal("trending"));
export type GallerySort = Infer<typeof vGallerySort>;

export type GalleryFilters = {
  genre?: Genre;
  aiTool?: string;
  /** Only true filters; false means "all works". */
  zeroCode: boolean;
  sort: GallerySort;
};

export const INVALID_GENRE_MESSAGE = "ジャンルが正しくありません";

/** "all", "" and undefined mean no filter; `web` from older links means `webapp`. */
export function resolveGenre(genre: string | undefined): Genre | undefined {
  if (genre === undefined || genre === "" || genre === "all") return undefined;
  const id = GENRE_ALIASES[genre] ?? genre;
  if ((GENRE_IDS as readonly string[]).includes(id)) return id as Genre;
  throw userError("INVALID_GENRE", INVALID_GENRE_MESSAGE);
}

/** Normalises the public arguments; an empty AI tool means no filter. */
export function galleryFilters(args: { genre?: string; aiTool?: string; zeroCode?: boolean; sort: GallerySort }) {
  const aiTool = args.aiTool?.trim();
  const filters: GalleryFilters = { zeroCode: args.zeroCode === true, sort: args.sort };
  const genre = resolveGenre(args.genre);
  if (genre) filters.genre = genre;
  if (aiTool && aiTool !== "all") filters.aiTool = aiTool;
  return filters;
}

/**
 * The order both paths produce: newest first, or most liked / highest trend score first with ties
 * newest first. A missing trendScore is 0: it is unset whenever it would be 0 (model/trending.ts),
 * so the trendScore indexes (where unset sorts below every number) give this order exactly.
 */
export function compareWorks(sort: GallerySort) {
  return (a: Doc<"projects">, b: Doc<"projects">) =>
    (sort === "popular" ? b.likesCount - a.likesCount : 0) ||
    (sort === "trending" ? (b.trendScore ?? 0) - (a.trendScore ?? 0) : 0) ||
    b._creationTime - a._creationTime;
}

/** One page of works without search text; every combination is a single index range. */
export async function pageOfWorks(
  ctx: QueryCtx,
  filters: GalleryFilters,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<Doc<"projects">>> {
  if (filters.aiTool !== undefined) return await pageOfWorksByTool(ctx, { ...filters, aiTool: filters.aiTool }, paginationOpts);
  const { genre, zeroCode, sort } = filters;
  const projects = ctx.db.query("projects");
  if (sort === "newest") {
    if (genre && zeroCode) {
      return await projects
        .withIndex("by_hidden_and_genre_and_isZeroCode", (q) => q.eq("hidden", undefined).eq("genre", genre).eq("isZeroCode", true))
        .order("desc")
        .paginate(paginationOpts);
    }
    if (genre)
      return await projects
        .withIndex("by_hidden_and_genre", (q) => q.eq("hidden", undefined).eq("genre", genre))
        .order("desc")
        .paginate(paginationOpts);
    if (zeroCode) {
      return await projects
        .withIndex("by_hidden_and_isZeroCode", (q) => q.eq("hidden", undefined).eq("isZeroCode", true))
        .order("desc")
        .paginate(paginationOpts);
    }
    return await projects
      .withIndex("by_hidden", (q) => q.eq("hidden", undefined))
      .order("desc")
      .paginate(paginationOpts);
  }
  if (sort === "trending") {
    if (genre && zeroCode) {
      return await projects
        .withIndex("by_hidden_and_genre_and_isZeroCode_and_trendScore", (q) =>
          q.eq("hidden", undefined).eq("genre", genre).eq("isZeroCode", true),
        )
        .order("desc")
        .paginate(paginationOpts);
    }
    if (genre) {
      return await projects
        .withIndex("by_hidden_and_genre_and_trendScore", (q) => q.eq("hidden", undefined).eq("genre", genre))
        .order("desc")
        .paginate(paginationOpts);
    }
    if (zeroCode) {
      return await projects
        .withIndex("by_hidden_and_isZeroCode_and_trendScore", (q) => q.eq("hidden", undefined).eq("isZeroCode", true))
        .order("desc")
        .paginate(paginationOpts);
    }
    return await projects
      .withIndex("by_hidden_and_trendScore", (q) => q.eq("hidden", undefined))
      .order("desc")
      .paginate(paginationOpts);
  }
  if (genre && zeroCode) {
    return await projects
      .withIndex("by_hidden_and_genre_and_isZeroCode_and_likesCount", (q) =>
        q.eq("hidden", undefined).eq("genre", genre).eq("isZeroCode", true),
      )
      .order("desc")
      .paginate(paginationOpts);
  }
  if (genre) {
    return await projects
      .withIndex("by_hidden_and_genre_and_likesCount", (q) => q.eq("hidden", undefined).eq("genre", genre))
      .order("desc")
      .paginate(paginationOpts);
  }
  if (zeroCode) {
    return await projects
      .withIndex("by_hidden_and_isZeroCode_and_likesCount", (q) => q.eq("hidden", undefined).eq("isZeroCode", true))
      .order("desc")
      .paginate(paginationOpts);
  }
  return await projects
    .withIndex("by_hidden_and_likesCount", (q) => q.eq("hidden", undefined))
    .order("desc")
    .paginate(paginationOpts);
}

/** The AI-tool filter: a page of join rows (one index per combination), then their works. */
async function pageOfWorksByTool(
  ctx: QueryCtx,
  filters: GalleryFilters & { aiTool: string },
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<Doc<"projects">>> {
  const { aiTool: tool, genre, zeroCode, sort } = filters;
  const rows = ctx.db.query("projectAiTools");
  let page: PaginationResult<Doc<"projectAiTools">>;
  if (sort === "newest") {
    if (genre && zeroCode) {
      page = await rows
        .withIndex("by_tool_and_genre_and_isZeroCode_and_projectCreationTime", (q) =>
          q.eq("tool", tool).eq("genre", genre).eq("isZeroCode", true),
        )
        .order("desc")
        .paginate(paginationOpts);
    } else if (genre) {
      page = await rows
        .withIndex("by_tool_and_genre_and_projectCreationTime", (q) => q.eq("tool", tool).eq("genre", genre))
        .order("desc")
        .paginate(paginationOpts);
    } else if (zeroCode) {
      page = await rows
        .withIndex("by_tool_and_isZeroCode_and_projectCreationTime", (q) => q.eq("tool", tool).eq("isZeroCode", true))
        .order("desc")
        .paginate(paginationOpts);
    } else {
      page = await rows
        .withIndex("by_tool_and_projectCreationTime", (q) => q.eq("tool", tool))
        .order("desc")
        .paginate(paginationOpts);
    }
  } else if (sort === "trending") {
    if (genre && zeroCode) {
      page = await rows
        .withIndex("by_tool_and_genre_and_isZeroCode_and_trendScore_and_projectCreationTime", (q) =>
          q.eq("tool", tool).eq("genre", genre).eq("isZeroCode", true),
        )
        .order("desc")
        .paginate(paginationOpts);
    } else if (genre) {
      page = await rows
        .withIndex("by_tool_and_genre_and_trendScore_and_projectCreationTime", (q) => q.eq("tool", tool).eq("genre", genre))
        .order("desc")
        .paginate(paginationOpts);
    } else if (zeroCode) {
      page = await rows
        .withIndex("by_tool_and_isZeroCode_and_trendScore_and_projectCreationTime", (q) => q.eq("tool", tool).eq("isZeroCode", true))
        .order("desc")
        .paginate(paginationOpts);
    } else {
      page = await rows
        .withIndex("by_tool_and_trendScore_and_projectCreationTime", (q) => q.eq("tool", tool))
        .order("desc")
        .paginate(paginationOpts);
    }
  } else if (genre && zeroCode) {
    page = await rows
      .withIndex("by_tool_and_genre_and_isZeroCode_and_likesCount_and_projectCreationTime", (q) =>
        q.eq("tool", tool).eq("genre", genre).eq("isZeroCode", true),
      )
      .order("desc")
      .paginate(paginationOpts);
  } else if (genre) {
    page = await rows
      .withIndex("by_tool_and_genre_and_likesCount_and_projectCreationTime", (q) => q.eq("tool", tool).eq("genre", genre))
      .order("desc")
      .paginate(paginationOpts);
  } else if (zeroCode) {
    page = await rows
      .withIndex("by_tool_and_isZeroCode_and_likesCount_and_projectCreationTime", (q) => q.eq("tool", tool).eq("isZeroCode", true))
      .order("desc")
      .paginate(paginationOpts);
  } else {
    page = await rows
      .withIndex("by_tool_and_likesCount_and_projectCreationTime", (q) => q.eq("tool", tool))
      .order("desc")
      .paginate(paginationOpts);
  }
  // Join rows go in the same transaction as their work, so a missing work is only skipped.
  const works = await Promise.all(page.page.map((row) => ctx.db.get("projects", row.projectId)));
  return { ...page, page: works.filter((work) => work !== null) };
}

export type SearchOutcome = { works: Doc<"projects">[]; total: number; capped: boolean };

/**
 * Works whose title or description contain `query`, filtered and sorted, the first `limit`.
 * `total` counts the matches among the candidates; `capped` says the candidates hit SEARCH_CAP,
 * so more matches may exist than were found.
 */
export async function searchWorks(
  ctx: QueryCtx,
  query: string,
  filters: GalleryFilters,
  limit: number,
  mutes?: MuteFilter,
): Promise<SearchOutcome> {
  const terms = bigrams(query).slice(0, MAX_SEARCH_TERMS);
  if (terms.length === 0 || !normalizeForSearch(query)) return { works: [], total: 0, capped: false };
  const { genre, zeroCode, aiTool, sort } = filters;
  const candidates = await ctx.db
    .query("projects")
    .withSearchIndex("search_searchText", (q) => {
      const search = q.search("searchText", terms.join(" ")).eq("hidden", undefined);
      const byGenre = genre ? search.eq("genre", genre) : search;
      return zeroCode ? byGenre.eq("isZeroCode", true) : byGenre;
    })
    // A few more candidates stand in for muted authors' works (model/mutes.ts).
    .take(SEARCH_CAP + (mutes?.extra ?? 0));
  const found = candidates
    .filter((work) => containsQuery(work, query))
    .filter((work) => aiTool === undefined || work.aiTools.includes(aiTool));
  const matches = (mutes ? await mutes.visible(found, (work) => work.userId) : found).sort(compareWorks(sort));
  return { works: matches.slice(0, limit), total: matches.length, capped: candidates.length >= SEARCH_CAP + (mutes?.extra ?? 0) };
}

export type GalleryArgs = { genre?: string; aiTool?: string; zeroCode?: boolean; sort: GallerySort };

/**
 * projects.list: one page of cards. With mutes the page reads `mutes.extra` more works and
 * returns every one not by a muted author (model/mutes.ts says how many muted rows that covers).
 */
export async function galleryPage(ctx: QueryCtx, args: GalleryArgs & { paginationOpts: PaginationOptions }, mutes?: MuteFilter) {
  const opts = mutes ? { ...args.paginationOpts, numItems: args.paginationOpts.numItems + mutes.extra } : args.paginationOpts;
  const result = await pageOfWorks(ctx, galleryFilters(args), opts);
  const works = mutes ? await mutes.visible(result.page, (work) => work.userId) : result.page;
  return { ...result, page: await Promise.all(works.map((work) => toWorkCard(ctx, work))) };
}

/** projects.search: the first `limit` cards (1..SEARCH_CAP, default 20) with the match count. */
export async function gallerySearch(ctx: QueryCtx, args: GalleryArgs & { search: string; limit?: number }, mutes?: MuteFilter) {
  const limit = Math.min(SEARCH_CAP, Math.max(1, Math.floor(args.limit ?? DEFAULT_SEARCH_LIMIT)));
  const outcome = await searchWorks(ctx, args.search, galleryFilters(args), limit, mutes);
  return {
    items: await Promise.all(outcome.works.map((work) => toWorkCard(ctx, work))),
    total: outcome.total,
    capped: outcome.capped,
    cap: SEARCH_CAP,
  };
}
