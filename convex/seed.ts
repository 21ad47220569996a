import { v } from "convex/values";
import { shuffleKeyOf } from "./model/entryShuffle";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalAction, internalMutation, internalQuery, type MutationCtx } from "./_generated/server";
import { vScreenshot } from "./schema";
import { DEMO_CHALLENGES, DEMO_COMMENTS, DEMO_CREATORS, DEMO_WORKS } from "./model/demoData";
import { renderMockupPng } from "./model/demoImages";
import { listPlace } from "./model/challengeOrder";
import { DEFAULT_VOTING_DAYS, votingEndsAtFrom } from "./model/challengeTerms";
import { rewardWinner } from "./model/challenges";
import { addLike, insertComment, recordView } from "./model/engagement";
import { insertProject } from "./model/projects";
import { bumpSiteCounter } from "./model/siteCounters";
import { standInGoogleSubject } from "./model/demoAccounts";
import { newUserDocument } from "./model/users";

const DAY = 24 * 60 * 60 * 1000;

/** Whether the demo data is already there (its first creator's handle is taken). */
export const isSeeded = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    const first = DEMO_CREATORS[0]!;
    const user = await ctx.db
      .query("users")
      .withIndex("by_handle", (q) => q.eq("handle", first.handle))
      .first();
    return user !== null;
  },
});

/**
 * Seeds the badge table and, once, the demo data set: renders and stores the screenshots, then
 * writes creators, works, likes, comments, views and a challenge in each status.
 */
export const demo = internalAction({
  args: {},
  returns: v.object({ seeded: v.boolean() }),
  handler: async (ctx): Promise<{ seeded: boolean }> => {
    await ctx.runMutation(internal.badges.seed, {});
    if (await ctx.runQuery(internal.seed.isSeeded, {})) return { seeded: false };
    const screenshots = [];
    for (const [index, work] of DEMO_WORKS.entries()) {
      const shots = [];
      for (let n = 0; n < work.screenshots; n++) {
        const store = (width: number, height: number) =>
          ctx.storage.store(
            new Blob([new Uint8Array(renderMockupPng(work.palette, width, height, index + n))], {
              type: "image/png",
            }),
          );
        shots.push({ storageId: await store(960, 600), thumbnailStorageId: await store(480, 300) });
      }
      screenshots.push(shots);
    }
    const googleAccountIds = await Promise.all(DEMO_CREATORS.map((creator) => standInGoogleSubject(creator.email)));
    await ctx.runMutation(internal.seed.insertDemo, { screenshots, googleAccountIds, now: Date.now() });
    // The demo likes, comments and views score the works for 急上昇 now, not at the next cron.
    await ctx.runMutation(internal.trending.refresh, {});
    return { seeded: true };
  },
});

export const insertDemo = internalMutation({
  args: { screenshots: v.array(v.array(vScreenshot)), googleAccountIds: v.array(v.string()), now: v.number() },
  returns: v.null(),
  handler: async (ctx, { screenshots, googleAccountIds, now }) => {
    const users = new Map<string, Id<"users">>();
    for (const creator of DEMO_CREATORS) {
      const { handle, displayName, bio, location, websiteUrl, githubUrl, twitterUrl, email } = creator;
      const fresh = newUserDocument({ name: displayName, email }, now);
      const userId = await ctx.db.insert("users", {
        ...fresh,
        // The demo creators want e-mail and follow notifications, so the local mail sink and
        // the bell have something to show.
        settings: {
          ...fresh.settings,
          notifications: { ...fresh.settings.notifications, email: true, follows: true },
        },
        handle,
        displayName,
        bio,
        location,
        ...(websiteUrl ? { websiteUrl } : {}),
        ...(githubUrl ? { githubUrl } : {}),
        ...(twitterUrl ? { twitterUrl } : {}),
        profileCompleted: true,
      });
      await bumpSiteCounter(ctx, "users", 1);
      users.set(handle, userId);
      const providerAccountId = googleAccountIds[users.size - 1];
      if (providerAccountId) await ctx.db.insert("authAccounts", { userId, provider: "google", providerAccountId });
    }
    const user = (handle: string) => users.get(handle)!;

    const works: Id<"projects">[] = [];
    for (const [index, work] of DEMO_WORKS.entries()) {
      const { creator, screenshots: _count, palette: _palette, ...fields } = work;
      works.push(await insertProject(ctx, user(creator), { ...fields, screenshots: screenshots[index] ?? [] }, now));
    }

    // Likes spread so the popular sort differs from the newest sort.
    for (const [index, workId] of works.entries()) {
      const likers = ((index * 5) % DEMO_CREATORS.length) + 1;
      for (const creator of DEMO_CREATORS.slice(0, likers)) await addLike(ctx, user(creator.handle), workId);
      for (let n = 0; n < 8 + ((index * 13) % 40); n++) await recordView(ctx, workId, null);
    }
    for (const [handle, workIndex, content] of DEMO_COMMENTS) {
      await insertComment(ctx, user(handle), works[workIndex]!, content);
    }
    for (const challenge of DEMO_CHALLENGES) await insertDemoChallenge(ctx, challenge, user, works, now);
    return null;
  },
});

