// Tag and AI-tool pages (docs/product.md "Tags and AI tools"): folded tag matching and the display
// spelling, the counters through post, edit, like, hide, restore and delete, the pages against a
// brute-force order, related tags, the /tools index, mutes, bad input, and the backfill against
// live writes.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { useJapanNoon } from "./model/challenges.testkit";
import { DISCOVERY_MESSAGES, RELATED_LIMIT } from "./model/discoveryPages";
import { addLike } from "./model/engagement";
import { removeLike } from "./model/engagementRemoval";
import { updateProject, type ProjectInput } from "./model/projects";
import { createWork, workInput } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

type Sort = "newest" | "popular" | "trending";
type Client = Pick<TestConvex, "query">;

/** Posts a work a second after the previous one, so the newest-first order is certain. */
async function post(t: TestConvex, userId: Id<"users">, input: Partial<ProjectInput>) {
  vi.advanceTimersByTime(1000);
  return await createWork(t, userId, input);
}

async function moderator(t: TestConvex) {
  const user = await createUser(t);
  await t.run((ctx) => ctx.db.patch("users", user.userId, { role: "moderator" }));
  return user;
}

const tagStats = (t: TestConvex) =>
  t.run(async (ctx) =>
    (await ctx.db.query("tagStats").take(100))
      .map(({ tagKey, count, display, spellings }) => ({ tagKey, count, display, spellings }))
      .sort((a, b) => (a.tagKey < b.tagKey ? -1 : 1)),
  );
const toolStats = (t: TestConvex) =>
  t.run(async (ctx) => Object.fromEntries((await ctx.db.query("toolStats").take(100)).map((row) => [row.tool, row.count])));

async function allPages(
  client: Client,
  args: { tag: string; sort: Sort; zeroCode?: boolean } | { tool: string; sort: Sort; zeroCode?: boolean },
  numItems = 3,
) {
  const ids: Id<"projects">[] = [];
  let cursor: string | null = null;
  for (;;) {
    const result: { page: { _id: Id<"projects"> }[]; isDone: boolean; continueCursor: string } =
      "tag" in args
        ? await client.query(api.tags.works, { ...args, paginationOpts: { numItems, cursor } })
        : await client.query(api.tools.works, { ...args, paginationOpts: { numItems, cursor } });
    ids.push(...result.page.map((w) => w._id));
    if (result.isDone) return ids;
    cursor = result.continueCursor;
  }
}

