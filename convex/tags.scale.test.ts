// Tag and AI-tool pages at scale (issue 24): with thousands of works (one in ten hidden) and a
// spread of tags in several spellings, every page of every sort / zero-code combination, the
// related tags and the /tools index stay under a 1,000-documents-read cap and equal the
// brute-force answer. TAG_SCALE_WORKS sets the size (default 2,000).
import { beforeAll, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { tagKeyOf, writeDiscoveryRows } from "./model/discovery";
import { seedGallery, type SeededWork } from "./model/galleryFixtures.testkit";
import { newTest } from "./test.setup";

const SCALE_WORKS = Number(process.env.TAG_SCALE_WORKS ?? 2000);
const PAGES = 3;
const t = newTest({ documentsRead: 1000 });

/** Common tags in several spellings each, and a long tail of rare ones. */
const SPELLINGS = [
  ["AI", "ai", "ＡＩ", "Ai"],
  ["ゲーム", "げーむ", "ｹﾞｰﾑ"],
  ["React", "react"],
  ["家計簿"],
  ["初心者", "しょしんしゃ"],
];
function tagsFor(i: number): string[] {
  const tags: string[] = [];
  SPELLINGS.forEach((forms, k) => {
    if ((i * (k + 3)) % (k + 2) === 0) tags.push(forms[(i >> k) % forms.length]!);
  });
  tags.push(`tail${i % 400}`);
  return tags;
}

let works: (SeededWork & { tags: string[] })[] = [];
beforeAll(async () => {
  const seeded = await seedGallery(t, SCALE_WORKS);
  works = seeded.map((w, i) => ({ ...w, tags: tagsFor(i) }));
  // Tags written on the seeded works, then their rows and counters as a live write makes them
  // (the seeded AI-tool rows become counted), in transactions that fit under the cap.
  for (let start = 0; start < works.length; start += 60) {
    await t.run(async (ctx) => {
      for (const w of works.slice(start, start + 60)) {
        await ctx.db.patch("projects", w._id, { tags: w.tags });
        if (!w.hidden) await writeDiscoveryRows(ctx, (await ctx.db.get("projects", w._id))!);
      }
    });
  }
});

type Sort = "newest" | "popular";
const brute = (has: (w: (typeof works)[number]) => boolean, sort: Sort, zeroCode: boolean) =>
  works
    .filter((w) => !w.hidden && has(w) && (!zeroCode || w.isZeroCode))
    .sort((a, b) => (sort === "popular" ? b.likesCount - a.likesCount : 0) || b._creationTime - a._creationTime)
    .map((w) => w._id);

const combos = (["newest", "popular"] as const).flatMap((sort) => [false, true].map((zeroCode) => ({ sort, zeroCode })));

async function firstPages(query: (cursor: string | null) => Promise<{ page: { _id: Id<"projects"> }[]; isDone: boolean; continueCursor: string }>) {
  const ids: Id<"projects">[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < PAGES; i++) {
    const result = await query(cursor);
    ids.push(...result.page.map((w) => w._id));
    if (result.isDone) break;
    cursor = result.continueCursor;
  }
  return ids;
}

describe(`tag and tool pages at ${SCALE_WORKS} works`, () => {
  test.each(combos)("tag page sort=$sort zeroCode=$zeroCode: 3 pages equal brute force, under the cap", async ({ sort, zeroCode }) => {
    for (const spelling of ["ａｉ", "ゲーム"]) {
      const key = tagKeyOf(spelling);
      const expected = brute((w) => w.tags.some((tag) => tagKeyOf(tag) === key), sort, zeroCode).slice(0, 20 * PAGES);
      expect(expected.length).toBeGreaterThan(20);
      const ids = await firstPages((cursor) =>
        t.query(api.tags.works, { tag: spelling, sort, zeroCode, paginationOpts: { numItems: 20, cursor } }),
      );
      expect(ids).toEqual(expected);
    }
  });

  test.each(combos)("tool page sort=$sort zeroCode=$zeroCode: 3 pages equal brute force, under the cap", async ({ sort, zeroCode }) => {
    const expected = brute((w) => w.aiTools.includes("Claude"), sort, zeroCode).slice(0, 20 * PAGES);
    const ids = await firstPages((cursor) =>
      t.query(api.tools.works, { tool: "Claude", sort, zeroCode, paginationOpts: { numItems: 20, cursor } }),
    );
    expect(ids).toEqual(expected);
  });

  test("counts are exact and the /tools index lists every tool most used first", async () => {
    const shown = works.filter((w) => !w.hidden);
    const aiCount = shown.filter((w) => w.tags.some((tag) => tagKeyOf(tag) === "ai")).length;
    expect(await t.query(api.tags.get, { tag: "AI" })).toMatchObject({ tagKey: "ai", count: aiCount });
    const tools = await t.query(api.tools.list, {});
    const expected = new Map<string, number>();
    for (const w of shown) for (const tool of w.aiTools) expected.set(tool, (expected.get(tool) ?? 0) + 1);
    expect(tools).toEqual([...expected].map(([tool, count]) => ({ tool, count })).sort((a, b) => b.count - a.count || (a.tool < b.tool ? -1 : 1)));
  });

  test("related tags read a bounded sample, under the cap", async () => {
    const related = await t.query(api.tags.related, { tag: "ai" });
    expect(related.length).toBeGreaterThan(3);
    expect(related.map((r) => r.tag)).not.toContain("AI");
  });
});
