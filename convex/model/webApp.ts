// The web app's address, for the links HTTP actions print (share pages, the sitemap, feeds).

/** SITE_URL without a trailing slash; throws when unset (the links would go nowhere). */
export function webAppUrl(): string {
  const url = process.env.SITE_URL?.trim().replace(/\/+$/, "");
  if (!url) throw new Error("SITE_URL is not set: links to the web app cannot be made");
  return url;
}

/** Paths of the web app's pages that HTTP actions link to (as src/config/paths.ts builds them). */
export const webPaths = {
  work: (id: string) => `/projects/${encodeURIComponent(id)}`,
  profile: (handle: string) => `/profile/${encodeURIComponent(handle)}`,
  challenge: (id: string) => `/challenges/${encodeURIComponent(id)}`,
  challengeResults: (id: string) => `/challenges/${encodeURIComponent(id)}/results`,
  tag: (tag: string) => `/tags/${encodeURIComponent(tag)}`,
};

/** The id after `prefix` in a path (one segment, an optional trailing slash, decoded), or null. */
export function idAfterPrefix(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/$/, "");
  if (rest === "" || rest.includes("/")) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}