describe("folded matching", () => {
  test("ＡＩ, ai, Ai and AI are one tag; the display keeps the most used spelling", async () => {
    const t = newTest();
    const { userId } = await createUser(t);
    const a = await post(t, userId, { tags: ["AI"] });
    const b = await post(t, userId, { tags: ["ＡＩ", "ゲーム"] });
    const c = await post(t, userId, { tags: ["ai", "げーむ"] });
    const d = await post(t, userId, { tags: ["AI"] });
    const e = await post(t, userId, { tags: ["Ai", "ai"] });

    for (const spelling of ["AI", "ai", "ＡＩ", "Ai", "ａｉ", "#AI"]) {
      expect(await t.query(api.tags.get, { tag: spelling })).toEqual({ tagKey: "ai", display: "AI", count: 5 });
      expect(await allPages(t, { tag: spelling, sort: "newest" }, 20)).toEqual([e, d, c, b, a]);
    }
    // Katakana and hiragana are one tag; the first spelling used stays shown on a tie.
    expect(await t.query(api.tags.get, { tag: "ｹﾞｰﾑ" })).toEqual({ tagKey: "げーむ", display: "ゲーム", count: 2 });
    expect(await allPages(t, { tag: "ゲーム", sort: "newest" })).toEqual([c, b]);

    const ai = (await tagStats(t)).find((s) => s.tagKey === "ai")!;
    // The work that wrote ai twice counts once, with its first spelling.
    expect(ai.spellings).toEqual([
      { spelling: "AI", count: 2 },
      { spelling: "ＡＩ", count: 1 },
      { spelling: "ai", count: 1 },
      { spelling: "Ai", count: 1 },
    ]);
  });

  test("the display follows when another spelling becomes the most used", async () => {
    const t = newTest();
    const { userId } = await createUser(t);
    await post(t, userId, { tags: ["React"] });
    await post(t, userId, { tags: ["react"] });
    expect((await t.query(api.tags.get, { tag: "REACT" })).display).toBe("React");
    await post(t, userId, { tags: ["react"] });
    expect(await t.query(api.tags.get, { tag: "REACT" })).toEqual({ tagKey: "react", display: "react", count: 3 });
  });

  test("an unknown tag has count 0 and no works; blank or overlong names are refused", async () => {
    const t = newTest();
    expect(await t.query(api.tags.get, { tag: "まだない" })).toEqual({ tagKey: "まだない", display: "まだない", count: 0 });
    expect(await allPages(t, { tag: "まだない", sort: "popular" })).toEqual([]);
    expect(await t.query(api.tags.related, { tag: "まだない" })).toEqual([]);
    for (const tag of ["", "  ", "#", "x".repeat(101)]) {
      expect(await errorOf(t.query(api.tags.get, { tag }))).toMatchObject({ code: "INVALID_INPUT", message: DISCOVERY_MESSAGES.badTag });
    }
    expect(await errorOf(t.query(api.tools.get, { tool: " " }))).toMatchObject({
      code: "INVALID_INPUT",
      message: DISCOVERY_MESSAGES.badTool,
    });
    expect(
      await errorOf(t.query(api.tags.works, { tag: "ai", sort: "newest", paginationOpts: { numItems: 0, cursor: null } })),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      await errorOf(t.query(api.tags.works, { tag: "ai", sort: "newest", paginationOpts: { numItems: 5, cursor: "nonsense" } })),
    ).toMatchObject({ code: "INVALID_CURSOR" });
  });
});

