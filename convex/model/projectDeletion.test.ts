import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { addLike, insertComment, recordView } from "./engagement";
import { insertProject, type ProjectInput } from "./projects";
import { deleteProjectCascade } from "./projectDeletion";
import { bumpSiteCounter, readSiteCounter } from "./siteCounters";
import { fileExists, pngBytes, storeFile } from "./storedFiles.testkit";
import { createUser, newTest } from "../test.setup";
import { readUserStats } from "./userStats";

const work: ProjectInput = {
  title: "作品",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "game",
  demoUrl: "https://example.com",
  aiTools: ["Claude", "v0"],
  techStack: [],
  tags: [],
  isZeroCode: true,
  screenshots: [],
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("deleteProjectCascade", () => {
  test("the work goes at once with its totals; its rows follow in batches", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const fans = await Promise.all([1, 2, 3].map(() => createUser(t)));
    const shot = await storeFile(t, pngBytes(), "image/png");
    const thumb = await storeFile(t, pngBytes(), "image/png");
    const ids = await t.run(async (ctx) => {
      const doomed = await insertProject(
        ctx,
        author.userId,
        { ...work, title: "消す作品", screenshots: [{ storageId: shot, thumbnailStorageId: thumb }] },
        Date.now(),
      );
      const kept = await insertProject(ctx, author.userId, { ...work, title: "残る作品", isZeroCode: false }, Date.now());
      for (const fan of fans) {
        await addLike(ctx, fan.userId, doomed);
        await insertComment(ctx, fan.userId, doomed, "コメント");
      }
      await addLike(ctx, fans[0]!.userId, kept);
      for (let i = 0; i < 150; i++) await recordView(ctx, doomed, null);
      await recordView(ctx, kept, fans[0]!.userId);
      // A challenge entry of the work, with a vote.
      const challengeId = await ctx.db.insert("challenges", {
        userId: fans[0]!.userId,
        title: "チャレンジ",
        description: "説明",
        requirements: "要件",
        endDate: Date.now() + 1e9,
        prize: false,
        tags: [],
        status: "voting",
        startedAt: 0,
        submissionsCount: 1,
        updatedAt: Date.now(),
      });
      const submissionId = await ctx.db.insert("challengeSubmissions", {
        challengeId,
        projectId: doomed,
        userId: author.userId,
        votesCount: 1,
        isWinner: false,
        tieOrder: 0,
        updatedAt: Date.now(),
      });
      await bumpSiteCounter(ctx, "challengeSubmissions", 1);
      await ctx.db.insert("challengeVotes", { userId: fans[1]!.userId, submissionId, challengeId });
      return { doomed, kept, challengeId };
    });

    await t.run(async (ctx) => deleteProjectCascade(ctx, (await ctx.db.get("projects", ids.doomed))!));

    // At once: gone from the gallery, its tool rows and images gone, totals taken off.
    const now = await t.run(async (ctx) => ({
      work: await ctx.db.get("projects", ids.doomed),
      toolRows: await ctx.db
        .query("projectAiTools")
        .withIndex("by_projectId", (q) => q.eq("projectId", ids.doomed))
        .take(10),
      author: await readUserStats(ctx, author.userId),
      site: {
        projects: await readSiteCounter(ctx, "projects"),
        zeroCodeProjects: await readSiteCounter(ctx, "zeroCodeProjects"),
        likes: await readSiteCounter(ctx, "likes"),
      },
    }));
    expect(now.work).toBeNull();
    expect(now.toolRows).toEqual([]);
    expect(await fileExists(t, shot)).toBe(false);
    expect(await fileExists(t, thumb)).toBe(false);
    expect(now.author).toMatchObject({ projectsCount: 1, zeroCodeCount: 0, totalLikes: 1, totalViews: 1 });
    expect(now.site).toEqual({ projects: 1, zeroCodeProjects: 0, likes: 1 });
    expect((await t.query(api.home.overview, {})).topWorks.map((w) => w.title)).toEqual(["残る作品"]);

    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await t.run(async (ctx) => {
      return {
        likes: await ctx.db
          .query("likes")
          .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", ids.doomed))
          .take(10),
        comments: await ctx.db
          .query("comments")
          .withIndex("by_projectId", (q) => q.eq("projectId", ids.doomed))
          .take(10),
        views: await ctx.db
          .query("views")
          .withIndex("by_projectId_and_viewerKey_and_day", (q) => q.eq("projectId", ids.doomed))
          .take(10),
        notifications: await ctx.db
          .query("notifications")
          .withIndex("by_projectId", (q) => q.eq("projectId", ids.doomed))
          .take(10),
        submissions: await ctx.db
          .query("challengeSubmissions")
          .withIndex("by_projectId", (q) => q.eq("projectId", ids.doomed))
          .take(10),
        votes: await ctx.db
          .query("challengeVotes")
          .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", ids.challengeId))
          .take(10),
        challenge: (await ctx.db.get("challenges", ids.challengeId))!,
        fanCommentCounts: await Promise.all(fans.map(async (f) => (await readUserStats(ctx, f.userId)).commentsCount)),
        kept: (await ctx.db.get("projects", ids.kept))!,
        site: {
          likes: await readSiteCounter(ctx, "likes"),
          challengeSubmissions: await readSiteCounter(ctx, "challengeSubmissions"),
        },
      };
    });
    expect(after).toMatchObject({
      likes: [],
      comments: [],
      views: [],
      notifications: [],
      submissions: [],
      votes: [],
      challenge: { submissionsCount: 0 },
      fanCommentCounts: [0, 0, 0],
      kept: { likesCount: 1, viewsCount: 1 },
      site: { likes: 1, challengeSubmissions: 0 },
    });
  });

  test("the children cleanup does nothing while the work still exists", async () => {
    const t = newTest();
    const author = await createUser(t);
    const fan = await createUser(t);
    const projectId: Id<"projects"> = await t.run(async (ctx) => {
      const id = await insertProject(ctx, author.userId, work, Date.now());
      await addLike(ctx, fan.userId, id);
      return id;
    });
    await t.mutation(internal.account.purgeProjectChildren, { projectId });
    expect((await t.run((ctx) => ctx.db.get("projects", projectId)))?.likesCount).toBe(1);
    expect(
      await t.run((ctx) =>
        ctx.db
          .query("likes")
          .withIndex("by_projectId_and_userId", (q) => q.eq("projectId", projectId))
          .take(10),
      ),
    ).toHaveLength(1);
  });
});

test("the user purge does nothing while the user still exists", async () => {
  const t = newTest();
  const user = await createUser(t);
  await t.mutation(internal.account.purgeUserData, { userId: user.userId });
  expect(await user.as.query(api.users.viewer, {})).not.toBeNull();
});
