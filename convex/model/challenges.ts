// What the challenge functions share: loading with the Japanese not-found message, the
// organiser check, the status counters, and how a challenge and an entry are shown.
import { v } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { ChallengeStatus } from "../constants";
import { vAward, vChallengeStatus } from "../schema";
import { awardBadge } from "./badges";
import { listPlace } from "./challengeOrder";
import { CHALLENGE_MESSAGES, votingDeadline } from "./challengeTerms";
import { userError } from "./errors";
import { notify } from "./notifications";
import { bumpSiteCounter } from "./siteCounters";
import { moderationView, vModerationView } from "./visibility";
import { publicAuthor } from "./users";
import { toWorkCard, vPublicAuthor, vWorkCard } from "./workCards";
import { countsHidden, votingRulesOf, vVotingRules } from "./votingRules";

/** Whether the challenge's vote counts (and the votes order) must stay on the server right now. */
export function countsHiddenNow(challenge: Doc<"challenges">, now: number): boolean {
  return countsHidden(challenge, challenge.status === "voting" ? votingDeadline(challenge) : null, now);
}

export async function loadChallenge(ctx: QueryCtx, challengeId: Id<"challenges">): Promise<Doc<"challenges">> {
  const challenge = await ctx.db.get("challenges", challengeId);
  if (!challenge) throw userError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
  return challenge;
}

/** Only the organiser may start voting, pick the winner or export the entries. */
export function assertOrganiser(challenge: Doc<"challenges">, userId: Id<"users">) {
  if (challenge.userId !== userId) throw userError("FORBIDDEN", CHALLENGE_MESSAGES.organiserOnly);
}

/** Moves a challenge to `status`, keeping the list's order and summary counters in step. */
export async function moveStatus(
  ctx: MutationCtx,
  challenge: Doc<"challenges">,
  status: ChallengeStatus,
  fields: Partial<Doc<"challenges">>,
) {
  const updatedAt = Date.now();
  const next = { ...challenge, ...fields, status, updatedAt };
  await ctx.db.patch("challenges", challenge._id, { ...fields, status, updatedAt, ...listPlace(next) });
  await bumpSiteCounter(ctx, `challenges_${challenge.status}`, -1);
  await bumpSiteCounter(ctx, `challenges_${status}`, 1);
}

/**
 * The winner hears of it and earns the challengeWinner badge (docs/decisions.md "Challenge rules").
 */
export async function rewardWinner(ctx: MutationCtx, challenge: Pick<Doc<"challenges">, "_id" | "title">, winnerId: Id<"users">) {
  await notify(ctx, {
    userId: winnerId,
    type: "challenge_winner",
    title: "チャレンジで優勝しました",
    message: `「${challenge.title}」で優勝しました！おめでとうございます`,
    challengeId: challenge._id,
  });
  await awardBadge(ctx, winnerId, "challengeWinner");
}

export const vChallengeCard = v.object({
  _id: v.id("challenges"),
  title: v.string(),
  description: v.string(),
  status: vChallengeStatus,
  startedAt: v.number(),
  endDate: v.number(),
  /** While voting: when votes stop being accepted. */
  votingEndsAt: v.union(v.number(), v.null()),
  submissionsCount: v.number(),
  prize: v.boolean(),
});

export function toChallengeCard(challenge: Doc<"challenges">) {
  return {
    _id: challenge._id,
    title: challenge.title,
    description: challenge.description,
    status: challenge.status,
    startedAt: challenge.startedAt,
    endDate: challenge.endDate,
    votingEndsAt: challenge.status === "voting" ? votingDeadline(challenge) : null,
    submissionsCount: challenge.submissionsCount,
    prize: challenge.prize,
  };
}

export const vChallengeDetail = v.object({
  ...vChallengeCard.fields,
  requirements: v.string(),
  prizeDescription: v.union(v.string(), v.null()),
  tags: v.array(v.string()),
  organiser: vPublicAuthor,
  votingStartedAt: v.union(v.number(), v.null()),
  endedAt: v.union(v.number(), v.null()),
  /** Who may vote and whether counts are hidden (defaults filled in), shown before anyone votes. */
  votingRules: vVotingRules,
  /** Whether counts are hidden right now: the entries carry none. */
  countsHidden: v.boolean(),
  /** What the signed-in viewer may do here; null for a visitor. */
  viewer: v.union(
    v.object({
      isOrganiser: v.boolean(),
      /** Their entry, if they entered (one per person). */
      entryId: v.union(v.id("challengeSubmissions"), v.null()),
    }),
    v.null(),
  ),
  /** Why it is out of sight; only the organiser and moderators get a hidden challenge. */
  moderation: vModerationView,
});

