// Judges and criteria of a challenge (docs/product.md "Judging"): the organiser sets criteria and
// invites judges by user ID; a judge accepts or declines, then scores every entry 1–5 per
// criterion during voting. Every rule holds here, whoever calls.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { memberMutation, publicQuery, userQuery } from "./model/functions";
import { CHALLENGE_MESSAGES } from "./model/challengeTerms";
import { assertOrganiser, entriesInOrder, loadChallenge, viewerEntry } from "./model/challenges";
import { weightedAverage } from "./model/challengeRanking";
import { cleanText, textProblem } from "./model/cleanText";
import { userError } from "./model/errors";
import { adjustTotals, assertJudged, findJudge, judgesOf, saveTotals } from "./model/judging";
import { JUDGING_LIMITS, JUDGING_MESSAGES, judgingProblem, normalizeJudging, scoresFit } from "./model/judgingRules";
import { notify } from "./model/notifications";
import { readPage } from "./model/pagination";
import { publicAuthor } from "./model/users";
import { vPublicAuthor } from "./model/workCards";
import { vJudging } from "./schema";

/** Entries per page of a judge's score sheet. */
const SHEET_PAGE = 20;

const vJudgeStatus = v.union(v.literal("invited"), v.literal("accepted"), v.literal("declined"));

/** Sets (or with null, removes) the criteria and weight: the organiser, while entries are open. */
export const setJudging = memberMutation({
  rateLimit: "editChallenge",
  args: { challengeId: v.id("challenges"), judging: v.union(vJudging, v.null()) },
  returns: v.null(),
  handler: async (ctx, { challengeId, judging }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    assertOrganiser(challenge, ctx.viewer._id);
    // Scores exist only from voting on, so criteria never change under a judge's scores.
    if (challenge.status !== "active") throw userError("INVALID_STATE", JUDGING_MESSAGES.judgingLocked);
    if (judging) {
      const problem = judgingProblem(judging);
      if (problem) throw userError("INVALID_INPUT", problem);
    } else if ((await judgesOf(ctx, challengeId)).length > 0) {
      throw userError("INVALID_STATE", JUDGING_MESSAGES.judgingHasJudges);
    }
    await ctx.db.patch("challenges", challengeId, { judging: judging ? normalizeJudging(judging) : undefined, updatedAt: Date.now() });
    return null;
  },
});

/** The organiser invites a judge by user ID (or id); the invitee is notified. */
export const invite = memberMutation({
  rateLimit: "judgeInvite",
  args: { challengeId: v.id("challenges"), handle: v.string() },
  returns: v.id("challengeJudges"),
  handler: async (ctx, { challengeId, handle }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    if (challenge.hidden) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
    assertOrganiser(challenge, ctx.viewer._id);
    assertJudged(challenge);
    if (challenge.status === "ended") throw userError("INVALID_STATE", JUDGING_MESSAGES.inviteClosed);
    const wanted = handle.trim().replace(/^@/, "").toLowerCase();
    const byHandle = wanted
      ? await ctx.db
          .query("users")
          .withIndex("by_handle", (q) => q.eq("handle", wanted))
          .unique()
      : null;
    const byId = byHandle ? null : ctx.db.normalizeId("users", handle.trim());
    const user = byHandle ?? (byId ? await ctx.db.get("users", byId) : null);
    if (!user) throw userError("NOT_FOUND", JUDGING_MESSAGES.judgeNotFound);
    if (user._id === challenge.userId) throw userError("INVALID_INPUT", JUDGING_MESSAGES.judgeIsOrganiser);
    if (await findJudge(ctx, challengeId, user._id)) throw userError("CONFLICT", JUDGING_MESSAGES.judgeAlreadyInvited);
    if (await viewerEntry(ctx, challengeId, user._id)) throw userError("FORBIDDEN", JUDGING_MESSAGES.judgeIsEntrant);
    if ((await judgesOf(ctx, challengeId)).length >= JUDGING_LIMITS.judgesMax) {
      throw userError("INVALID_STATE", JUDGING_MESSAGES.judgesTooMany);
    }
    const judgeId = await ctx.db.insert("challengeJudges", { challengeId, userId: user._id, status: "invited", scoredCount: 0 });
    await notify(ctx, {
      userId: user._id,
      type: "challenge_judge",
      title: "審査員に招待されました",
      message: `「${challenge.title}」の審査員に招待されました。チャレンジのページで承諾または辞退してください`,
      challengeId,
      ...(challenge.userId ? { fromUserId: challenge.userId } : {}),
    });
    return judgeId;
  },
});

