import type { ConvexReactClient } from "convex/react";
import { matchPath } from "react-router-dom";
import { api } from "../../convex/_generated/api";
import { routePatterns } from "@/config/paths";

/**
 * How long a prewarmed result is kept for the page to pick up: its code is still downloading,
 * which on a slow phone takes seconds.
 */
const KEEP_FOR_MS = 20_000;

/**
 * Asks for the first page's main data while that page's code is still downloading, with exactly
 * the arguments the page's own useQuery will use: the page then renders with its data at once
 * instead of sending the query only after its code has arrived (one round trip less before the
 * work's screenshot, the page's largest paint, can load).
 */
export function prewarmFirstPage(convex: ConvexReactClient, pathname: string) {
  const prewarm: Parameters<ConvexReactClient["prewarmQuery"]>[0][] = [];
  const work = matchPath(routePatterns.project, pathname);
  const profile = matchPath(routePatterns.profile, pathname);
  if (matchPath(routePatterns.home, pathname)) {
    prewarm.push({ query: api.home.overview, args: {} }, { query: api.trending.homeWorks, args: {} });
  } else if (work?.params.id) {
    prewarm.push({ query: api.projects.get, args: { id: work.params.id } });
  } else if (profile?.params.id && !matchPath(routePatterns.profileSetup, pathname) && !matchPath(routePatterns.profileEdit, pathname)) {
    prewarm.push({ query: api.users.getProfile, args: { id: profile.params.id } });
  }
  for (const options of prewarm) convex.prewarmQuery({ ...options, extendSubscriptionFor: KEEP_FOR_MS });
}
