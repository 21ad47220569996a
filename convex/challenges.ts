// Community challenges (docs/product.md "Challenges list", "Challenge page", "Create a
// challenge"; docs/decisions.md "Challenges"): list, create, enter, vote, pick the winner. Every
// rule holds here, whoever calls: the status moves only by the organiser's actions, entries
// only while open, one per person, no vote on one's own entry.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { migrations } from "./migrations";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { LIMITS } from "./constants";
import { memberMutation, publicQuery, userQuery } from "./model/functions";
import { listPlace, LIST_RANK } from "./model/challengeOrder";
import { normalizeChallenge, validateChallenge } from "./model/challengeRules";
import { CHALLENGE_MESSAGES, DEFAULT_VOTING_DAYS, VOTING_DAY_CHOICES, votingDeadline, votingEndsAtFrom } from "./model/challengeTerms";
import { japanDate } from "./model/japanTime";
import {
  assertOrganiser,
  countsHiddenNow,
  entriesByTime,
  entriesInOrder,
  loadChallenge,
  moveStatus,
  rewardWinner,
  toChallengeCard,
  toChallengeDetail,
  toChallengeEntry,
  vChallengeCard,
  vChallengeDetail,
  vChallengeEntry,
  viewerEntry,
} from "./model/challenges";
import { invalidInput, userError } from "./model/errors";
import { lowered } from "./model/engagementRemoval";
import { deliver } from "./model/notificationGroups";
import { notify } from "./model/notifications";
import { blocks, MUTE_MESSAGES, muteFilter } from "./model/mutes";
import { readPage } from "./model/pagination";
import { canSee } from "./model/visibility";
import { bumpSiteCounter, readSiteCounter } from "./model/siteCounters";
import { displayNameOf } from "./model/users";
import { vChallengeStatus, vJudging } from "./schema";
import { publishResults } from "./model/challengeResults";
import { assertNotJudge } from "./model/judging";
import { JUDGING_MESSAGES, judgingProblem, normalizeJudging } from "./model/judgingRules";
import { syncReminders } from "./model/challengeReminders";
import { shuffleKeyOf, shuffledPage, viewerShuffle } from "./model/entryShuffle";
import { voteRefusal } from "./model/voterEligibility";
import { vVotingRules, VOTING_RULES_MESSAGES } from "./model/votingRules";

/** Entries shown per page of a challenge's grid. */
const ENTRIES_PAGE = 24;
/** Rows per page of the organiser's CSV export. */
const EXPORT_PAGE = 200;
/** Users one fan-out transaction notifies of a new challenge. */
export const FAN_OUT_BATCH = 200;

/** A challenge's title and state for the posting wizard; null when missing or malformed. */
export const get = publicQuery({
  args: { id: v.string() },
  returns: v.union(v.object({ _id: v.id("challenges"), title: v.string(), status: vChallengeStatus, endDate: v.number() }), v.null()),
  handler: async (ctx, { id }) => {
    const challengeId = ctx.db.normalizeId("challenges", id);
    const challenge = challengeId ? await ctx.db.get("challenges", challengeId) : null;
    if (!challenge) return null;
    return { _id: challenge._id, title: challenge.title, status: challenge.status, endDate: challenge.endDate };
  },
});

/** The list page: newest first, optionally one status, 12 per page. */
export const list = publicQuery({
  args: { status: v.optional(vChallengeStatus), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vChallengeCard),
  handler: async (ctx, { status, paginationOpts }) => {
    // Hidden challenges are out of the list through the index (moderation).
    // In list order (model/challengeOrder.ts): open by nearest deadline, then voting by nearest
    // voting deadline, then ended newest first; one status keeps its part of that order.
    const rows = ctx.db
      .query("challenges")
      .withIndex("by_hidden_and_listRank_and_listKey", (q) =>
        status ? q.eq("hidden", undefined).eq("listRank", LIST_RANK[status]) : q.eq("hidden", undefined),
      );
    const page = await readPage(paginationOpts, LIMITS.challengesPageSize, (opts) => rows.order("asc").paginate(opts));
    return { ...page, page: page.page.map(toChallengeCard) };
  },
});