/** The invitee accepts or declines; a declined judge may accept later while judging is open. */
export const respond = memberMutation({
  rateLimit: "judgeInvite",
  args: { challengeId: v.id("challenges"), accept: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { challengeId, accept }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    const judge = await findJudge(ctx, challengeId, ctx.viewer._id);
    if (!judge) throw userError("NOT_FOUND", JUDGING_MESSAGES.invitationNotFound);
    if (challenge.status === "ended") throw userError("INVALID_STATE", JUDGING_MESSAGES.inviteClosed);
    if (!accept && judge.scoredCount > 0) throw userError("INVALID_STATE", JUDGING_MESSAGES.judgeHasScored);
    await ctx.db.patch("challengeJudges", judge._id, { status: accept ? "accepted" : "declined" });
    return null;
  },
});

/** The organiser removes an invitation or a judge who has not scored yet. */
export const remove = memberMutation({
  rateLimit: "judgeInvite",
  args: { challengeId: v.id("challenges"), userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { challengeId, userId }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    assertOrganiser(challenge, ctx.viewer._id);
    const judge = await findJudge(ctx, challengeId, userId);
    if (!judge) throw userError("NOT_FOUND", JUDGING_MESSAGES.invitationNotFound);
    if (judge.scoredCount > 0) throw userError("INVALID_STATE", JUDGING_MESSAGES.judgeHasScored);
    await ctx.db.delete("challengeJudges", judge._id);
    return null;
  },
});

/**
 * The challenge page's judging panel: criteria, weight and judges (the organiser also sees
 * pending and declined invitations), and the viewer's own part as a judge. Null without judging.
 */
export const panel = publicQuery({
  args: { challengeId: v.id("challenges") },
  returns: v.union(
    v.null(),
    v.object({
      judging: vJudging,
      judges: v.array(v.object({ user: vPublicAuthor, status: vJudgeStatus, scoredCount: v.number() })),
      /** The viewer as a judge: their status and progress (n / total); null when not invited. */
      viewerJudge: v.union(v.null(), v.object({ status: vJudgeStatus, scoredCount: v.number(), total: v.number() })),
    }),
  ),
  handler: async (ctx, { challengeId }) => {
    const challenge = await ctx.db.get("challenges", challengeId);
    if (!challenge?.judging || challenge.hidden) return null;
    const isOrganiser = ctx.viewerId !== null && challenge.userId === ctx.viewerId;
    const rows = await judgesOf(ctx, challengeId);
    const shown = isOrganiser ? rows : rows.filter((row) => row.status === "accepted");
    const mine = ctx.viewerId ? rows.find((row) => row.userId === ctx.viewerId) : undefined;
    return {
      judging: challenge.judging,
      judges: await Promise.all(
        shown.map(async (row) => ({ user: await publicAuthor(ctx, row.userId), status: row.status, scoredCount: row.scoredCount })),
      ),
      viewerJudge: mine ? { status: mine.status, scoredCount: mine.scoredCount, total: challenge.submissionsCount } : null,
    };
  },
});

const vSheetRow = v.object({
  submissionId: v.id("challengeSubmissions"),
  title: v.string(),
  projectId: v.id("projects"),
  thumbnailUrl: v.union(v.string(), v.null()),
  scores: v.union(v.array(v.number()), v.null()),
  comment: v.string(),
});

