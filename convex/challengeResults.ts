// The organiser's ranking before deciding and the public results page after (docs/product.md
// "Judging", "Results page"), and the notice that the results are out.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { FAN_OUT_BATCH } from "./challenges";
import { memberMutation, publicQuery, userQuery } from "./model/functions";
import { CHALLENGE_MESSAGES } from "./model/challengeTerms";
import { userError } from "./model/errors";
import { resultsHighlights, resultsPublished, vResultsHighlights } from "./model/resultsHighlights";
import { attachResultsCard } from "./model/screenshotFiles";
import { assertOrganiser, loadChallenge, viewerEntry } from "./model/challenges";
import { rankChallenge } from "./model/challengeResults";
import { notify } from "./model/notifications";
import { readPage } from "./model/pagination";
import { countsHidden } from "./model/votingRules";
import { publicAuthor } from "./model/users";
import { vPublicAuthor } from "./model/workCards";
import { vAward, vJudging } from "./schema";

/** Rows of the organiser's ranking: the top of the list, enough to choose three awards from. */
export const RANKING_SHOWN = 50;
/** Entries per page of the results. */
const RESULTS_PAGE = 20;

const vRankRow = v.object({
  submissionId: v.id("challengeSubmissions"),
  rank: v.number(),
  title: v.string(),
  author: v.string(),
  /** Null while the counts are hidden (then the ranking is by the judges alone). */
  votes: v.union(v.number(), v.null()),
  judgeAverage: v.union(v.number(), v.null()),
  judgePoints: v.number(),
  votePoints: v.union(v.number(), v.null()),
  combined: v.number(),
  tieNote: v.union(v.string(), v.null()),
});

/**
 * The organiser's ranking while voting (and after): the top RANKING_SHOWN by the combined score.
 * While the challenge hides its counts, the organiser too sees no counts: the ranking is the
 * judges' alone until voting closes.
 */
export const ranking = userQuery({
  args: { challengeId: v.id("challenges") },
  returns: v.object({ judging: v.union(vJudging, v.null()), countsHidden: v.boolean(), total: v.number(), rows: v.array(vRankRow) }),
  handler: async (ctx, { challengeId }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    assertOrganiser(challenge, ctx.viewer._id);
    const hidden = countsHidden(challenge, challenge.votingEndsAt ?? null, Date.now());
    if (challenge.status === "active") return { judging: challenge.judging ?? null, countsHidden: hidden, total: 0, rows: [] };
    const { ranked, entries } = await rankChallenge(ctx, challenge, { withVotes: !hidden });
    const rows = await Promise.all(
      ranked.slice(0, RANKING_SHOWN).map(async (row) => {
        const entry = entries.get(row.id)!;
        const work = await ctx.db.get("projects", entry.projectId);
        const author = await publicAuthor(ctx, entry.userId);
        return {
          submissionId: row.id,
          rank: row.rank,
          title: work?.title ?? "削除された作品",
          author: author.displayName,
          votes: hidden ? null : row.votes,
          judgeAverage: row.judgeAverage,
          judgePoints: row.judgePoints,
          votePoints: hidden ? null : row.votePoints,
          combined: row.combined,
          tieNote: row.tieNote,
        };
      }),
    );
    return { judging: challenge.judging ?? null, countsHidden: hidden, total: ranked.length, rows };
  },
});

/** The results page's header: whether results are out, and the criteria the columns show. */
export const summary = publicQuery({
  args: { id: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      challengeId: v.id("challenges"),
      title: v.string(),
      published: v.boolean(),
      judging: v.union(vJudging, v.null()),
      submissionsCount: v.number(),
      endedAt: v.union(v.number(), v.null()),
      isOrganiser: v.boolean(),
    }),
  ),
  handler: async (ctx, { id }) => {
    // A string, like challenges.detail: a malformed id in the address is "not found", not an error.
    const challengeId = ctx.db.normalizeId("challenges", id);
    const challenge = challengeId ? await ctx.db.get("challenges", challengeId) : null;
    if (!challenge || challenge.hidden) return null;
    return {
      challengeId: challenge._id,
      title: challenge.title,
      published: challenge.status === "ended",
      judging: challenge.judging ?? null,
      submissionsCount: challenge.submissionsCount,
      endedAt: challenge.endedAt ?? null,
      isOrganiser: ctx.viewerId !== null && challenge.userId === ctx.viewerId,
    };
  },
});

