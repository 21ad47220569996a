// Tag and AI-tool pages (docs/product.md "Tags and AI tools"): the join rows that list a tag's or a
// tool's works through an index, and the stored counters the pages show, all kept in the
// transaction of the write that changes them.
//
// - projectAiTools: one row per (work, tool); projectTags: one row per (work, folded tag). Both
//   exist only for works others may see: hiding a work deletes them, restoring writes them again.
// - toolStats / tagStats: how many visible works carry a tool / a tag. A row's counter moves with
//   the join rows, never by counting: a projectAiTools row marked `counted` is in toolStats (rows
//   from before the tool pages are not, until writeDiscoveryRows or the backfill counts them);
//   every projectTags row is in tagStats.
// - Tags are matched folded as search folds text (model/search.ts normalizeForSearch: NFKC, lower
//   case, katakana to hiragana): ＡＩ, ai and Ai are one tag. tagStats keeps the most used spellings
//   (at most MAX_TAG_SPELLINGS) and shows the most used one.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { normalizeForSearch } from "./search";

/** Spellings a tag remembers; a rarer one beyond these is counted in the tag but not kept. */
export const MAX_TAG_SPELLINGS = 8;
/** Join rows one work has at most (LIMITS.aiToolsMax and tagsMax are far below). */
const ROWS_PER_WORK = 50;