describe("counters through the life of a work", () => {
  test("post, edit, like, hide, restore and delete keep rows and counts exact", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const mod = await moderator(t);
    const first = await post(t, author.userId, { tags: ["AI", "ゲーム"], aiTools: ["Claude", "Cursor"] });
    const second = await post(t, author.userId, { tags: ["ai"], aiTools: ["Claude"] });
    expect(await tagStats(t)).toMatchObject([
      { tagKey: "ai", count: 2, display: "AI" },
      { tagKey: "げーむ", count: 1, display: "ゲーム" },
    ]);
    expect(await toolStats(t)).toEqual({ Claude: 2, Cursor: 1 });
    expect(await t.query(api.tools.list, {})).toEqual([
      { tool: "Claude", count: 2 },
      { tool: "Cursor", count: 1 },
    ]);

    // Edit: a tag taken off, one added, one respelt; a tool swapped.
    await t.run(async (ctx) => {
      const work = (await ctx.db.get("projects", first))!;
      await updateProject(ctx, work, { ...workInput, tags: ["ａｉ", "パズル"], aiTools: ["Claude", "v0"] }, Date.now());
    });
    expect(await tagStats(t)).toMatchObject([
      {
        tagKey: "ai",
        count: 2,
        spellings: [
          { spelling: "ai", count: 1 },
          { spelling: "ａｉ", count: 1 },
        ],
      },
      { tagKey: "ぱずる", count: 1, display: "パズル" },
    ]);
    expect(await toolStats(t)).toEqual({ Claude: 2, v0: 1 });
    expect(await allPages(t, { tag: "ゲーム", sort: "newest" })).toEqual([]);

    // A like moves the popular order of the tag and the tool pages.
    await t.run((ctx) => addLike(ctx, fan.userId, first));
    expect(await allPages(t, { tag: "ai", sort: "popular" })).toEqual([first, second]);
    expect(await allPages(t, { tool: "Claude", sort: "popular" })).toEqual([first, second]);
    await t.run(async (ctx) => {
      const like = (await ctx.db.query("likes").take(1))[0]!;
      await removeLike(ctx, like);
    });
    expect(await allPages(t, { tag: "ai", sort: "popular" })).toEqual([second, first]);

    // Hide: rows and counts go; restore: they come back as they were.
    const before = { tags: await tagStats(t), tools: await toolStats(t) };
    await mod.as.mutation(api.moderation.act, { targetType: "work", targetId: first, kind: "hide", note: "確認" });
    expect(await t.query(api.tags.get, { tag: "AI" })).toMatchObject({ count: 1 });
    expect(await toolStats(t)).toEqual({ Claude: 1 });
    expect(await allPages(t, { tag: "ai", sort: "newest" })).toEqual([second]);
    expect(await allPages(t, { tool: "v0", sort: "newest" })).toEqual([]);
    expect(await t.query(api.tags.get, { tag: "パズル" })).toMatchObject({ count: 0 });
    await mod.as.mutation(api.moderation.act, { targetType: "work", targetId: first, kind: "restore", note: "問題なし" });
    expect({ tags: await tagStats(t), tools: await toolStats(t) }).toEqual(before);
    expect(await allPages(t, { tag: "ai", sort: "newest" })).toEqual([second, first]);

    // Delete: everything it counted goes.
    await author.as.mutation(api.projects.remove, { id: first });
    await author.as.mutation(api.projects.remove, { id: second });
    expect(await tagStats(t)).toEqual([]);
    expect(await toolStats(t)).toEqual({});
    expect(await t.run(async (ctx) => (await ctx.db.query("projectTags").take(10)).length)).toBe(0);
    expect(await t.query(api.tools.list, {})).toEqual([]);
  });

  test("editing a hidden work writes no rows until it is restored", async () => {
    const t = newTest();
    const author = await createUser(t);
    const mod = await moderator(t);
    const id = await post(t, author.userId, { tags: ["猫"] });
    await mod.as.mutation(api.moderation.act, { targetType: "work", targetId: id, kind: "hide", note: "確認" });
    await t.run(async (ctx) => {
      const work = (await ctx.db.get("projects", id))!;
      await updateProject(ctx, work, { ...workInput, tags: ["犬"] }, Date.now());
    });
    expect(await tagStats(t)).toEqual([]);
    await mod.as.mutation(api.moderation.act, { targetType: "work", targetId: id, kind: "restore", note: "戻す" });
    expect(await tagStats(t)).toMatchObject([{ tagKey: "犬", count: 1 }]);
  });
});

