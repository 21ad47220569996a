// Page sizes are the server's (docs/decisions.md "Text"): every paginated public query
// clamps what a client asks for to its page size, and refuses nonsense sizes and unreadable
// cursors with a clean Japanese error rather than an internal one.
import type { FunctionReference, PaginationOptions } from "convex/server";
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createChallenge, signedInUsers } from "./model/challenges.testkit";
import { BAD_CURSOR_MESSAGE } from "./model/pagination";
import { createWork } from "./model/works.testkit";
import { errorOf, newTest, type TestConvex } from "./test.setup";

type Paginated = FunctionReference<"query", "public", { paginationOpts: PaginationOptions }>;

type World = {
  userId: Id<"users">;
  projectId: Id<"projects">;
  challengeId: Id<"challenges">;
  as: Awaited<ReturnType<typeof signedInUsers>>[number]["as"];
};

/** Every paginated public query, its page size, and the arguments besides the page. */
const QUERIES: {
  name: string;
  query: Paginated;
  pageSize: number;
  args: (w: World) => Record<string, unknown>;
  rows: (t: TestConvex, w: World) => Promise<void>;
}[] = [
  {
    name: "projects.list",
    query: api.projects.list,
    pageSize: 20,
    args: () => ({ sort: "newest" }),
    rows: async (t, w) => {
      for (let i = 0; i < 25; i++) await createWork(t, w.userId, { title: `作品${i}` });
    },
  },
  {
    name: "comments.list",
    query: api.comments.list,
    pageSize: 20,
    args: (w) => ({ projectId: w.projectId }),
    rows: async (t, w) => {
      await t.run(async (ctx) => {
        for (let i = 0; i < 25; i++) await ctx.db.insert("comments", { projectId: w.projectId, userId: w.userId, content: `コメント${i}` });
      });
    },
  },
  {
    name: "profiles.works",
    query: api.profiles.works,
    pageSize: 20,
    args: (w) => ({ userId: w.userId }),
    rows: async (t, w) => {
      for (let i = 0; i < 25; i++) await createWork(t, w.userId, { title: `作品${i}` });
    },
  },
  {
    name: "profiles.likedWorks",
    query: api.profiles.likedWorks,
    pageSize: 20,
    args: (w) => ({ userId: w.userId }),
    rows: async (t, w) => {
      for (let i = 0; i < 25; i++) {
        const projectId = await createWork(t, w.userId, { title: `作品${i}` });
        await t.run((ctx) => ctx.db.insert("likes", { projectId, userId: w.userId }));
      }
    },
  },
  {
    name: "follows.listFollowers",
    query: api.follows.listFollowers,
    pageSize: 20,
    args: (w) => ({ userId: w.userId }),
    rows: async (t, w) => {
      const fans = await signedInUsers(t, 25, "ファン");
      await t.run(async (ctx) => {
        for (const fan of fans) await ctx.db.insert("follows", { followerId: fan.userId, followeeId: w.userId });
      });
    },
  },
  {
    name: "follows.listFollowing",
    query: api.follows.listFollowing,
    pageSize: 20,
    args: (w) => ({ userId: w.userId }),
    rows: async (t, w) => {
      const idols = await signedInUsers(t, 25, "作者");
      await t.run(async (ctx) => {
        for (const idol of idols) await ctx.db.insert("follows", { followerId: w.userId, followeeId: idol.userId });
      });
    },
  },
  {
    name: "challenges.list",
    query: api.challenges.list,
    pageSize: 12,
    args: () => ({}),
    rows: async (_t, w) => {
      for (let i = 0; i < 2; i++) await createChallenge(w.as, { title: `追加${i}` });
    },
  },
  {
    name: "challenges.entries",
    query: api.challenges.entries,
    pageSize: 24,
    args: (w) => ({ challengeId: w.challengeId }),
    rows: async (t, w) => {
      const entrants = await signedInUsers(t, 26, "参加");
      for (const entrant of entrants) {
        const projectId = await createWork(t, entrant.userId);
        await entrant.as.mutation(api.challenges.enter, { challengeId: w.challengeId, projectId });
      }
    },
  },
];

async function world(t: TestConvex): Promise<World> {
  const [user] = await signedInUsers(t, 1, "本人");
  const projectId = await createWork(t, user!.userId, { title: "最初の作品" });
  const challengeId = await createChallenge(user!.as);
  await t.run(async (ctx) => {
    // Enough challenges for more than one page of the list.
    for (let i = 0; i < 12; i++) {
      await ctx.db.insert("challenges", {
        title: `チャレンジ${i}`,
        description: "説明",
        requirements: "要件",
        endDate: Date.now() + 7 * 86_400_000,
        prize: false,
        tags: [],
        status: "active",
        startedAt: Date.now(),
        submissionsCount: 0,
        updatedAt: Date.now(),
      });
    }
  });
  return { userId: user!.userId, projectId, challengeId, as: user!.as };
}

describe.each(QUERIES)("$name", ({ query, pageSize, args, rows }) => {
  test("a page is at most the page size, however many are asked for, and its cursor continues", async () => {
    const t = newTest();
    const w = await world(t);
    await rows(t, w);
    const first = await w.as.query(query, { ...args(w), paginationOpts: { numItems: 100_000, cursor: null } });
    const page = first as { page: unknown[]; isDone: boolean; continueCursor: string };
    expect(page.page).toHaveLength(pageSize);
    expect(page.isDone).toBe(false);
    const next = (await w.as.query(query, { ...args(w), paginationOpts: { numItems: 3, cursor: page.continueCursor } })) as {
      page: unknown[];
    };
    expect(next.page.length).toBeGreaterThan(0);
  });

  test("nonsense sizes and unreadable cursors are refused cleanly", async () => {
    const t = newTest();
    const w = await world(t);
    for (const numItems of [0, -1, Number.NaN]) {
      expect(await errorOf(w.as.query(query, { ...args(w), paginationOpts: { numItems, cursor: null } }))).toMatchObject({
        code: "INVALID_INPUT",
        message: "ページの件数が正しくありません",
      });
    }
    for (const cursor of ["garbage", "%%%"]) {
      expect(await errorOf(w.as.query(query, { ...args(w), paginationOpts: { numItems: 5, cursor } }))).toMatchObject({
        code: "INVALID_CURSOR",
        message: BAD_CURSOR_MESSAGE,
      });
    }
    // The end cursor a reactive client sends back is as untrusted as the cursor.
    for (const endCursor of ["xyz", "%%%"]) {
      for (const cursor of [null, "garbage"]) {
        expect(await errorOf(w.as.query(query, { ...args(w), paginationOpts: { numItems: 5, cursor, endCursor } }))).toMatchObject({
          code: "INVALID_CURSOR",
          message: BAD_CURSOR_MESSAGE,
        });
      }
    }
  });
});

test("projects.list with search text is a clean error pointing at projects.search", async () => {
  const t = newTest();
  expect(
    await errorOf(t.query(api.projects.list, { sort: "newest", search: "猫", paginationOpts: { numItems: 5, cursor: null } })),
  ).toMatchObject({ code: "INVALID_INPUT" });
  // Blank search text is the same as none.
  expect((await t.query(api.projects.list, { sort: "newest", search: "  ", paginationOpts: { numItems: 5, cursor: null } })).page).toEqual(
    [],
  );
});