/** The key a tag is matched by: ＡＩ, ai and Ai are all "ai"; タグ and たぐ are one tag. */
export function tagKeyOf(tag: string): string {
  return normalizeForSearch(tag.replace(/^#+/, ""));
}

/** The work's tags by folded key, each with the first spelling the work uses for it. */
export function foldedTags(tags: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const tag of tags) {
    const key = tagKeyOf(tag);
    if (key && !out.has(key)) out.set(key, tag.trim().replace(/^#+/, ""));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Counters

export async function findTagStats(ctx: QueryCtx, tagKey: string) {
  return await ctx.db
    .query("tagStats")
    .withIndex("by_tagKey", (q) => q.eq("tagKey", tagKey))
    .unique();
}

export async function findToolStats(ctx: QueryCtx, tool: string) {
  return await ctx.db
    .query("toolStats")
    .withIndex("by_tool", (q) => q.eq("tool", tool))
    .unique();
}

/** The spelling with the most uses; a tie keeps the current display. */
function displayOf(spellings: Doc<"tagStats">["spellings"], current: string): string {
  const top = Math.max(0, ...spellings.map((s) => s.count));
  if (spellings.some((s) => s.spelling === current && s.count === top)) return current;
  return spellings.find((s) => s.count === top)?.spelling ?? current;
}

/** Adds (+1) or removes (-1) one work's use of a tag, spelt `spelling`. */
async function bumpTag(ctx: MutationCtx, tagKey: string, spelling: string, delta: 1 | -1) {
  const stats = await findTagStats(ctx, tagKey);
  if (!stats) {
    if (delta < 0) return;
    await ctx.db.insert("tagStats", { tagKey, count: 1, display: spelling, spellings: [{ spelling, count: 1 }] });
    return;
  }
  const count = stats.count + delta;
  if (count <= 0) {
    await ctx.db.delete("tagStats", stats._id);
    return;
  }
  let spellings = stats.spellings.map((s) => (s.spelling === spelling ? { spelling, count: s.count + delta } : s));
  if (delta > 0 && !spellings.some((s) => s.spelling === spelling)) spellings.push({ spelling, count: 1 });
  // Most used first (stable, so older spellings win ties), bounded.
  spellings = spellings
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_TAG_SPELLINGS);
  await ctx.db.patch("tagStats", stats._id, { count, spellings, display: displayOf(spellings, stats.display) });
}

async function bumpTool(ctx: MutationCtx, tool: string, delta: 1 | -1) {
  const stats = await findToolStats(ctx, tool);
  if (!stats) {
    if (delta > 0) await ctx.db.insert("toolStats", { tool, count: 1 });
    return;
  }
  if (stats.count + delta <= 0) await ctx.db.delete("toolStats", stats._id);
  else await ctx.db.patch("toolStats", stats._id, { count: stats.count + delta });
}

// ---------------------------------------------------------------------------------------------
// Join rows

const toolRowsOf = (ctx: QueryCtx, projectId: Id<"projects">) =>
  ctx.db
    .query("projectAiTools")
    .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
    .take(ROWS_PER_WORK);

const tagRowsOf = (ctx: QueryCtx, projectId: Id<"projects">) =>
  ctx.db
    .query("projectTags")
    .withIndex("by_projectId", (q) => q.eq("projectId", projectId))
    .take(ROWS_PER_WORK);

/**
 * Makes a visible work's AI-tool and tag rows match its current fields, moving the counters by
 * the difference only (so running it twice changes nothing, and the backfill can call it on any
 * work). The caller decides the work is visible: a hidden work gets removeDiscoveryRows.
 */
export async function writeDiscoveryRows(ctx: MutationCtx, project: Doc<"projects">) {
  const copied = {
    projectId: project._id,
    genre: project.genre,
    isZeroCode: project.isZeroCode,
    likesCount: project.likesCount,
    projectCreationTime: project._creationTime,
    // The 急上昇 sort (model/trending.ts); unset means 0.
    ...(project.trendScore !== undefined ? { trendScore: project.trendScore } : {}),
  };

  const tools = new Set(project.aiTools);
  const counted = new Set<string>();
  for (const row of await toolRowsOf(ctx, project._id)) {
    await ctx.db.delete("projectAiTools", row._id);
    if (row.counted !== true) continue;
    // A duplicate row (never written, but harmless) or a tool taken off: its count goes.
    if (!tools.has(row.tool) || counted.has(row.tool)) await bumpTool(ctx, row.tool, -1);
    else counted.add(row.tool);
  }
  for (const tool of tools) {
    await ctx.db.insert("projectAiTools", { ...copied, tool, counted: true });
    if (!counted.has(tool)) await bumpTool(ctx, tool, 1);
  }

  const tags = foldedTags(project.tags);
  const kept = new Map<string, Doc<"projectTags">>();
  for (const row of await tagRowsOf(ctx, project._id)) {
    const spelling = tags.get(row.tagKey);
    if (spelling === undefined || kept.has(row.tagKey)) {
      await ctx.db.delete("projectTags", row._id);
      await bumpTag(ctx, row.tagKey, row.spelling, -1);
    } else kept.set(row.tagKey, row);
  }
  for (const [tagKey, spelling] of tags) {
    const row = kept.get(tagKey);
    if (!row) {
      await ctx.db.insert("projectTags", { ...copied, tagKey, spelling });
      await bumpTag(ctx, tagKey, spelling, 1);
      continue;
    }
    if (row.spelling !== spelling) {
      // Same tag, spelt differently now (ai → AI): the spelling counts follow.
      await bumpTag(ctx, tagKey, row.spelling, -1);
      await bumpTag(ctx, tagKey, spelling, 1);
    }
    await ctx.db.replace("projectTags", row._id, { ...copied, tagKey, spelling });
  }
}

/** Deletes a work's AI-tool and tag rows with their counts (hiding or deleting the work). */
export async function removeDiscoveryRows(ctx: MutationCtx, projectId: Id<"projects">) {
  for (const row of await toolRowsOf(ctx, projectId)) {
    await ctx.db.delete("projectAiTools", row._id);
    if (row.counted === true) await bumpTool(ctx, row.tool, -1);
  }
  for (const row of await tagRowsOf(ctx, projectId)) {
    await ctx.db.delete("projectTags", row._id);
    await bumpTag(ctx, row.tagKey, row.spelling, -1);
  }
}

/** The popular sort reads likesCount from the join rows: they follow the work's. */
export async function setDiscoveryLikes(ctx: MutationCtx, projectId: Id<"projects">, likesCount: number) {
  for (const row of await toolRowsOf(ctx, projectId)) await ctx.db.patch("projectAiTools", row._id, { likesCount });
  for (const row of await tagRowsOf(ctx, projectId)) await ctx.db.patch("projectTags", row._id, { likesCount });
}

/** The 急上昇 sort reads trendScore from the join rows: they follow the work's (unset means 0). */
export async function setDiscoveryTrendScore(ctx: MutationCtx, projectId: Id<"projects">, trendScore: number | undefined) {
  for (const row of await toolRowsOf(ctx, projectId)) await ctx.db.patch("projectAiTools", row._id, { trendScore });
  for (const row of await tagRowsOf(ctx, projectId)) await ctx.db.patch("projectTags", row._id, { trendScore });
}
