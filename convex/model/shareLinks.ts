// Share links (docs/decisions.md "SEO, share cards, feeds and embeds"): a work is shared as a URL
// on the deployment's HTTP-action site, `{CONVEX_SITE_URL}/share/projects/{id}` (a challenge's
// results as `/share/challenges/{id}/results`), which answers
// crawlers with Open Graph / Twitter card tags and sends people on to the page
// (convex/share.ts). Plain functions, shared with the browser, which builds the links the share
// button copies.

/** The route prefix of a work's share page (an httpRouter `pathPrefix`, so it ends with "/"). */
export const SHARE_PROJECT_PREFIX = "/share/projects/";

/** The path of a work's share page on the HTTP-action site. */
export function shareProjectPath(projectId: string): string {
  return `${SHARE_PROJECT_PREFIX}${encodeURIComponent(projectId)}`;
}

/** The route prefix of a work's cover picture (convex/covers.ts coverImage). */
export const COVER_PREFIX = "/covers/projects/";

/** The path of a work's cover picture on the HTTP-action site. */
export function coverPath(projectId: string): string {
  return `${COVER_PREFIX}${encodeURIComponent(projectId)}`;
}

/** The route prefix of the gallery's first covers (convex/covers.ts galleryCoverImage). */
export const GALLERY_COVER_PREFIX = "/covers/gallery/";

/**
 * How many of the gallery's first cards have a cover by position: its first row at the widest
 * layout (lg:grid-cols-3), all a screen shows before scrolling.
 */
export const GALLERY_COVERS = 3;

/**
 * How long a browser keeps the picture of the gallery's card at a position: the gallery changes
 * with every new work, so only a minute.
 */
export const GALLERY_COVER_MAX_AGE_SECONDS = 60;

/** Where the picture of the gallery's card at `position` (0-based, newest first) is served. */
export function galleryCoverPath(position: number): string {
  return `${GALLERY_COVER_PREFIX}${position}`;
}

/** The route prefix of a challenge's results share page, `/share/challenges/{id}/results`. */
export const SHARE_CHALLENGE_PREFIX = "/share/challenges/";
const RESULTS_SUFFIX = "/results";

/** The path of a challenge's results share page on the HTTP-action site. */
export function shareChallengeResultsPath(challengeId: string): string {
  return `${SHARE_CHALLENGE_PREFIX}${encodeURIComponent(challengeId)}${RESULTS_SUFFIX}`;
}

/** The challenge id of a results share path (a trailing slash allowed), or null for any other path. */
export function challengeIdOfResultsPath(pathname: string): string | null {
  if (!pathname.startsWith(SHARE_CHALLENGE_PREFIX)) return null;
  const rest = pathname.slice(SHARE_CHALLENGE_PREFIX.length).replace(/\/$/, "");
  if (!rest.endsWith(RESULTS_SUFFIX)) return null;
  const id = rest.slice(0, -RESULTS_SUFFIX.length);
  if (id === "" || id.includes("/")) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}

/**
 * Where a Convex Cloud deployment serves HTTP actions: its client URL with `.convex.cloud`
 * replaced by `.convex.site` (https://happy-otter-123.convex.cloud → https://happy-otter-123.convex.site).
 * Null for any other URL (self-hosted or local backends have a separately configured site URL).
 */
export function cloudSiteUrl(convexUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(convexUrl);
  } catch {
    return null;
  }
  if (!url.hostname.endsWith(".convex.cloud")) return null;
  url.hostname = url.hostname.replace(/\.convex\.cloud$/, ".convex.site");
  return url.origin;
}

/**
 * Where a deployment serves HTTP actions, from the web app's build variables: VITE_CONVEX_SITE_URL
 * when set (the offline stack sets it to the embedded backend's site port; a self-hosted backend
 * needs it), otherwise, on Convex Cloud, the `.convex.site` twin of VITE_CONVEX_URL. Null when
 * neither is known.
 */
export function deploymentSiteUrl(env: { VITE_CONVEX_SITE_URL?: string; VITE_CONVEX_URL?: string }): string | null {
  const explicit = env.VITE_CONVEX_SITE_URL?.trim().replace(/\/+$/, "");
  if (explicit) return explicit;
  return env.VITE_CONVEX_URL ? cloudSiteUrl(env.VITE_CONVEX_URL) : null;
}
