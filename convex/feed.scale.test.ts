// The following feed at scale (docs/decisions.md "Following feed"): a reader following 500 creators
// who posted SCALE_WORKS (100,000) works between them, every work fanned out into the feed, one in
// fifty hidden. Each page must read under FEED_READ_CAP documents: the feed's one index range (20
// rows plus the cursor's neighbour), the 20 works and their authors. Merging 500 creators' ranges
// on read, or scanning the feed, reads far more. SCALE_WORKS=5000 runs it smaller for a local
// check.
import { beforeAll, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { newUserDocument } from "./model/users";
import { workInput } from "./model/works.testkit";
import { createUser, newTest } from "./test.setup";

const SCALE_WORKS = Number(process.env.SCALE_WORKS ?? 100_000);
const CREATORS = 500;
const HIDDEN_EVERY = 50;
/** A page of 20: 21 feed rows, 20 works, 20 authors, the viewer's mutes, with a little room. */
const FEED_READ_CAP = 100;
const CHUNK = 1000;
const PAGES = 3;

const t = newTest({ documentsRead: FEED_READ_CAP });
let reader: Awaited<ReturnType<typeof createUser>>;
let casual: Awaited<ReturnType<typeof createUser>>;
/** Visible works' ids, newest first, per reader. */
const expected = { reader: [] as Id<"projects">[], casual: [] as Id<"projects">[] };

beforeAll(async () => {
  reader = await createUser(t);
  casual = await createUser(t);
  const creators = await t.run(async (ctx) => {
    const ids: Id<"users">[] = [];
    for (let i = 0; i < CREATORS; i++) {
      const id = await ctx.db.insert("users", newUserDocument({ name: `クリエイター${i}` }, Date.now()));
      await ctx.db.insert("follows", { followerId: reader.userId, followeeId: id });
      // A second reader follows every other creator: the two feeds share the table.
      if (i % 2 === 0) await ctx.db.insert("follows", { followerId: casual.userId, followeeId: id });
      ids.push(id);
    }
    return ids;
  });
  const byReader: Id<"projects">[] = [];
  const byCasual: Id<"projects">[] = [];
  for (let start = 0; start < SCALE_WORKS; start += CHUNK) {
    const chunk = await t.run(async (ctx) => {
      const visible: { id: Id<"projects">; casual: boolean }[] = [];
      for (let i = start; i < Math.min(SCALE_WORKS, start + CHUNK); i++) {
        const creator = (i * 7919) % CREATORS;
        const authorId = creators[creator]!;
        const hidden = i % HIDDEN_EVERY === 0;
        const id = await ctx.db.insert("projects", {
          ...workInput,
          title: `作品${i}`,
          userId: authorId,
          featured: false,
          likesCount: 0,
          commentsCount: 0,
          viewsCount: 0,
          searchText: "",
          updatedAt: Date.now(),
          ...(hidden ? { hidden: true as const } : {}),
        });
        // The feed's order key; seeded as the insertion order (reading the work back would
        // count against the cap that the seeding runs under too).
        const row = {
          projectId: id,
          authorId,
          projectCreationTime: 1_700_000_000_000 + i,
          ...(hidden ? { hidden: true as const } : {}),
        };
        await ctx.db.insert("feedItems", { userId: reader.userId, ...row });
        if (creator % 2 === 0) await ctx.db.insert("feedItems", { userId: casual.userId, ...row });
        if (!hidden) visible.push({ id, casual: creator % 2 === 0 });
      }
      return visible;
    });
    for (const w of chunk) {
      byReader.push(w.id);
      if (w.casual) byCasual.push(w.id);
    }
  }
  expected.reader = byReader.reverse();
  expected.casual = byCasual.reverse();
});

type Page = { page: { _id: Id<"projects"> }[]; isDone: boolean; continueCursor: string };

describe(`the feed of a reader following ${CREATORS} creators at ${SCALE_WORKS.toLocaleString()} works`, () => {
  test.each(["reader", "casual"] as const)(
    `%s: the first pages are the newest visible works, under ${FEED_READ_CAP} reads each`,
    async (who) => {
      const as = who === "reader" ? reader.as : casual.as;
      const got: Id<"projects">[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < PAGES; i++) {
        const result: Page = await as.query(api.feed.list, { paginationOpts: { numItems: 20, cursor } });
        expect(result.page).toHaveLength(20);
        got.push(...result.page.map((w) => w._id));
        cursor = result.continueCursor;
      }
      expect(got).toEqual(expected[who].slice(0, 20 * PAGES));
    },
  );

  test("the cap is live: reading the reader's feed rows in one function fails", async () => {
    await expect(
      t.run((ctx) =>
        ctx.db
          .query("feedItems")
          .withIndex("by_userId_and_hidden_and_projectCreationTime", (q) => q.eq("userId", reader.userId))
          .collect(),
      ),
    ).rejects.toThrow(/too many documents/);
  });

  test("the empty-feed suggestions stay under the cap too", async () => {
    const suggestions = await casual.as.query(api.feed.suggestions, {});
    expect(suggestions.length).toBeLessThanOrEqual(8);
  });
});
