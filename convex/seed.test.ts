import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { DEMO_CHALLENGES, DEMO_COMMENTS, DEMO_CREATORS, DEMO_WORKS } from "./model/demoData";
import { readSiteCounter } from "./model/siteCounters";
import { SITE_COUNTER_KEYS } from "./schema";
import { newTest } from "./test.setup";
import { readUserStats } from "./model/userStats";

describe("demo seed", () => {
  test("writes creators, works with stored PNG screenshots, and consistent counters, once", async () => {
    const t = newTest();
    expect(await t.action(internal.seed.demo, {})).toEqual({ seeded: true });
    expect(await t.action(internal.seed.demo, {})).toEqual({ seeded: false });

    await t.run(async (ctx) => {
      const users = await ctx.db.query("users").take(100);
      expect(users).toHaveLength(DEMO_CREATORS.length);
      expect(users.every((u) => u.profileCompleted && u.handle)).toBe(true);
      // Each demo creator can be signed in as through the Google stand-in.
      const accounts = await ctx.db.query("authAccounts").take(100);
      expect(accounts.map((a) => a.userId).sort()).toEqual(users.map((u) => u._id).sort());
      expect(accounts.every((a) => a.provider === "google" && /^1\d{20}$/.test(a.providerAccountId))).toBe(true);

      const works = await ctx.db.query("projects").take(100);
      expect(works).toHaveLength(DEMO_WORKS.length);
      const likes = await ctx.db.query("likes").take(1000);
      const comments = await ctx.db.query("comments").take(1000);
      const views = await ctx.db.query("views").take(10_000);
      for (const work of works) {
        expect(work.likesCount).toBe(likes.filter((l) => l.projectId === work._id).length);
        expect(work.commentsCount).toBe(comments.filter((c) => c.projectId === work._id).length);
        expect(work.viewsCount).toBe(views.filter((vw) => vw.projectId === work._id).length);
        expect(work.screenshots.length).toBeGreaterThan(0);
        const file = await ctx.db.system.get("_storage", work.screenshots[0]!.storageId);
        expect(file?.size).toBeGreaterThan(1000);
        const blob = await ctx.storage.get(work.screenshots[0]!.thumbnailStorageId);
        const signature = new Uint8Array(await blob!.arrayBuffer()).slice(0, 4);
        expect([...signature]).toEqual([0x89, 0x50, 0x4e, 0x47]);
        const toolRows = await ctx.db
          .query("projectAiTools")
          .withIndex("by_projectId", (q) => q.eq("projectId", work._id))
          .take(10);
        expect(toolRows.map((r) => r.tool).sort()).toEqual([...work.aiTools].sort());
        expect(toolRows.every((r) => r.likesCount === work.likesCount)).toBe(true);
      }
      expect(comments).toHaveLength(DEMO_COMMENTS.length);
      for (const user of users) {
        const own = works.filter((w) => w.userId === user._id);
        const stats = await readUserStats(ctx, user._id);
        expect(stats.projectsCount).toBe(own.length);
        expect(stats.zeroCodeCount).toBe(own.filter((w) => w.isZeroCode).length);
        expect(stats.totalLikes).toBe(own.reduce((sum, w) => sum + w.likesCount, 0));
      }
      const counters = Object.fromEntries(await Promise.all(SITE_COUNTER_KEYS.map(async (key) => [key, await readSiteCounter(ctx, key)])));
      expect(counters).toMatchObject({
        users: DEMO_CREATORS.length,
        projects: DEMO_WORKS.length,
        zeroCodeProjects: DEMO_WORKS.filter((w) => w.isZeroCode).length,
        likes: likes.length,
        challenges_active: 1,
        challenges_voting: 1,
        challenges_ended: 1,
      });
      const challenges = await ctx.db.query("challenges").take(10);
      expect(challenges.map((c) => c.status).sort()).toEqual(["active", "ended", "voting"]);
      const ended = challenges.find((c) => c.status === "ended")!;
      expect(ended.winnerSubmissionId).toBeDefined();
      expect(ended.submissionsCount).toBe(DEMO_CHALLENGES.find((c) => c.status === "ended")!.entries.length);
      // The demo challenges keep every rule: one entry per person, entered before the end, no
      // vote on one's own entry, stored counts that match, and the winner holds the badge.
      for (const challenge of challenges) {
        const entries = await ctx.db
          .query("challengeSubmissions")
          .withIndex("by_challengeId", (q) => q.eq("challengeId", challenge._id))
          .take(100);
        expect(entries).toHaveLength(challenge.submissionsCount);
        expect(new Set(entries.map((e) => e.userId)).size).toBe(entries.length);
        // The organiser never enters (or wins) their own challenge; every entry has a shuffle key.
        expect(entries.map((e) => e.userId)).not.toContain(challenge.userId);
        expect(entries.every((e) => e.shuffleKey !== undefined)).toBe(true);
        for (const entry of entries) {
          expect(-entry.tieOrder).toBeLessThanOrEqual(challenge.endDate);
          const votes = await ctx.db
            .query("challengeVotes")
            .withIndex("by_submissionId_and_userId", (q) => q.eq("submissionId", entry._id))
            .take(100);
          expect(votes).toHaveLength(entry.votesCount);
          expect(votes.every((vote) => vote.userId !== entry.userId)).toBe(true);
          if (challenge.status === "active") expect(entry.votesCount).toBe(0);
        }
        expect(entries.filter((e) => e.isWinner).map((e) => e._id)).toEqual(
          challenge.winnerSubmissionId ? [challenge.winnerSubmissionId] : [],
        );
      }
      const winnerBadges = await ctx.db.query("userBadges").take(100);
      expect(winnerBadges.filter((b) => b.badgeId === "challengeWinner").map((b) => b.userId)).toEqual([ended.winnerUserId]);
      // First posts earned the firstProject badge, with a notification.
      const badges = await ctx.db.query("userBadges").take(100);
      expect(badges.filter((b) => b.badgeId === "firstProject")).toHaveLength(DEMO_CREATORS.length);
    });
    expect(await t.query(api.badges.list, {})).toHaveLength(6);
  }); // renders and stores about fifty PNG files: the convex project's testTimeout allows for it
});
