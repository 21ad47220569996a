// What the tag and AI-tool pages read (docs/product.md "Tags and AI tools"). Every read is one
// index range, bounded:
// - a page of works: one page of join rows (projectTags / projectAiTools, one index per sort and
//   zero-code combination; hidden works have no rows), then each row's work and author;
// - related tags: the tag's RELATED_SAMPLE most liked works, their tags counted, then the stats
//   of the top RELATED_LIMIT;
// - the /tools index: the toolStats rows, most used first, at most TOOLS_LIMIT.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { findTagStats, foldedTags, tagKeyOf } from "./discovery";
import { userError } from "./errors";
import { pageOfWorks } from "./gallery";
import type { MuteFilter } from "./mutes";
import { toWorkCard } from "./workCards";

export const vDiscoverySort = v.union(v.literal("newest"), v.literal("popular"), v.literal("trending"));
export type DiscoverySort = Infer<typeof vDiscoverySort>;

/** Works whose tags the related list counts: the tag's most liked. */
export const RELATED_SAMPLE = 50;
export const RELATED_LIMIT = 10;
/** Tools the /tools index lists at most (the submit list has 12; custom names add more). */
export const TOOLS_LIMIT = 200;
/** A tag or tool name in a URL: longer than any a work may carry. */
export const MAX_NAME_LENGTH = 100;

export const DISCOVERY_MESSAGES = {
  badTag: "タグが正しくありません",
  badTool: "AIツール名が正しくありません",
} as const;

/** The folded key of a tag from a URL; throws INVALID_INPUT when blank or far too long. */
export function requireTagKey(tag: string): string {
  const key = tagKeyOf(tag);
  if (!key || key.length > MAX_NAME_LENGTH) throw userError("INVALID_INPUT", DISCOVERY_MESSAGES.badTag);
  return key;
}

/** A tool name from a URL, trimmed; throws INVALID_INPUT when blank or far too long. */
export function requireTool(tool: string): string {
  const name = tool.trim();
  if (!name || name.length > MAX_NAME_LENGTH) throw userError("INVALID_INPUT", DISCOVERY_MESSAGES.badTool);
  return name;
}

export type DiscoveryFilters = { sort: DiscoverySort; zeroCode: boolean };

/** One page of a tag's join rows: newest, most liked or 急上昇 first (ties newest first). */
async function pageOfTagRows(ctx: QueryCtx, tagKey: string, { sort, zeroCode }: DiscoveryFilters, opts: PaginationOptions) {
  const rows = ctx.db.query("projectTags");
  const ranged = () => {
    if (sort === "newest") {
      return zeroCode
        ? rows.withIndex("by_tagKey_and_isZeroCode_and_projectCreationTime", (q) => q.eq("tagKey", tagKey).eq("isZeroCode", true))
        : rows.withIndex("by_tagKey_and_projectCreationTime", (q) => q.eq("tagKey", tagKey));
    }
    if (sort === "popular") {
      return zeroCode
        ? rows.withIndex("by_tagKey_and_isZeroCode_and_likesCount_and_projectCreationTime", (q) =>
            q.eq("tagKey", tagKey).eq("isZeroCode", true),
          )
        : rows.withIndex("by_tagKey_and_likesCount_and_projectCreationTime", (q) => q.eq("tagKey", tagKey));
    }
    // An unset trendScore (no recent engagement) sorts below every score, as 0 would.
    return zeroCode
      ? rows.withIndex("by_tagKey_and_isZeroCode_and_trendScore_and_projectCreationTime", (q) =>
          q.eq("tagKey", tagKey).eq("isZeroCode", true),
        )
      : rows.withIndex("by_tagKey_and_trendScore_and_projectCreationTime", (q) => q.eq("tagKey", tagKey));
  };
  return await ranged().order("desc").paginate(opts);
}

