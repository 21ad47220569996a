import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id, TableNames } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import schema, { DEFAULT_USER_SETTINGS, SITE_COUNTER_KEYS } from "./schema";
import { awardBadge } from "./model/badges";
import { addLike, insertComment, recordView } from "./model/engagement";
import { follow } from "./model/follows";
import { createOrRefreshGoogleUser } from "./model/googleUsers";
import { notify } from "./model/notifications";
import { insertProject, type ProjectInput } from "./model/projects";
import { bumpSiteCounter, readSiteCounter } from "./model/siteCounters";
import { fileExists, pngBytes, storeFile } from "./model/storedFiles.testkit";
import { registryRow, uploadShot } from "./model/screenshots.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";
import { readUserStats } from "./model/userStats";

const work: ProjectInput = {
  title: "作品",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "webapp",
  demoUrl: "https://example.com",
  aiTools: ["Claude", "Cursor"],
  techStack: ["React"],
  tags: ["AI"],
  isZeroCode: false,
  screenshots: [],
};

/** A user as sign-in creates them, counted on the site like createOrRefreshGoogleUser does. */
async function member(t: TestConvex, profile: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, { profileCompleted: true, ...profile });
  await t.run((ctx) => bumpSiteCounter(ctx, "users", 1));
  return user;
}

/** A challenge with status counters, as the challenges feature will write it. */
async function insertChallenge(ctx: MutationCtx, organiser: Id<"users">, status: "active" | "voting" | "ended" = "active") {
  const challengeId = await ctx.db.insert("challenges", {
    userId: organiser,
    title: "チャレンジ",
    description: "説明",
    requirements: "要件",
    endDate: Date.now() + 7 * 86_400_000,
    prize: false,
    tags: [],
    status,
    startedAt: 0,
    submissionsCount: 0,
    updatedAt: Date.now(),
  });
  await bumpSiteCounter(ctx, `challenges_${status}`, 1);
  return challengeId;
}

async function submit(ctx: MutationCtx, challengeId: Id<"challenges">, projectId: Id<"projects">) {
  const project = (await ctx.db.get("projects", projectId))!;
  const submissionId = await ctx.db.insert("challengeSubmissions", {
    challengeId,
    projectId,
    userId: project.userId,
    votesCount: 0,
    isWinner: false,
    tieOrder: 0,
    updatedAt: Date.now(),
  });
  const challenge = (await ctx.db.get("challenges", challengeId))!;
  await ctx.db.patch("challenges", challengeId, { submissionsCount: challenge.submissionsCount + 1 });
  await bumpSiteCounter(ctx, "challengeSubmissions", 1);
  return submissionId;
}

async function vote(ctx: MutationCtx, userId: Id<"users">, submissionId: Id<"challengeSubmissions">) {
  const submission = (await ctx.db.get("challengeSubmissions", submissionId))!;
  await ctx.db.insert("challengeVotes", { userId, submissionId, challengeId: submission.challengeId });
  await ctx.db.patch("challengeSubmissions", submissionId, { votesCount: submission.votesCount + 1 });
}