export async function viewerEntry(ctx: QueryCtx, challengeId: Id<"challenges">, userId: Id<"users">) {
  return await ctx.db
    .query("challengeSubmissions")
    .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", challengeId).eq("userId", userId))
    .unique();
}

export async function toChallengeDetail(ctx: QueryCtx, challenge: Doc<"challenges">, viewerId: Id<"users"> | null) {
  const entry = viewerId ? await viewerEntry(ctx, challenge._id, viewerId) : null;
  return {
    ...toChallengeCard(challenge),
    requirements: challenge.requirements,
    prizeDescription: challenge.prizeDescription ?? null,
    tags: challenge.tags,
    organiser: await publicAuthor(ctx, challenge.userId),
    votingStartedAt: challenge.votingStartedAt ?? null,
    endedAt: challenge.endedAt ?? null,
    votingRules: votingRulesOf(challenge),
    countsHidden: countsHiddenNow(challenge, Date.now()),
    viewer: viewerId ? { isOrganiser: challenge.userId === viewerId, entryId: entry?._id ?? null } : null,
    moderation: moderationView(challenge),
  };
}

export const vChallengeEntry = v.object({
  _id: v.id("challengeSubmissions"),
  enteredAt: v.number(),
  /** Null while the challenge hides its counts. */
  votesCount: v.union(v.number(), v.null()),
  isWinner: v.boolean(),
  /** 優秀賞 or 特別賞 given with the winner. */
  award: v.union(vAward, v.null()),
  work: vWorkCard,
  /** Whether the signed-in viewer voted for it, and whether it is their own entry. */
  viewerVoted: v.boolean(),
  isOwn: v.boolean(),
});

/** An entry with its work as it is now; null while a deleted work's entry waits for cleanup. */
export async function toChallengeEntry(
  ctx: QueryCtx,
  entry: Doc<"challengeSubmissions">,
  viewerId: Id<"users"> | null,
  hideCounts: boolean,
) {
  const work = await ctx.db.get("projects", entry.projectId);
  if (!work) return null;
  const vote = viewerId
    ? await ctx.db
        .query("challengeVotes")
        .withIndex("by_submissionId_and_userId", (q) => q.eq("submissionId", entry._id).eq("userId", viewerId))
        .unique()
    : null;
  return {
    _id: entry._id,
    enteredAt: entry._creationTime,
    votesCount: hideCounts ? null : entry.votesCount,
    isWinner: entry.isWinner,
    award: entry.award ?? null,
    work: await toWorkCard(ctx, work),
    viewerVoted: vote !== null,
    isOwn: entry.userId === viewerId,
  };
}

/**
 * Entries in the order the page shows them: newest first while open, then by votes. Entries of
 * hidden works are left out by the index.
 */
export function entriesInOrder(ctx: QueryCtx, challenge: Doc<"challenges">) {
  return challenge.status === "active"
    ? ctx.db
        .query("challengeSubmissions")
        .withIndex("by_challengeId_and_hidden", (q) => q.eq("challengeId", challenge._id).eq("hidden", undefined))
        .order("desc")
    : ctx.db
        .query("challengeSubmissions")
        .withIndex("by_challengeId_and_hidden_and_votesCount_and_tieOrder", (q) =>
          q.eq("challengeId", challenge._id).eq("hidden", undefined),
        )
        .order("desc");
}

/** Entries newest first whatever the status: the CSV's order while counts are hidden. */
export function entriesByTime(ctx: QueryCtx, challenge: Doc<"challenges">) {
  return ctx.db
    .query("challengeSubmissions")
    .withIndex("by_challengeId_and_hidden", (q) => q.eq("challengeId", challenge._id).eq("hidden", undefined))
    .order("desc");
}
