import { paths } from "@/config/paths";
import { deploymentSiteUrl, shareChallengeResultsPath, shareProjectPath } from "../../convex/model/shareLinks";

type Env = { VITE_CONVEX_SITE_URL?: string; VITE_CONVEX_URL?: string };

/** Where the deployment serves HTTP actions (convex/model/shareLinks.ts deploymentSiteUrl). */
export function convexSiteUrl(env: Env = import.meta.env as Env): string | null {
  return deploymentSiteUrl(env);
}

/**
 * The link a work is shared with: its share page on the HTTP-action site, which gives X, LINE or
 * Slack a card with the title, description and thumbnail and sends people on to the work page
 * (convex/share.ts). Without a known site URL, the work page itself.
 */
export function workShareUrl(projectId: string, siteUrl: string | null = convexSiteUrl()): string {
  if (siteUrl) return siteUrl + shareProjectPath(projectId);
  return new URL(paths.project(projectId), window.location.origin).href;
}

/**
 * The link a challenge's results are shared with: their share page (the results card, the winner
 * and awards), then the results page. Without a known site URL, the results page itself.
 */
export function challengeResultsShareUrl(challengeId: string, siteUrl: string | null = convexSiteUrl()): string {
  if (siteUrl) return siteUrl + shareChallengeResultsPath(challengeId);
  return new URL(paths.challengeResults(challengeId), window.location.origin).href;
}