async function insertDemoChallenge(
  ctx: MutationCtx,
  challenge: (typeof DEMO_CHALLENGES)[number],
  user: (handle: string) => Id<"users">,
  works: Id<"projects">[],
  now: number,
) {
  const { organiser, startedDaysAgo, endsInDays, entries, status, prizeDescription, ...fields } = challenge;
  const votingStartedAt = now + (endsInDays - DEFAULT_VOTING_DAYS) * DAY;
  const challengeId = await ctx.db.insert("challenges", {
    ...fields,
    ...(prizeDescription ? { prizeDescription } : {}),
    userId: user(organiser),
    status,
    startedAt: now - startedDaysAgo * DAY,
    endDate: now + endsInDays * DAY,
    submissionsCount: 0,
    updatedAt: now - startedDaysAgo * DAY,
    ...(status !== "active" ? { votingStartedAt, votingEndsAt: votingEndsAtFrom(votingStartedAt, DEFAULT_VOTING_DAYS) } : {}),
    ...(status === "ended" ? { endedAt: now + endsInDays * DAY } : {}),
  });
  await ctx.db.patch("challenges", challengeId, listPlace((await ctx.db.get("challenges", challengeId))!));
  await bumpSiteCounter(ctx, `challenges_${status}`, 1);

  const submissions: Doc<"challengeSubmissions">[] = [];
  for (const [n, workIndex] of entries.entries()) {
    const work = (await ctx.db.get("projects", works[workIndex]!))!;
    // Entered a day apart, in the order listed, while the challenge was open.
    const enteredAt = now - (startedDaysAgo - 1 - n) * DAY;
    const submissionId = await ctx.db.insert("challengeSubmissions", {
      challengeId,
      projectId: work._id,
      userId: work.userId,
      votesCount: 0,
      isWinner: false,
      tieOrder: -enteredAt,
      updatedAt: enteredAt,
    });
    await ctx.db.patch("challengeSubmissions", submissionId, { shuffleKey: shuffleKeyOf(submissionId) });
    submissions.push((await ctx.db.get("challengeSubmissions", submissionId))!);
    await bumpSiteCounter(ctx, "challengeSubmissions", 1);
  }
  await ctx.db.patch("challenges", challengeId, { submissionsCount: submissions.length });

  // Once voting opened, earlier entries got more votes; nobody votes for their own entry.
  for (const [n, submission] of (status === "active" ? [] : submissions).entries()) {
    let votesCount = 0;
    for (const [c, creator] of DEMO_CREATORS.entries()) {
      const voter = user(creator.handle);
      if ((c + n) % (n + 2) !== 0 || voter === submission.userId) continue;
      await ctx.db.insert("challengeVotes", { userId: voter, submissionId: submission._id, challengeId });
      votesCount++;
    }
    await ctx.db.patch("challengeSubmissions", submission._id, { votesCount });
  }
  if (status === "ended" && submissions[0]) {
    const winner = submissions[0];
    await ctx.db.patch("challengeSubmissions", winner._id, { isWinner: true });
    await ctx.db.patch("challenges", challengeId, {
      winnerSubmissionId: winner._id,
      winnerUserId: winner.userId,
      endedAt: now + endsInDays * DAY,
    });
    await rewardWinner(ctx, { _id: challengeId, title: challenge.title }, winner.userId);
  }
}
