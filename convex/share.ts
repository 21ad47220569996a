// Share links (docs/decisions.md "SEO, share cards, feeds and embeds"): GET /share/projects/{id} on
// the HTTP-action site answers with the work's Open Graph / Twitter card tags for crawlers and
// sends people on to the work page at SITE_URL (the web app); GET /share/challenges/{id}/results
// does the same for a challenge's results once they are out. Routed in convex/http.ts; the page
// itself is model/sharePage.ts.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { httpAction, internalQuery } from "./_generated/server";
import {
  renderNotFoundPage,
  renderShareLinkPage,
  SITE_TAGS,
  renderSharePage,
  resultsShareDescription,
  resultsShareTitle,
} from "./model/sharePage";
import { challengeIdOfResultsPath, SHARE_PROJECT_PREFIX, shareChallengeResultsPath, shareProjectPath } from "./model/shareLinks";
import { AWARD_LABELS } from "./model/judgingRules";
import { resultsCardCurrent, resultsHighlights, resultsPublished } from "./model/resultsHighlights";
import { CHALLENGE_MESSAGES } from "./model/challengeTerms";
import { idAfterPrefix, webAppUrl, webPaths } from "./model/webApp";
import { cardShowsAuthor } from "./model/shareCardAuthor";
import { DELETED_USER_NAME, displayNameOf } from "./model/users";
import { PROJECT_NOT_FOUND_MESSAGE } from "./projects";
import { shownWork } from "./model/visibility";

/**
 * What a share card or an embed card (convex/embeds.ts) shows of a work, or null when the id is
 * malformed or the work is gone or hidden.
 */
export const workPreview = internalQuery({
  args: { id: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      id: v.id("projects"),
      title: v.string(),
      description: v.string(),
      imageUrl: v.union(v.string(), v.null()),
      /** The 1200×630 share card drawn when the work was posted or edited, when it has one. */
      cardImageUrl: v.union(v.string(), v.null()),
      authorName: v.string(),
      authorHandle: v.union(v.string(), v.null()),
      isZeroCode: v.boolean(),
      likesCount: v.number(),
    }),
  ),
  handler: async (ctx, { id }) => {
    const work = await shownWork(ctx, id);
    if (!work) return null;
    const author = await ctx.db.get("users", work.userId);
    const first = work.screenshots[0];
    return {
      id: work._id,
      title: work.title,
      description: work.description,
      // The downscaled thumbnail, never the 5 MB original (crawlers cap image sizes).
      imageUrl: first ? await ctx.storage.getUrl(first.thumbnailStorageId) : null,
      // A card that shows the author's old name or photo is not shown; the thumbnail stands in.
      cardImageUrl: work.shareCardStorageId && cardShowsAuthor(work, author) ? await ctx.storage.getUrl(work.shareCardStorageId) : null,
      authorName: author ? displayNameOf(author) : DELETED_USER_NAME,
      authorHandle: author?.handle ?? null,
      isZeroCode: work.isZeroCode,
      likesCount: work.likesCount,
    };
  },
});

function html(body: string, status: number, cacheControl: string): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl },
  });
}

/** GET (and HEAD) /share/projects/{id}. */
export const projectSharePage = httpAction(async (ctx, request) => {
  const siteUrl = webAppUrl();
  const id = idAfterPrefix(new URL(request.url).pathname, SHARE_PROJECT_PREFIX);
  const work = id === null ? null : await ctx.runQuery(internal.share.workPreview, { id });
  if (!work) return html(renderNotFoundPage({ siteUrl }, PROJECT_NOT_FOUND_MESSAGE), 404, "no-store");
  // An opened link counts in its creator's analytics (a HEAD is a link checker, not a visit).
  if (request.method === "GET") await ctx.runMutation(internal.analytics.recordShareOpen, { projectId: work.id });
  const shareUrl = `${new URL(request.url).origin}${shareProjectPath(work.id)}`;
  const workUrl = `${siteUrl}${webPaths.work(work.id)}`;
  // Crawlers re-read now and then; an edited title shows within minutes.
  return html(renderSharePage(work, { shareUrl, workUrl, siteUrl }), 200, "public, max-age=300");
});

/**
 * What the results' share link shows, or null when the id is malformed, the challenge is gone or
 * hidden, or its results are not out yet (then nothing of the ranking may show).
 */
export const resultsPreview = internalQuery({
  args: { id: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      id: v.id("challenges"),
      title: v.string(),
      description: v.string(),
      /** The results card, else the winning work's own card (while it shows its author as they are). */
      cardImageUrl: v.union(v.string(), v.null()),
      /** The winning work's thumbnail. */
      imageUrl: v.union(v.string(), v.null()),
    }),
  ),
  handler: async (ctx, { id }) => {
    const challengeId = ctx.db.normalizeId("challenges", id);
    const challenge = challengeId ? await ctx.db.get("challenges", challengeId) : null;
    if (!resultsPublished(challenge)) return null;
    const highlights = await resultsHighlights(ctx, challenge);
    const card = resultsCardCurrent(challenge, highlights.winnerCardAuthor)
      ? challenge.resultsCardStorageId!
      : highlights.winnerCardStorageId;
    return {
      id: challenge._id,
      title: resultsShareTitle(challenge.title),
      description: resultsShareDescription({
        challengeTitle: challenge.title,
        submissionsCount: challenge.submissionsCount,
        winner: highlights.winner,
        awards: highlights.awards.map((award) => ({ label: AWARD_LABELS[award.award], title: award.title })),
      }),
      cardImageUrl: card ? await ctx.storage.getUrl(card) : null,
      imageUrl: highlights.winner?.thumbnailUrl ?? null,
    };
  },
});

/** GET (and HEAD) /share/challenges/{id}/results. */
export const resultsSharePage = httpAction(async (ctx, request) => {
  const siteUrl = webAppUrl();
  const id = challengeIdOfResultsPath(new URL(request.url).pathname);
  const results = id === null ? null : await ctx.runQuery(internal.share.resultsPreview, { id });
  if (!results) return html(renderNotFoundPage({ siteUrl }, CHALLENGE_MESSAGES.notFound), 404, "no-store");
  const shareUrl = `${new URL(request.url).origin}${shareChallengeResultsPath(results.id)}`;
  const targetUrl = `${siteUrl}${webPaths.challengeResults(results.id)}`;
  const page = renderShareLinkPage(
    {
      title: results.title,
      description: results.description,
      images: results,
      linkText: (title) => `${title}を${SITE_TAGS.siteName}で見る`,
      oembed: false,
    },
    { shareUrl, targetUrl, siteUrl },
  );
  // A card drawn just after the decision shows within minutes.
  return html(page, 200, "public, max-age=300");
});
