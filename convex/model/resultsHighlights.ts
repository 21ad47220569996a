// What a challenge's results are known by outside the results page: the winner and the awards,
// as the results' share card draws them (challengeResults.highlights, in the organiser's browser)
// and the results' share link describes them (convex/share.ts). Only once the results are out and
// the challenge is shown: before that nothing of the ranking may leave the server.
import { v } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import type { Award } from "./judgingRules";
import { cardAuthorOf, cardShowsAuthor } from "./shareCardAuthor";
import { DELETED_USER_NAME, displayNameOf } from "./users";

/** The awards are looked for among this many top results (the organiser picks them from the top 50). */
const AWARDS_LOOKED_AT = 50;

const vHighlightWork = v.object({
  projectId: v.id("projects"),
  title: v.string(),
  authorName: v.string(),
  /** The first screenshot's thumbnail, or null when the work has none. */
  thumbnailUrl: v.union(v.string(), v.null()),
});

export const vResultsHighlights = v.object({
  challengeId: v.id("challenges"),
  title: v.string(),
  submissionsCount: v.number(),
  /** Null when the winning work was deleted or hidden since. */
  winner: v.union(vHighlightWork, v.null()),
  awards: v.array(v.object({ award: v.union(v.literal("excellence"), v.literal("special")), title: v.string(), authorName: v.string() })),
});

type HighlightWork = typeof vHighlightWork.type;

/** Whether the challenge's results are out and may be shown to anyone. */
export function resultsPublished(challenge: Doc<"challenges"> | null): challenge is Doc<"challenges"> {
  return challenge !== null && challenge.hidden !== true && challenge.status === "ended";
}

/** An entry's work as the highlights show it, with its author; null when gone or hidden. */
async function entryWork(ctx: QueryCtx, submissionId: Id<"challengeSubmissions"> | undefined) {
  const entry = submissionId ? await ctx.db.get("challengeSubmissions", submissionId) : null;
  if (!entry || entry.hidden) return null;
  const work = await ctx.db.get("projects", entry.projectId);
  if (!work || work.hidden === true) return null;
  const author = await ctx.db.get("users", work.userId);
  return { entry, work, author, authorName: author ? displayNameOf(author) : DELETED_USER_NAME };
}

/** The winner and awards of a published challenge (see `resultsPublished`). */
export async function resultsHighlights(ctx: QueryCtx, challenge: Doc<"challenges">) {
  const winner = await entryWork(ctx, challenge.winnerSubmissionId);
  const top = await ctx.db
    .query("challengeResults")
    .withIndex("by_challengeId_and_rank", (q) => q.eq("challengeId", challenge._id))
    .take(AWARDS_LOOKED_AT);
  const awards: Array<{ award: Award; title: string; authorName: string }> = [];
  for (const row of top) {
    const awarded = await entryWork(ctx, row.submissionId);
    if (awarded?.entry.award) awards.push({ award: awarded.entry.award, title: awarded.work.title, authorName: awarded.authorName });
  }
  // 優秀賞 before 特別賞, whatever their ranks.
  awards.sort((a, b) => (a.award === b.award ? 0 : a.award === "excellence" ? -1 : 1));
  const first = winner?.work.screenshots[0];
  const winnerWork: HighlightWork | null = winner
    ? {
        projectId: winner.work._id,
        title: winner.work.title,
        authorName: winner.authorName,
        thumbnailUrl: first ? await ctx.storage.getUrl(first.thumbnailStorageId) : null,
      }
    : null;
  return {
    challengeId: challenge._id,
    title: challenge.title,
    submissionsCount: challenge.submissionsCount,
    winner: winnerWork,
    awards,
    /** For the share link: the winning work's own card while it shows its author as they are. */
    winnerCardStorageId:
      winner?.work.shareCardStorageId && cardShowsAuthor(winner.work, winner.author) ? winner.work.shareCardStorageId : null,
    /** Whom a results card drawn now shows as the winner (model/shareCardAuthor.ts). */
    winnerCardAuthor: winner?.author ? cardAuthorOf(winner.author) : undefined,
  };
}

/** Whether the challenge's results card still shows its winner as they are now. */
export function resultsCardCurrent(challenge: Doc<"challenges">, winnerCardAuthor: string | undefined): boolean {
  return challenge.resultsCardStorageId !== undefined && winnerCardAuthor !== undefined && challenge.resultsCardWinner === winnerCardAuthor;
}