/** The cards of a page of works, muted authors' dropped (the page read `mutes.extra` more). */
async function cardsOf(ctx: QueryCtx, page: PaginationResult<Doc<"projects"> | null>, mutes: MuteFilter) {
  const works = page.page.filter((work) => work !== null);
  const visible = await mutes.visible(works, (work) => work.userId);
  return { ...page, page: await Promise.all(visible.map((work) => toWorkCard(ctx, work))) };
}

const widened = (opts: PaginationOptions, mutes: MuteFilter) => ({ ...opts, numItems: opts.numItems + mutes.extra });

/** tags.works: a page of cards of works carrying the tag (any spelling). */
export async function tagWorksPage(ctx: QueryCtx, tag: string, filters: DiscoveryFilters, opts: PaginationOptions, mutes: MuteFilter) {
  const rows = await pageOfTagRows(ctx, requireTagKey(tag), filters, widened(opts, mutes));
  // Join rows go in the same transaction as their work, so a missing work is only skipped.
  const works = await Promise.all(rows.page.map((row) => ctx.db.get("projects", row.projectId)));
  return await cardsOf(ctx, { ...rows, page: works }, mutes);
}

/** tools.works: a page of cards of works naming the tool (the gallery's projectAiTools path). */
export async function toolWorksPage(ctx: QueryCtx, tool: string, filters: DiscoveryFilters, opts: PaginationOptions, mutes: MuteFilter) {
  const page = await pageOfWorks(ctx, { aiTool: requireTool(tool), ...filters }, widened(opts, mutes));
  return await cardsOf(ctx, page, mutes);
}

/** The tag's heading: its most used spelling and how many works carry it (0: none yet). */
export async function tagSummary(ctx: QueryCtx, tag: string) {
  const tagKey = requireTagKey(tag);
  const stats = await findTagStats(ctx, tagKey);
  return { tagKey, display: stats?.display ?? tag.trim().replace(/^#+/, ""), count: stats?.count ?? 0 };
}

/**
 * Tags that go with this one: counted over the tag's RELATED_SAMPLE most liked works, most shared
 * first (ties: more works overall, then the folded key), with their display spelling and count.
 */
export async function relatedTags(ctx: QueryCtx, tag: string) {
  const tagKey = requireTagKey(tag);
  const rows = await ctx.db
    .query("projectTags")
    .withIndex("by_tagKey_and_likesCount_and_projectCreationTime", (q) => q.eq("tagKey", tagKey))
    .order("desc")
    .take(RELATED_SAMPLE);
  const shared = new Map<string, number>();
  for (const work of await Promise.all(rows.map((row) => ctx.db.get("projects", row.projectId)))) {
    if (!work) continue;
    for (const key of foldedTags(work.tags).keys()) {
      if (key !== tagKey) shared.set(key, (shared.get(key) ?? 0) + 1);
    }
  }
  // Cut to a few more than shown before reading stats, so the read stays bounded.
  const candidates = [...shared.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, RELATED_LIMIT * 2);
  const withStats = await Promise.all(candidates.map(async ([key, together]) => ({ key, together, stats: await findTagStats(ctx, key) })));
  return withStats
    .filter((entry) => entry.stats !== null)
    .sort((a, b) => b.together - a.together || b.stats!.count - a.stats!.count || (a.key < b.key ? -1 : 1))
    .slice(0, RELATED_LIMIT)
    .map(({ stats }) => ({ tag: stats!.display, count: stats!.count }));
}

/** The /tools index: every tool with visible works, most used first (ties: name order). */
export async function toolCounts(ctx: QueryCtx) {
  const rows = await ctx.db.query("toolStats").withIndex("by_count").order("desc").take(TOOLS_LIMIT);
  return rows
    .map((row) => ({ tool: row.tool, count: row.count }))
    .sort((a, b) => b.count - a.count || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
}

export async function toolSummary(ctx: QueryCtx, tool: string) {
  const name = requireTool(tool);
  const stats = await ctx.db
    .query("toolStats")
    .withIndex("by_tool", (q) => q.eq("tool", name))
    .unique();
  return { tool: name, count: stats?.count ?? 0 };
}