describe("pages", () => {
  test("newest, popular and zero-code equal the brute-force order, page after page", async () => {
    const t = newTest();
    const authors = [await createUser(t), await createUser(t), await createUser(t)];
    const fans = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    const works: { id: Id<"projects">; tags: string[]; tools: string[]; zero: boolean; likes: number; order: number }[] = [];
    const spellings = [["AI", "ai", "ＡＩ"], ["ゲーム", "げーむ"], ["React"]];
    for (let i = 0; i < 24; i++) {
      const tags = spellings.filter((_, k) => (i + k) % (k + 2) !== 0).map((forms) => forms[i % forms.length]!);
      const tools = i % 3 === 0 ? ["Claude", "v0"] : ["Claude"];
      const zero = i % 4 === 1;
      const id = await post(t, authors[i % 3]!.userId, { tags, aiTools: tools, isZeroCode: zero });
      const likes = (i * 7) % 5;
      for (const fan of fans.slice(0, likes)) await t.run((ctx) => addLike(ctx, fan.userId, id));
      works.push({ id, tags, tools, zero, likes, order: i });
    }
    const brute = (has: (w: (typeof works)[number]) => boolean, sort: Sort, zeroCode: boolean) =>
      works
        .filter((w) => has(w) && (!zeroCode || w.zero))
        .sort((a, b) => (sort === "popular" ? b.likes - a.likes : 0) || b.order - a.order)
        .map((w) => w.id);

    for (const sort of ["newest", "popular"] as const) {
      for (const zeroCode of [false, true]) {
        const hasAi = (w: (typeof works)[number]) => w.tags.some((tag) => tag.normalize("NFKC").toLowerCase() === "ai");
        expect(await allPages(t, { tag: "Ai", sort, zeroCode })).toEqual(brute(hasAi, sort, zeroCode));
        expect(await allPages(t, { tool: "v0", sort, zeroCode })).toEqual(brute((w) => w.tools.includes("v0"), sort, zeroCode));
      }
    }
    const aiCount = works.filter((w) => w.tags.some((tag) => tag.normalize("NFKC").toLowerCase() === "ai")).length;
    expect(await t.query(api.tags.get, { tag: "ai" })).toMatchObject({ count: aiCount });
    expect(await t.query(api.tools.get, { tool: "v0" })).toEqual({ tool: "v0", count: 8 });

    // A viewer who mutes an author does not see their works; everyone else does.
    const viewer = await createUser(t);
    await viewer.as.mutation(api.mutes.set, { userId: authors[0]!.userId, kind: "mute" });
    const mutedIds = new Set(works.filter((_, i) => i % 3 === 0).map((w) => w.id));
    const seen = await allPages(viewer.as, { tool: "Claude", sort: "newest" }, 20);
    expect(seen).toEqual(brute(() => true, "newest", false).filter((id) => !mutedIds.has(id)));
    const seenTag = await allPages(viewer.as, { tag: "ai", sort: "popular" }, 20);
    expect(seenTag.some((id) => mutedIds.has(id))).toBe(false);
  });

  test("急上昇: recent likes outrank older ones on the tag and the tool page, with and without zero-code", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fans = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    const old = await post(t, author.userId, { tags: ["ﾈｺ"], aiTools: ["Gemini"], isZeroCode: true });
    for (const fan of fans) await t.run((ctx) => addLike(ctx, fan.userId, old));
    vi.advanceTimersByTime(8 * 24 * 60 * 60 * 1000);
    const quiet = await post(t, author.userId, { tags: ["ねこ"], aiTools: ["Gemini"] });
    const rising = await post(t, author.userId, { tags: ["ネコ"], aiTools: ["Gemini"], isZeroCode: true });
    for (const fan of fans.slice(0, 2)) await t.run((ctx) => addLike(ctx, fan.userId, rising));
    // The 10-minute job scores what had activity.
    await t.mutation(internal.trending.refresh, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await allPages(t, { tag: "ねこ", sort: "popular" })).toEqual([old, rising, quiet]);
    expect(await allPages(t, { tag: "ねこ", sort: "trending" })).toEqual([rising, old, quiet]);
    expect(await allPages(t, { tag: "ねこ", sort: "trending", zeroCode: true })).toEqual([rising, old]);
    expect(await allPages(t, { tool: "Gemini", sort: "trending" })).toEqual([rising, old, quiet]);
    expect(await allPages(t, { tool: "Gemini", sort: "trending", zeroCode: true }, 1)).toEqual([rising, old]);
  });

  test("related tags: most shared on the tag's works first, with display and count, bounded", async () => {
    const t = newTest();
    const { userId } = await createUser(t);
    await post(t, userId, { tags: ["AI", "ゲーム", "React"] });
    await post(t, userId, { tags: ["ai", "げーむ"] });
    await post(t, userId, { tags: ["ＡＩ", "Vue"] });
    await post(t, userId, { tags: ["ゲーム", "Vue", "Svelte"] });
    await post(t, userId, { tags: Array.from({ length: 10 }, (_, i) => `タグ${i}`) });
    expect(await t.query(api.tags.related, { tag: "ai" })).toEqual([
      { tag: "ゲーム", count: 3 },
      { tag: "Vue", count: 2 },
      { tag: "React", count: 1 },
    ]);
    // A tag with more companions than the limit shows the limit.
    await post(t, userId, { tags: ["多い", ...Array.from({ length: 9 }, (_, i) => `タグ${i}`)] });
    await post(t, userId, { tags: ["多い", "AI", "ゲーム"] });
    const many = await t.query(api.tags.related, { tag: "多い" });
    expect(many.length).toBe(RELATED_LIMIT);
    expect(many.map((r) => r.tag)).not.toContain("多い");
  });

  test("hidden works never appear, on either page", async () => {
    const t = newTest();
    const author = await createUser(t);
    const mod = await moderator(t);
    const kept = await post(t, author.userId, { tags: ["秘密"], aiTools: ["Gemini"] });
    const hidden = await post(t, author.userId, { tags: ["秘密"], aiTools: ["Gemini"] });
    await mod.as.mutation(api.moderation.act, { targetType: "work", targetId: hidden, kind: "hide", note: "確認" });
    for (const sort of ["newest", "popular", "trending"] as const) {
      expect(await allPages(t, { tag: "秘密", sort })).toEqual([kept]);
      expect(await allPages(author.as, { tool: "Gemini", sort })).toEqual([kept]);
    }
    expect(await t.query(api.tools.list, {})).toEqual([{ tool: "Gemini", count: 1 }]);
  });
});