/** An accepted judge's score sheet: the entries a page at a time, with their own scores. */
export const scoreSheet = userQuery({
  args: { challengeId: v.id("challenges"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vSheetRow),
  handler: async (ctx, { challengeId, paginationOpts }) => {
    const challenge = await loadChallenge(ctx, challengeId);
    const judge = await findJudge(ctx, challengeId, ctx.viewer._id);
    if (judge?.status !== "accepted") throw userError("FORBIDDEN", JUDGING_MESSAGES.notJudge);
    const page = await readPage(paginationOpts, SHEET_PAGE, (opts) => entriesInOrder(ctx, challenge).paginate(opts));
    const rows = await Promise.all(
      page.page.map(async (entry) => {
        const work = await ctx.db.get("projects", entry.projectId);
        if (!work || entry.userId === ctx.viewer._id) return null;
        const score = await ctx.db
          .query("judgeScores")
          .withIndex("by_submissionId_and_judgeId", (q) => q.eq("submissionId", entry._id).eq("judgeId", ctx.viewer._id))
          .unique();
        const first = work.screenshots[0];
        return {
          submissionId: entry._id,
          title: work.title,
          projectId: work._id,
          thumbnailUrl: first ? await ctx.storage.getUrl(first.thumbnailStorageId) : null,
          scores: score?.scores ?? null,
          comment: score?.comment ?? "",
        };
      }),
    );
    return { ...page, page: rows.filter((row) => row !== null) };
  },
});

/** An accepted judge scores an entry (1–5 per criterion, optional comment); re-scoring replaces. */
export const score = memberMutation({
  rateLimit: "judgeScore",
  args: { submissionId: v.id("challengeSubmissions"), scores: v.array(v.number()), comment: v.string() },
  returns: v.null(),
  handler: async (ctx, { submissionId, scores, comment }) => {
    const judgeId = ctx.viewer._id;
    const submission = await ctx.db.get("challengeSubmissions", submissionId);
    if (!submission) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.submissionNotFound);
    const challenge = await loadChallenge(ctx, submission.challengeId);
    const judging = assertJudged(challenge);
    const judge = await findJudge(ctx, challenge._id, judgeId);
    if (judge?.status !== "accepted") throw userError("FORBIDDEN", JUDGING_MESSAGES.notJudge);
    if (challenge.status !== "voting") throw userError("INVALID_STATE", JUDGING_MESSAGES.scoringNotVoting);
    if (submission.userId === judgeId) throw userError("FORBIDDEN", JUDGING_MESSAGES.ownEntryScore);
    if (!scoresFit(scores, judging.criteria.length)) throw userError("INVALID_INPUT", JUDGING_MESSAGES.scoresInvalid);
    const text = cleanText(comment, "multiline");
    const textIssue = textProblem(text);
    if (textIssue) throw userError("INVALID_INPUT", textIssue);
    if (Array.from(text).length > JUDGING_LIMITS.commentMax) throw userError("INVALID_INPUT", JUDGING_MESSAGES.commentTooLong);

    const row = {
      scores,
      weighted: weightedAverage(
        scores,
        judging.criteria.map((criterion) => criterion.weight),
      ),
      comment: text === "" ? undefined : text,
    };
    const existing = await ctx.db
      .query("judgeScores")
      .withIndex("by_submissionId_and_judgeId", (q) => q.eq("submissionId", submissionId).eq("judgeId", judgeId))
      .unique();
    let totals = submission.judging;
    if (existing) {
      totals = adjustTotals(totals, existing, -1);
      await ctx.db.patch("judgeScores", existing._id, row);
    } else {
      await ctx.db.insert("judgeScores", { challengeId: challenge._id, submissionId, judgeId, ...row });
      await ctx.db.patch("challengeJudges", judge._id, { scoredCount: judge.scoredCount + 1 });
    }
    await saveTotals(ctx, submissionId, adjustTotals(totals, row, 1));
    return null;
  },
});

/** The organiser makes a judge's comment public on the results page, or private again. */
export const setCommentPublic = memberMutation({
  rateLimit: "judgeScore",
  args: { scoreId: v.id("judgeScores"), public: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { scoreId, public: isPublic }) => {
    const score = await ctx.db.get("judgeScores", scoreId);
    if (!score) throw userError("NOT_FOUND", JUDGING_MESSAGES.scoreNotFound);
    const challenge = await loadChallenge(ctx, score.challengeId);
    assertOrganiser(challenge, ctx.viewer._id);
    await ctx.db.patch("judgeScores", scoreId, { commentPublic: isPublic ? true : undefined });
    return null;
  },
});