/** The list page's three counters, from stored counters. */
export const summary = publicQuery({
  args: {},
  returns: v.object({ active: v.number(), voting: v.number(), ended: v.number() }),
  handler: async (ctx) => ({
    active: await readSiteCounter(ctx, "challenges_active"),
    voting: await readSiteCounter(ctx, "challenges_voting"),
    ended: await readSiteCounter(ctx, "challenges_ended"),
  }),
});

/** The detail page's header; null when the id is malformed or the challenge is gone. */
export const detail = publicQuery({
  args: { id: v.string() },
  returns: v.union(vChallengeDetail, v.object({ unavailable: v.literal(true) }), v.null()),
  handler: async (ctx, { id }) => {
    const challengeId = ctx.db.normalizeId("challenges", id);
    const challenge = challengeId ? await ctx.db.get("challenges", challengeId) : null;
    if (!challenge) return null;
    if (!(await canSee(ctx, challenge, challenge.userId, ctx.viewerId))) return { unavailable: true as const };
    return await toChallengeDetail(ctx, challenge, ctx.viewerId);
  },
});

/** The grid of entries: newest first while open, most votes first (ties: earlier) after. */
export const entries = publicQuery({
  args: { challengeId: v.id("challenges"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vChallengeEntry),
  handler: async (ctx, { challengeId, paginationOpts }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    const viewerId = ctx.viewerId;
    // Entries by users the viewer mutes are left out; the page reads a few more to stay full.
    const mutes = await muteFilter(ctx, viewerId);
    // Hidden counts: during voting each viewer gets their own shuffled order, not the votes order.
    const hideCounts = countsHiddenNow(challenge, Date.now());
    const page = await readPage(paginationOpts, ENTRIES_PAGE, (opts) =>
      hideCounts && challenge.status === "voting"
        ? shuffledPage(ctx, challenge._id, viewerShuffle(challenge._id, viewerId), opts.numItems + mutes.extra, opts.cursor)
        : entriesInOrder(ctx, challenge).paginate({ ...opts, numItems: opts.numItems + mutes.extra }),
    );
    const visible = await mutes.visible(page.page, (entry) => entry.userId);
    const shown = await Promise.all(visible.map((entry) => toChallengeEntry(ctx, entry, viewerId, hideCounts)));
    return { ...page, page: shown.filter((entry) => entry !== null) };
  },
});

/** The viewer's own works, newest first, for the entry picker (empty for a visitor). */
export const pickableWorks = publicQuery({
  args: {},
  returns: v.array(v.object({ _id: v.id("projects"), title: v.string(), thumbnailUrl: v.union(v.string(), v.null()) })),
  handler: async (ctx) => {
    const viewerId = ctx.viewerId;
    if (!viewerId) return [];
    const works = await ctx.db
      .query("projects")
      .withIndex("by_userId_and_hidden", (q) => q.eq("userId", viewerId).eq("hidden", undefined))
      .order("desc")
      .take(50);
    return await Promise.all(
      works.map(async (work) => ({
        _id: work._id,
        title: work.title,
        thumbnailUrl: work.screenshots[0] ? await ctx.storage.getUrl(work.screenshots[0].thumbnailStorageId) : null,
      })),
    );
  },
});

/**
 * The organiser's CSV, a page at a time: title, author, work id, votes, entry time. While counts
 * are hidden the votes are null and the rows come newest entry first, so nothing reveals them.
 */
export const exportEntries = userQuery({
  args: { challengeId: v.id("challenges"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(
    v.object({
      title: v.string(),
      author: v.string(),
      projectId: v.id("projects"),
      votesCount: v.union(v.number(), v.null()),
      enteredAt: v.number(),
    }),
  ),
  handler: async (ctx, { challengeId, paginationOpts }) => {
    const viewer = ctx.viewer;
    const challenge = await loadChallenge(ctx, challengeId);
    assertOrganiser(challenge, viewer._id);
    const hideCounts = countsHiddenNow(challenge, Date.now());
    const page = await readPage(paginationOpts, EXPORT_PAGE, (opts) =>
      (hideCounts ? entriesByTime(ctx, challenge) : entriesInOrder(ctx, challenge)).paginate(opts),
    );
    const rows = await Promise.all(
      page.page.map(async (entry) => {
        const work = await ctx.db.get("projects", entry.projectId);
        const author = await ctx.db.get("users", entry.userId);
        if (!work) return null;
        return {
          title: work.title,
          author: author ? displayNameOf(author) : "退会したユーザー",
          projectId: work._id,
          votesCount: hideCounts ? null : entry.votesCount,
          enteredAt: entry._creationTime,
        };
      }),
    );
    return { ...page, page: rows.filter((row) => row !== null) };
  },
});

const vChallengeForm = {
  title: v.string(),
  description: v.string(),
  requirements: v.string(),
  /** The last day, YYYY-MM-DD in Japan; the challenge runs until that day ends. */
  endDate: v.string(),
  prize: v.boolean(),
  prizeDescription: v.string(),
  tags: v.array(v.string()),
  /** Who may vote and whether counts stay hidden until the end; unset keeps the defaults. */
  votingRules: v.optional(vVotingRules),
  /** Judges' criteria and weight (docs/product.md "Judging"); judges are invited afterwards. */
  judging: v.optional(vJudging),
};

/** Creates an open challenge and tells everyone who wants to hear of new ones. */
export const create = memberMutation({
  signInMessage: CHALLENGE_MESSAGES.createSignIn,
  rateLimit: "createChallenge",
  args: vChallengeForm,
  returns: v.id("challenges"),
  handler: async (ctx, { votingRules, judging, ...input }) => {
    const viewer = ctx.viewer;
    const now = Date.now();
    const today = japanDate(now);
    const errors = validateChallenge(input, today);
    const first = Object.values(errors)[0];
    if (first) throw invalidInput(errors, first);
    const judgingIssue = judging ? judgingProblem(judging) : null;
    if (judgingIssue) throw userError("INVALID_INPUT", judgingIssue);
    const fields = {
      ...normalizeChallenge(input, today),
      ...(judging ? { judging: normalizeJudging(judging) } : {}),
      status: "active" as const,
      updatedAt: now,
    };
    const challengeId = await ctx.db.insert("challenges", {
      ...fields,
      userId: viewer._id,
      startedAt: now,
      submissionsCount: 0,
      ...listPlace(fields),
      ...(votingRules ? { votingRules } : {}),
    });
    await syncReminders(ctx, (await ctx.db.get("challenges", challengeId))!);
    await bumpSiteCounter(ctx, "challenges_active", 1);
    await ctx.scheduler.runAfter(0, internal.challenges.notifyCreated, { challengeId, cursor: null });
    return challengeId;
  },
});

/**
 * The challenge_created fan-out: one batch of the users who keep newProjects on (the organiser
 * aside), then the next batch in its own transaction until all are reached.
 */
export const notifyCreated = internalMutation({
  args: { challengeId: v.id("challenges"), cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { challengeId, cursor }) => {
    const challenge = await ctx.db.get("challenges", challengeId);
    if (!challenge) return null;
    const batch = await ctx.db
      .query("users")
      .withIndex("by_settings_notifications_newProjects", (q) => q.eq("settings.notifications.newProjects", true))
      .paginate({ numItems: FAN_OUT_BATCH, cursor });
    for (const user of batch.page) {
      if (user._id === challenge.userId) continue;
      // The index read only users who want it; new challenges collapse into one unread item.
      await deliver(ctx, {
        userId: user._id,
        type: "challenge_created",
        title: "新しいチャレンジが始まりました",
        message: `「${challenge.title}」に参加してみませんか？`,
        challengeId,
        ...(challenge.userId ? { fromUserId: challenge.userId } : {}),
        subject: challenge.title,
      });
    }
    if (!batch.isDone) {
      await ctx.scheduler.runAfter(0, internal.challenges.notifyCreated, { challengeId, cursor: batch.continueCursor });
    }
    return null;
  },
});

/** Enters one of the caller's works; one entry per person, only while entries are open. */
export const enter = memberMutation({
  signInMessage: CHALLENGE_MESSAGES.enterSignIn,
  rateLimit: "enterChallenge",
  args: { challengeId: v.id("challenges"), projectId: v.id("projects") },
  returns: v.id("challengeSubmissions"),
  handler: async (ctx, { challengeId, projectId }) => {
    const viewer = ctx.viewer;
    const challenge = await loadChallenge(ctx, challengeId);
    if (challenge.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
    if (challenge.userId === viewer._id) throw userError("FORBIDDEN", VOTING_RULES_MESSAGES.organiserEntry);
    const work = await ctx.db.get("projects", projectId);
    if (!work || work.userId !== viewer._id) throw userError("FORBIDDEN", CHALLENGE_MESSAGES.notOwnWork);
    if (work.hidden || challenge.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
    if (challenge.status !== "active") throw userError("CLOSED", CHALLENGE_MESSAGES.entriesClosed);
    const now = Date.now();
    if (now > challenge.endDate) throw userError("CLOSED", CHALLENGE_MESSAGES.deadlinePassed);
    if (await viewerEntry(ctx, challengeId, viewer._id)) throw userError("CONFLICT", CHALLENGE_MESSAGES.alreadyEntered);
    await assertNotJudge(ctx, challengeId, viewer._id);

    const submissionId = await ctx.db.insert("challengeSubmissions", {
      challengeId,
      projectId,
      userId: viewer._id,
      votesCount: 0,
      isWinner: false,
      tieOrder: -now,
      updatedAt: now,
    });
    // Minus the exact entry time (what the grid shows as enteredAt): entries made in the same
    // millisecond still tie earliest first in the votes order.
    const { _creationTime } = (await ctx.db.get("challengeSubmissions", submissionId))!;
    await ctx.db.patch("challengeSubmissions", submissionId, { tieOrder: -_creationTime, shuffleKey: shuffleKeyOf(submissionId) });
    await ctx.db.patch("challenges", challengeId, { submissionsCount: challenge.submissionsCount + 1, updatedAt: now });
    await bumpSiteCounter(ctx, "challengeSubmissions", 1);
    if (challenge.userId) {
      await notify(ctx, {
        userId: challenge.userId,
        type: "challenge_submission",
        title: "チャレンジに作品が届きました",
        message: `「${challenge.title}」に「${work.title}」が提出されました`,
        challengeId,
        projectId,
        fromUserId: viewer._id,
      });
    }
    return submissionId;
  },
});

/**
 * active → voting: the organiser, while open, with at least one entry. Voting runs for the days
 * they chose (3, 7 or 14; 7 when not said) to the end of that Japanese day.
 */
export const startVoting = memberMutation({
  rateLimit: "editChallenge",
  args: { challengeId: v.id("challenges"), votingDays: v.optional(v.number()) },
  returns: v.null(),
  handler: async (ctx, { challengeId, votingDays = DEFAULT_VOTING_DAYS }) => {
    const viewer = ctx.viewer;
    const challenge = await loadChallenge(ctx, challengeId);
    // A hidden challenge is out of its status counter: its status waits for the moderator.
    if (challenge.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
    assertOrganiser(challenge, viewer._id);
    if (challenge.status !== "active") throw userError("INVALID_STATE", CHALLENGE_MESSAGES.votingNotActive);
    if (challenge.submissionsCount < 1) throw userError("INVALID_STATE", CHALLENGE_MESSAGES.votingNeedsEntries);
    if (!(VOTING_DAY_CHOICES as readonly number[]).includes(votingDays)) {
      throw userError("INVALID_INPUT", CHALLENGE_MESSAGES.votingDaysInvalid);
    }
    const now = Date.now();
    await moveStatus(ctx, challenge, "voting", { votingStartedAt: now, votingEndsAt: votingEndsAtFrom(now, votingDays) });
    await syncReminders(ctx, (await ctx.db.get("challenges", challengeId))!);
    return null;
  },
});

/** Votes for an entry, or takes the vote back; returns the new state. */
export const toggleVote = memberMutation({
  signInMessage: CHALLENGE_MESSAGES.voteSignIn,
  rateLimit: "vote",
  args: { submissionId: v.id("challengeSubmissions") },
  /** votesCount is null while the challenge hides its counts. */
  returns: v.object({ voted: v.boolean(), votesCount: v.union(v.number(), v.null()) }),
  handler: async (ctx, { submissionId }) => {
    const viewer = ctx.viewer;
    const submission = await ctx.db.get("challengeSubmissions", submissionId);
    if (!submission) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.submissionNotFound);
    const challenge = await loadChallenge(ctx, submission.challengeId);
    if (challenge.hidden || submission.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.submissionNotFound);
    if (challenge.status !== "voting") throw userError("INVALID_STATE", CHALLENGE_MESSAGES.notVoting);
    if (Date.now() > votingDeadline(challenge)) throw userError("INVALID_STATE", CHALLENGE_MESSAGES.votingClosed);
    if (submission.userId === viewer._id) throw userError("FORBIDDEN", CHALLENGE_MESSAGES.ownEntryVote);

    const existing = await ctx.db
      .query("challengeVotes")
      .withIndex("by_submissionId_and_userId", (q) => q.eq("submissionId", submissionId).eq("userId", viewer._id))
      .unique();
    // Taking a vote back stays possible; a new vote in the organiser's challenge does not.
    if (!existing && (await blocks(ctx, challenge.userId, viewer._id))) throw userError("FORBIDDEN", MUTE_MESSAGES.blockedVote);
    // The voting rules decide who casts a new vote; a vote cast before stays free to take back.
    const refusal = existing ? null : await voteRefusal(ctx, challenge, viewer, Date.now());
    if (refusal) throw userError("FORBIDDEN", refusal);
    const votesCount = existing ? lowered(submission.votesCount) : submission.votesCount + 1;
    if (existing) await ctx.db.delete("challengeVotes", existing._id);
    else await ctx.db.insert("challengeVotes", { userId: viewer._id, submissionId, challengeId: challenge._id });
    await ctx.db.patch("challengeSubmissions", submissionId, { votesCount, updatedAt: Date.now() });
    return { voted: !existing, votesCount: countsHiddenNow(challenge, Date.now()) ? null : votesCount };
  },
});

/**
 * voting → ended: the organiser picks the winner, and if they wish a 優秀賞 and a 特別賞 for two
 * other entries. Irreversible; the results are published with it.
 */
export const selectWinner = memberMutation({
  rateLimit: "editChallenge",
  args: {
    challengeId: v.id("challenges"),
    submissionId: v.id("challengeSubmissions"),
    awards: v.optional(
      v.object({ excellence: v.optional(v.id("challengeSubmissions")), special: v.optional(v.id("challengeSubmissions")) }),
    ),
  },
  returns: v.null(),
  handler: async (ctx, { challengeId, submissionId, awards = {} }) => {
    const viewer = ctx.viewer;
    const challenge = await loadChallenge(ctx, challengeId);
    // A hidden challenge is out of its status counter: its status waits for the moderator.
    if (challenge.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
    assertOrganiser(challenge, viewer._id);
    if (challenge.status !== "voting") throw userError("INVALID_STATE", CHALLENGE_MESSAGES.winnerNotVoting);
    const submission = await ctx.db.get("challengeSubmissions", submissionId);
    if (!submission || submission.challengeId !== challengeId) {
      throw userError("NOT_FOUND", CHALLENGE_MESSAGES.submissionNotFound);
    }
    const awarded = [awards.excellence, awards.special].filter((id) => id !== undefined);
    if (new Set([submissionId, ...awarded]).size !== awarded.length + 1) throw userError("INVALID_INPUT", JUDGING_MESSAGES.awardsInvalid);
    for (const [award, id] of [
      ["excellence", awards.excellence],
      ["special", awards.special],
    ] as const) {
      if (!id) continue;
      const awardee = await ctx.db.get("challengeSubmissions", id);
      if (!awardee || awardee.challengeId !== challengeId) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.submissionNotFound);
      await ctx.db.patch("challengeSubmissions", id, { award, updatedAt: Date.now() });
    }
    const now = Date.now();
    await ctx.db.patch("challengeSubmissions", submissionId, { isWinner: true, updatedAt: now });
    await moveStatus(ctx, challenge, "ended", { winnerSubmissionId: submissionId, winnerUserId: submission.userId, endedAt: now });
    await rewardWinner(ctx, challenge, submission.userId);
    await syncReminders(ctx, (await ctx.db.get("challenges", challengeId))!);
    await publishResults(ctx, { ...challenge, status: "ended" });
    return null;
  },
});

/**
 * Writes the list's order onto challenges kept from before it existed. A migration
 * (convex/migrations.ts): patches only what differs.
 */
export const backfillListOrder = migrations.define({
  table: "challenges",
  migrateOne: (_ctx, challenge) => {
    const place = listPlace(challenge);
    return place.listRank === challenge.listRank && place.listKey === challenge.listKey ? undefined : place;
  },
});
