import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { addLike } from "./model/engagement";
import { workInput } from "./model/works.testkit";
import { insertProject } from "./model/projects";
import { createUser, newTest, type TestConvex } from "./test.setup";

const page = { numItems: 20, cursor: null };

async function setPrivacy(as: Awaited<ReturnType<typeof createUser>>["as"], privacy: Partial<(typeof DEFAULT_USER_SETTINGS)["privacy"]>) {
  await as.mutation(api.users.updateSettings, {
    settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, ...privacy } },
  });
}

/** An author with two works, one liked by a fan, and the fan's like of it. */
async function authorAndFan(t: TestConvex) {
  const author = await createUser(t);
  const fan = await createUser(t);
  const [older, newer] = await t.run(async (ctx) => {
    const older = await insertProject(ctx, author.userId, { ...workInput, title: "古い作品" }, Date.now());
    const newer = await insertProject(ctx, author.userId, { ...workInput, title: "新しい作品" }, Date.now() + 1);
    await addLike(ctx, fan.userId, older);
    return [older, newer];
  });
  return { author, fan, older, newer };
}

describe("profiles.works and profiles.likedWorks", () => {
  test("newest first as gallery cards, for everyone on a public profile", async () => {
    const t = newTest();
    const { author, fan, older, newer } = await authorAndFan(t);
    const works = await t.query(api.profiles.works, { userId: author.userId, paginationOpts: page });
    expect(works.page.map((w) => w._id)).toEqual([newer, older]);
    expect(works.page[0]).toMatchObject({ title: "新しい作品", author: { _id: author.userId } });
    const liked = await t.query(api.profiles.likedWorks, { userId: fan.userId, paginationOpts: page });
    expect(liked.page.map((w) => w._id)).toEqual([older]);
    expect(liked.page[0]).toMatchObject({ likesCount: 1 });
  });

  test("hidden from others when showProjects is off or the profile is private; the owner still sees them", async () => {
    const t = newTest();
    const { author, fan } = await authorAndFan(t);
    for (const privacy of [{ showProjects: false }, { profileVisibility: "private" as const }]) {
      await setPrivacy(author.as, privacy);
      await setPrivacy(fan.as, privacy);
      for (const caller of [t, fan.as]) {
        expect((await caller.query(api.profiles.works, { userId: author.userId, paginationOpts: page })).page).toEqual([]);
      }
      expect((await t.query(api.profiles.likedWorks, { userId: fan.userId, paginationOpts: page })).page).toEqual([]);
      expect((await author.as.query(api.profiles.works, { userId: author.userId, paginationOpts: page })).page).toHaveLength(2);
      expect((await fan.as.query(api.profiles.likedWorks, { userId: fan.userId, paginationOpts: page })).page).toHaveLength(1);
      await setPrivacy(author.as, {});
      await setPrivacy(fan.as, {});
    }
  });

  test("a work deleted since it was liked drops out of the liked tab", async () => {
    const t = newTest();
    const { author, fan, older } = await authorAndFan(t);
    await author.as.mutation(api.projects.remove, { id: older });
    expect((await t.query(api.profiles.likedWorks, { userId: fan.userId, paginationOpts: page })).page).toEqual([]);
  });

  test("pages through thousands of works and likes reading a bounded number of documents", async () => {
    const t = newTest({ documentsRead: 200 });
    const prolific = await createUser(t);
    const WORKS = 3000;
    const ids: Id<"projects">[] = [];
    for (let from = 0; from < WORKS; from += 500) {
      ids.push(
        ...(await t.run(async (ctx) => {
          const batch: Id<"projects">[] = [];
          for (let i = from; i < from + 500; i++) {
            batch.push(
              await ctx.db.insert("projects", {
                ...workInput,
                userId: prolific.userId,
                title: `作品${i}`,
                featured: false,
                likesCount: 1,
                commentsCount: 0,
                viewsCount: 0,
                searchText: "",
                updatedAt: 0,
              }),
            );
            await ctx.db.insert("likes", { userId: prolific.userId, projectId: batch.at(-1)! });
          }
          return batch;
        })),
      );
    }
    for (const listing of [api.profiles.works, api.profiles.likedWorks]) {
      let cursor: string | null = null;
      const seen: string[] = [];
      for (let n = 0; n < 3; n++) {
        const result: { page: Array<{ _id: string }>; continueCursor: string } = await t.query(listing, {
          userId: prolific.userId,
          paginationOpts: { numItems: 20, cursor },
        });
        seen.push(...result.page.map((w) => w._id));
        cursor = result.continueCursor;
      }
      expect(seen).toEqual(ids.slice(-60).reverse());
    }
  });
});