describe("backfill", () => {
  /** Every join row and counter, without ids and creation times. */
  const snapshot = (t: TestConvex) =>
    t.run(async (ctx) => {
      const strip = <T extends { _id: unknown; _creationTime: unknown }>({ _id, _creationTime, ...rest }: T) => rest;
      const sortKey = (row: object) => JSON.stringify(row);
      const rows = async (table: "projectTags" | "projectAiTools" | "tagStats" | "toolStats") =>
        (await ctx.db.query(table).take(500)).map((row) => strip(row)).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
      return {
        projectTags: await rows("projectTags"),
        projectAiTools: await rows("projectAiTools"),
        tagStats: (await rows("tagStats")).map((row) => ({
          ...row,
          spellings: [...(row as Doc<"tagStats">).spellings].sort((a, b) => (a.spelling < b.spelling ? -1 : 1)),
        })),
        toolStats: await rows("toolStats"),
      };
    });

  test("makes the same rows and counters as live writes, and changes nothing when run again", async () => {
    const t = newTest();
    const author = await createUser(t);
    const mod = await moderator(t);
    for (let i = 0; i < 12; i++) {
      await post(t, author.userId, {
        tags: [["AI", "ai", "ＡＩ"][i % 3]!, i % 2 ? "ゲーム" : "げーむ", `t${i % 4}`],
        aiTools: i % 2 ? ["Claude"] : ["Claude", "Cursor"],
        isZeroCode: i % 3 === 0,
      });
    }
    const hidden = await post(t, author.userId, { tags: ["AI"], aiTools: ["v0"] });
    await mod.as.mutation(api.moderation.act, { targetType: "work", targetId: hidden, kind: "hide", note: "確認" });
    const live = await snapshot(t);

    // Data from before the tag and tool pages: no tag rows, no counters, tool rows not counted.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("projectTags").take(500)) await ctx.db.delete("projectTags", row._id);
      for (const row of await ctx.db.query("tagStats").take(500)) await ctx.db.delete("tagStats", row._id);
      for (const row of await ctx.db.query("toolStats").take(500)) await ctx.db.delete("toolStats", row._id);
      for (const row of await ctx.db.query("projectAiTools").take(500))
        await ctx.db.patch("projectAiTools", row._id, { counted: undefined });
    });
    await t.mutation(internal.tags.backfillDiscovery, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await snapshot(t)).toEqual(live);

    await t.mutation(internal.tags.backfillDiscovery, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await snapshot(t)).toEqual(live);
  });
});