const vResultRow = v.object({
  submissionId: v.id("challengeSubmissions"),
  rank: v.number(),
  projectId: v.id("projects"),
  title: v.string(),
  thumbnailUrl: v.union(v.string(), v.null()),
  author: vPublicAuthor,
  votes: v.number(),
  judgeAverage: v.union(v.number(), v.null()),
  criterionAverages: v.array(v.number()),
  combined: v.number(),
  tieNote: v.union(v.string(), v.null()),
  isWinner: v.boolean(),
  award: v.union(vAward, v.null()),
  isOwn: v.boolean(),
});

/** Every entry by its final rank, a page at a time; empty until the results are out. */
export const results = publicQuery({
  args: { challengeId: v.id("challenges"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vResultRow),
  handler: async (ctx, { challengeId, paginationOpts }) => {
    const challenge = await ctx.db.get("challenges", challengeId);
    if (!challenge || challenge.hidden || challenge.status !== "ended") return { page: [], isDone: true, continueCursor: "" };
    const page = await readPage(paginationOpts, RESULTS_PAGE, (opts) =>
      ctx.db
        .query("challengeResults")
        .withIndex("by_challengeId_and_rank", (q) => q.eq("challengeId", challengeId))
        .paginate(opts),
    );
    const rows = await Promise.all(
      page.page.map(async (row) => {
        const entry = await ctx.db.get("challengeSubmissions", row.submissionId);
        const work = entry ? await ctx.db.get("projects", entry.projectId) : null;
        if (!entry || !work || entry.hidden) return null;
        const first = work.screenshots[0];
        return {
          submissionId: row.submissionId,
          rank: row.rank,
          projectId: work._id,
          title: work.title,
          thumbnailUrl: first ? await ctx.storage.getUrl(first.thumbnailStorageId) : null,
          author: await publicAuthor(ctx, entry.userId),
          votes: row.votes,
          judgeAverage: row.judgeAverage,
          criterionAverages: row.criterionAverages,
          combined: row.combined,
          tieNote: row.tieNote ?? null,
          isWinner: entry.isWinner,
          award: entry.award ?? null,
          isOwn: ctx.viewerId !== null && entry.userId === ctx.viewerId,
        };
      }),
    );
    return { ...page, page: rows.filter((row) => row !== null) };
  },
});

/**
 * The winner and awards once the results are out (null before, or for a hidden or unknown
 * challenge): what the results' share card shows, drawn in the organiser's browser.
 */
export const highlights = publicQuery({
  args: { challengeId: v.id("challenges") },
  returns: v.union(v.null(), vResultsHighlights),
  handler: async (ctx, { challengeId }) => {
    const challenge = await ctx.db.get("challenges", challengeId);
    if (!resultsPublished(challenge)) return null;
    const { challengeId: id, title, submissionsCount, winner, awards } = await resultsHighlights(ctx, challenge);
    return { challengeId: id, title, submissionsCount, winner, awards };
  },
});

/**
 * Puts the results' share card on the challenge (the og:image of its share link): only the
 * organiser, only once the results are out, and only their own card that
 * screenshots.checkShareCard accepted (else the `shareCard` field is refused and nothing is
 * written). A newer card replaces the old one, which is deleted.
 */
export const setResultsCard = memberMutation({
  rateLimit: "shareCard",
  args: { challengeId: v.id("challenges"), storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { challengeId, storageId }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    if (challenge.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
    assertOrganiser(challenge, ctx.viewer._id);
    if (!resultsPublished(challenge)) throw userError("INVALID_STATE", CHALLENGE_MESSAGES.resultsNotPublished);
    const { winnerCardAuthor } = await resultsHighlights(ctx, challenge);
    await attachResultsCard(ctx, ctx.viewer._id, challenge, storageId, winnerCardAuthor);
    return null;
  },
});

/**
 * The judges' comments on one entry once results are out: the entrant and the organiser read them
 * all, everyone else only those the organiser made public.
 */
export const feedback = publicQuery({
  args: { submissionId: v.id("challengeSubmissions") },
  returns: v.array(
    v.object({ scoreId: v.id("judgeScores"), judge: vPublicAuthor, comment: v.string(), public: v.boolean(), scores: v.array(v.number()) }),
  ),
  handler: async (ctx, { submissionId }) => {
    const entry = await ctx.db.get("challengeSubmissions", submissionId);
    if (!entry) return [];
    const challenge = await ctx.db.get("challenges", entry.challengeId);
    if (!challenge || challenge.hidden || challenge.status !== "ended") return [];
    const seesAll = ctx.viewerId !== null && (ctx.viewerId === entry.userId || ctx.viewerId === challenge.userId);
    // One row per judge: at most JUDGING_LIMITS.judgesMax.
    const scores = await ctx.db
      .query("judgeScores")
      .withIndex("by_submissionId_and_judgeId", (q) => q.eq("submissionId", submissionId))
      .take(20);
    const shown = scores.filter((score) => score.comment !== undefined && (seesAll || score.commentPublic === true));
    return await Promise.all(
      shown.map(async (score) => ({
        scoreId: score._id,
        judge: await publicAuthor(ctx, score.judgeId),
        comment: score.comment!,
        public: score.commentPublic === true,
        scores: score.scores,
      })),
    );
  },
});

/**
 * The challenge_results fan-out: entrants a batch at a time, then voters (each once: the votes
 * index is ordered by voter, so a voter's several votes sit together; entrants already heard).
 */
export const notifyResults = internalMutation({
  args: {
    challengeId: v.id("challenges"),
    phase: v.union(v.literal("entrants"), v.literal("voters")),
    cursor: v.union(v.string(), v.null()),
    lastUserId: v.union(v.id("users"), v.null()),
  },
  returns: v.null(),
  handler: async (ctx, { challengeId, phase, cursor, lastUserId }) => {
    const challenge = await ctx.db.get("challenges", challengeId);
    if (!challenge) return null;
    const message = {
      type: "challenge_results" as const,
      title: "チャレンジの結果が発表されました",
      message: `「${challenge.title}」の結果が発表されました`,
      challengeId,
    };
    if (phase === "entrants") {
      const batch = await ctx.db
        .query("challengeSubmissions")
        .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
        .paginate({ numItems: FAN_OUT_BATCH, cursor });
      for (const entry of batch.page) await notify(ctx, { userId: entry.userId, ...message });
      await ctx.scheduler.runAfter(0, internal.challengeResults.notifyResults, {
        challengeId,
        phase: batch.isDone ? "voters" : "entrants",
        cursor: batch.isDone ? null : batch.continueCursor,
        lastUserId: null,
      });
      return null;
    }
    const batch = await ctx.db
      .query("challengeVotes")
      .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", challengeId))
      .paginate({ numItems: FAN_OUT_BATCH, cursor });
    let last = lastUserId;
    for (const vote of batch.page) {
      if (vote.userId === last) continue;
      last = vote.userId;
      if (vote.userId === challenge.userId || (await viewerEntry(ctx, challengeId, vote.userId))) continue;
      await notify(ctx, { userId: vote.userId, ...message });
    }
    if (!batch.isDone) {
      await ctx.scheduler.runAfter(0, internal.challengeResults.notifyResults, {
        challengeId,
        phase: "voters",
        cursor: batch.continueCursor,
        lastUserId: last,
      });
    }
    return null;
  },
});