/** Every document of every table (test-only full scan). */
async function everyDocument(t: TestConvex) {
  return await t.run(async (ctx) => {
    const tables = Object.keys(schema.tables) as TableNames[];
    const all = [];
    for (const table of tables) all.push(...(await ctx.db.query(table).take(100_000)).map((doc) => ({ table, doc })));
    return all;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("exportData", () => {
  test("holds the caller's profile with e-mail, settings, works, comments, likes and saved works", async () => {
    const t = newTest();
    const me = await member(t, { handle: "me_user", displayName: "私", email: "me@example.com" });
    const other = await member(t, { handle: "other_user" });
    const shot = await storeFile(t, pngBytes(), "image/png");
    const ids = await t.run(async (ctx) => {
      const mine = await insertProject(
        ctx,
        me.userId,
        { ...work, title: "私の作品", screenshots: [{ storageId: shot, thumbnailStorageId: shot }] },
        Date.now(),
      );
      const theirs = await insertProject(ctx, other.userId, { ...work, title: "他人の作品" }, Date.now());
      await addLike(ctx, me.userId, theirs);
      await insertComment(ctx, me.userId, theirs, "素敵です");
      // Someone else's activity never appears in my export.
      await addLike(ctx, other.userId, mine);
      await insertComment(ctx, other.userId, mine, "ありがとう");
      return { mine, theirs };
    });
    await me.as.mutation(api.users.updateSettings, {
      settings: { ...DEFAULT_USER_SETTINGS, notifications: { ...DEFAULT_USER_SETTINGS.notifications, likes: false } },
    });
    // ストック is private: it is in my export, and someone else's saves are not.
    await me.as.mutation(api.saves.toggle, { projectId: ids.theirs });
    await other.as.mutation(api.saves.toggle, { projectId: ids.mine });

    const data = await me.as.query(api.account.exportData, {});
    expect(data.profile).toMatchObject({ _id: me.userId, handle: "me_user", displayName: "私", email: "me@example.com" });
    expect(data.settings.notifications.likes).toBe(false);
    expect(data.works).toHaveLength(1);
    expect(data.works[0]).toMatchObject({
      _id: ids.mine,
      title: "私の作品",
      aiTools: ["Claude", "Cursor"],
      likesCount: 1,
      commentsCount: 1,
      demoVideoUrl: null,
    });
    expect(data.works[0]?.screenshotUrls).toHaveLength(1);
    expect(data.comments).toEqual([{ projectId: ids.theirs, content: "素敵です", createdAt: expect.any(Number) as number }]);
    expect(data.likes).toEqual([{ projectId: ids.theirs, title: "他人の作品", likedAt: expect.any(Number) as number }]);
    expect(data.saved).toEqual([{ projectId: ids.theirs, title: "他人の作品", savedAt: expect.any(Number) as number }]);
    expect(data.truncated).toEqual({ works: false, comments: false, likes: false, saved: false });
    expect(JSON.stringify(data)).not.toContain("ありがとう");
  });

  test("signed out is refused; another user gets only their own data", async () => {
    const t = newTest();
    const me = await member(t, { email: "me@example.com" });
    const other = await member(t, { email: "other@example.com" });
    await t.run((ctx) => insertProject(ctx, me.userId, work, Date.now()));
    expect(await errorOf(t.query(api.account.exportData, {}))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
    const theirs = await other.as.query(api.account.exportData, {});
    expect(theirs.profile.email).toBe("other@example.com");
    expect(theirs.works).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain("me@example.com");
  });
});

describe("deleteAccount", () => {
  test("signed out is refused", async () => {
    const t = newTest();
    expect(await errorOf(t.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
  });

  test("anything but the exact phrase is refused and nothing changes", async () => {
    const t = newTest();
    const me = await member(t);
    await t.run((ctx) => insertProject(ctx, me.userId, work, Date.now()));
    const before = await everyDocument(t);
    for (const confirmation of ["", "delete my account", "DELETE MY ACCOUNT ", " DELETE MY ACCOUNT", "DELETE  MY ACCOUNT"]) {
      expect(await errorOf(me.as.mutation(api.account.deleteAccount, { confirmation }))).toEqual({
        code: "INVALID_CONFIRMATION",
        message: "DELETE MY ACCOUNT と正確に入力してください",
        fields: { confirmation: "DELETE MY ACCOUNT と正確に入力してください" },
      });
    }
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await everyDocument(t)).toEqual(before);
  });

  test("the caller deletes only their own account", async () => {
    const t = newTest();
    const me = await member(t);
    const other = await member(t);
    const otherWork = await t.run((ctx) => insertProject(ctx, other.userId, work, Date.now()));
    await me.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await other.as.query(api.users.viewer, {})).toMatchObject({ _id: other.userId });
    expect(await t.run((ctx) => ctx.db.get("projects", otherWork))).not.toBeNull();
    // The deleted user's still-valid token no longer acts as anyone.
    expect(await me.as.query(api.users.viewer, {})).toBeNull();
    expect(await errorOf(me.as.query(api.account.exportData, {}))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test("leaves no row that refers to the user, restores every other counter, keeps organised challenges", async () => {
    const t = newTest();
    // --- The world before the user to be deleted arrives: two others and their activity.
    const alice = await member(t, { handle: "alice", displayName: "アリス" });
    const bob = await member(t, { handle: "bob", displayName: "ボブ" });
    const others = await t.run(async (ctx) => {
      const aliceWork = await insertProject(ctx, alice.userId, { ...work, title: "アリスの作品", isZeroCode: true }, Date.now());
      const bobWork = await insertProject(ctx, bob.userId, { ...work, title: "ボブの作品" }, Date.now());
      await addLike(ctx, bob.userId, aliceWork);
      await insertComment(ctx, bob.userId, aliceWork, "いいですね");
      await recordView(ctx, aliceWork, bob.userId);
      await recordView(ctx, bobWork, null);
      const aliceChallenge = await insertChallenge(ctx, alice.userId);
      const bobSubmission = await submit(ctx, aliceChallenge, bobWork);
      await vote(ctx, alice.userId, bobSubmission);
      await follow(ctx, (await ctx.db.get("users", alice.userId))!, (await ctx.db.get("users", bob.userId))!);
      return { aliceWork, bobWork, aliceChallenge, bobSubmission };
    });

    /** Everything the deletion must put back exactly. */
    const counters = () =>
      t.run(async (ctx) => {
        const userCounters = async (id: Id<"users">) => {
          const u = await readUserStats(ctx, id);
          return [u.projectsCount, u.zeroCodeCount, u.totalLikes, u.totalViews, u.commentsCount, u.followersCount, u.followingCount];
        };
        const workCounters = async (id: Id<"projects">) => {
          const w = (await ctx.db.get("projects", id))!;
          const tools = await ctx.db
            .query("projectAiTools")
            .withIndex("by_projectId", (q) => q.eq("projectId", id))
            .take(10);
          return [w.likesCount, w.commentsCount, w.viewsCount, tools.map((row) => row.likesCount)];
        };
        return {
          alice: await userCounters(alice.userId),
          bob: await userCounters(bob.userId),
          aliceWork: await workCounters(others.aliceWork),
          bobWork: await workCounters(others.bobWork),
          challenge: (await ctx.db.get("challenges", others.aliceChallenge))!.submissionsCount,
          bobSubmissionVotes: (await ctx.db.get("challengeSubmissions", others.bobSubmission))!.votesCount,
          site: Object.fromEntries(
            await Promise.all(SITE_COUNTER_KEYS.map(async (key) => [key, await readSiteCounter(ctx, key)] as const)),
          ),
        };
      });
    const before = await counters();

    // --- The user to be deleted: works, engagement both ways, challenges, badges, photo, sign-in.
    const victim = await member(t, { handle: "victim", displayName: "退会予定", email: "victim@example.com" });
    const photo = await storeFile(t, pngBytes(), "image/png");
    const shot = await storeFile(t, pngBytes(), "image/png");
    const thumb = await storeFile(t, pngBytes(), "image/png");
    await t.run(async (ctx) => {
      // Uploaded, checked and saved: registered to the victim (model/photoFiles.ts).
      await ctx.db.insert("photoFiles", { storageId: photo, userId: victim.userId, inUse: true });
      await ctx.db.patch("users", victim.userId, { photoStorageId: photo });
    });
    const mine = await t.run(async (ctx) => {
      const v = victim.userId;
      const workA = await insertProject(
        ctx,
        v,
        { ...work, title: "消える作品", isZeroCode: true, screenshots: [{ storageId: shot, thumbnailStorageId: thumb }] },
        Date.now(),
      );
      const workB = await insertProject(ctx, v, { ...work, title: "もう一つ" }, Date.now());
      // Others engage with the victim's works (notifications to the victim come with it).
      await addLike(ctx, alice.userId, workA);
      await addLike(ctx, bob.userId, workA);
      await addLike(ctx, v, workA);
      await insertComment(ctx, alice.userId, workA, "すごい");
      await insertComment(ctx, v, workA, "ありがとう");
      await recordView(ctx, workA, alice.userId);
      for (let i = 0; i < 230; i++) await recordView(ctx, workB, null); // more than one cleanup batch
      // The victim engages with others' works (notifications from the victim).
      await addLike(ctx, v, others.aliceWork);
      await addLike(ctx, v, others.bobWork);
      await insertComment(ctx, v, others.aliceWork, "参考になります");
      for (let i = 0; i < 120; i++) await recordView(ctx, others.bobWork, v); // again more than one batch
      // Follows both ways (Bob wants follow notifications, so one comes from the victim).
      const victimDoc = (await ctx.db.get("users", v))!;
      const bobDoc = (await ctx.db.get("users", bob.userId))!;
      await ctx.db.patch("users", bob.userId, {
        settings: { ...bobDoc.settings, notifications: { ...bobDoc.settings.notifications, follows: true } },
      });
      await follow(ctx, victimDoc, (await ctx.db.get("users", bob.userId))!);
      await follow(ctx, (await ctx.db.get("users", alice.userId))!, (await ctx.db.get("users", v))!);
      // Challenges: the victim enters Alice's and votes there; organises one Bob entered;
      // won one Bob organised.
      const victimSubmission = await submit(ctx, others.aliceChallenge, workB);
      await vote(ctx, alice.userId, victimSubmission);
      await vote(ctx, bob.userId, victimSubmission);
      await vote(ctx, v, others.bobSubmission);
      const victimChallenge = await insertChallenge(ctx, v);
      const bobEntry = await submit(ctx, victimChallenge, others.bobWork);
      await vote(ctx, v, bobEntry);
      await vote(ctx, alice.userId, bobEntry);
      await notify(ctx, {
        userId: bob.userId,
        type: "challenge_submission",
        title: "提出",
        message: "提出がありました",
        challengeId: victimChallenge,
        fromUserId: v,
      });
      const bobChallenge = await insertChallenge(ctx, bob.userId, "ended");
      const winning = await submit(ctx, bobChallenge, workA);
      await ctx.db.patch("challengeSubmissions", winning, { isWinner: true });
      await ctx.db.patch("challenges", bobChallenge, { winnerSubmissionId: winning, winnerUserId: v });
      await awardBadge(ctx, v, "challengeWinner");
      // A second device: another session with refresh tokens, and the Google account link.
      const session = await ctx.db.insert("authSessions", { userId: v, expirationTime: Date.now() + 1e9 });
      await ctx.db.insert("authRefreshTokens", { sessionId: session, expirationTime: Date.now() + 1e9 });
      await ctx.db.insert("authRefreshTokens", { sessionId: victim.sessionId, expirationTime: Date.now() + 1e9 });
      const account = await ctx.db.insert("authAccounts", { userId: v, provider: "google", providerAccountId: "g-victim" });
      await ctx.db.insert("authVerificationCodes", {
        accountId: account,
        provider: "google",
        code: "code",
        expirationTime: Date.now() + 1e9,
      });
      return { workA, workB, victimChallenge, bobEntry, bobChallenge, victimSubmission, winning };
    });
    expect(await counters()).not.toEqual(before);
    const victimIds = new Set<string>([victim.userId, mine.workA, mine.workB, mine.victimSubmission, mine.winning, victim.sessionId]);
    const victimSessions = await t.run((ctx) =>
      ctx.db
        .query("authSessions")
        .withIndex("userId", (q) => q.eq("userId", victim.userId))
        .take(10),
    );
    for (const s of victimSessions) victimIds.add(s._id);

    // --- Delete.
    await victim.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    // At once: the profile, the handle and every sign-in record are gone.
    expect(await t.query(api.users.getProfile, { id: "victim" })).toBeNull();
    expect(await t.run((ctx) => ctx.db.query("authAccounts").take(10))).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("authRefreshTokens").take(10))).toEqual([]);
    expect(await fileExists(t, photo)).toBe(false);
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    // No row anywhere mentions the user, their works or their sessions.
    const leftovers = (await everyDocument(t)).filter(({ doc }) =>
      Object.values(doc).some((value) => typeof value === "string" && victimIds.has(value)),
    );
    expect(leftovers).toEqual([]);
    for (const file of [photo, shot, thumb]) expect(await fileExists(t, file)).toBe(false);
    // It took several bounded batches, each rescheduling the next.
    const runs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").take(1000));
    expect(runs.filter((run) => run.name.includes("purgeUserData")).length).toBeGreaterThan(1);
    expect(runs.filter((run) => run.name.includes("purgeProjectChildren")).length).toBeGreaterThan(2);

    // Other users' works and the site count exactly what they did before the user arrived; only
    // the two kept challenges (and Bob's entry in one) remain of what the user added.
    expect(await counters()).toEqual({
      ...before,
      site: {
        ...before.site,
        challenges_active: before.site.challenges_active! + 1,
        challenges_ended: before.site.challenges_ended! + 1,
        challengeSubmissions: before.site.challengeSubmissions! + 1,
      },
    });

    // The challenge the user organised stays, organiser cleared, with Bob's entry and Alice's vote.
    const kept = await t.run(async (ctx) => ({
      challenge: await ctx.db.get("challenges", mine.victimChallenge),
      entry: await ctx.db.get("challengeSubmissions", mine.bobEntry),
      won: await ctx.db.get("challenges", mine.bobChallenge),
    }));
    expect(kept.challenge).toMatchObject({ title: "チャレンジ", submissionsCount: 1 });
    expect(kept.challenge?.userId).toBeUndefined();
    expect(kept.entry?.votesCount).toBe(1);
    // The challenge the user won stays too, without a winner that no longer exists.
    expect(kept.won).toMatchObject({ status: "ended", submissionsCount: 0 });
    expect(kept.won?.winnerUserId).toBeUndefined();
    expect(kept.won?.winnerSubmissionId).toBeUndefined();

    // Signing in again with the same Google identity finds no account and makes a new, empty user.
    const again = await t.run(async (ctx) => {
      const account = await ctx.db
        .query("authAccounts")
        .withIndex("providerAndAccountId", (q) => q.eq("provider", "google").eq("providerAccountId", "g-victim"))
        .first();
      const userId = await createOrRefreshGoogleUser(ctx, account?.userId ?? null, { name: "退会予定" }, Date.now());
      return { ...(await ctx.db.get("users", userId)), stats: await readUserStats(ctx, userId) };
    });
    expect(again?._id).not.toBe(victim.userId);
    expect(again).toMatchObject({ profileCompleted: false, stats: { projectsCount: 0 } });
    expect(again?.handle).toBeUndefined();
  });
});

describe("deleteAccount and screenshot uploads", () => {
  test("the user's uploads waiting in the posting wizard are deleted with their files; others' stay", async () => {
    const t = newTest();
    const me = await member(t);
    const other = await member(t);
    const pending = [await uploadShot(t, me.as), await uploadShot(t, me.as)];
    const postedShot = await uploadShot(t, me.as);
    const posted = await me.as.mutation(api.projects.create, {
      ...work,
      demoVideoUrl: "",
      repositoryUrl: "",
      screenshots: [postedShot],
    });
    const theirPending = await uploadShot(t, other.as);
    const theirPostedShot = await uploadShot(t, other.as);
    await other.as.mutation(api.projects.create, { ...work, demoVideoUrl: "", repositoryUrl: "", screenshots: [theirPostedShot] });

    await me.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await t.run((ctx) => ctx.db.get("projects", posted))).toBeNull();
    for (const shot of [...pending, postedShot]) {
      for (const storageId of [shot.storageId, shot.thumbnailStorageId]) {
        expect(await fileExists(t, storageId)).toBe(false);
        expect(await registryRow(t, storageId)).toBeNull();
      }
    }
    const mine = await t.run((ctx) =>
      ctx.db
        .query("screenshotFiles")
        .withIndex("by_userId_and_projectId", (q) => q.eq("userId", me.userId))
        .take(10),
    );
    expect(mine).toEqual([]);
    for (const shot of [theirPending, theirPostedShot]) {
      for (const storageId of [shot.storageId, shot.thumbnailStorageId]) {
        expect(await fileExists(t, storageId)).toBe(true);
        expect(await registryRow(t, storageId)).toMatchObject({ userId: other.userId });
      }
    }
  });

  test("many pending uploads take several batches and all go", async () => {
    const t = newTest();
    const me = await member(t);
    const files: Id<"_storage">[] = [];
    for (let i = 0; i < 150; i++) files.push(await storeFile(t, pngBytes(), "image/png"));
    await t.run(async (ctx) => {
      for (const storageId of files) await ctx.db.insert("screenshotFiles", { storageId, userId: me.userId });
    });
    await me.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run((ctx) => ctx.db.query("screenshotFiles").take(10))).toEqual([]);
    for (const storageId of [files[0]!, files[149]!]) expect(await fileExists(t, storageId)).toBe(false);
  });
});
