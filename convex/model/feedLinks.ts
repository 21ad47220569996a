// Paths of the Atom feeds on the HTTP-action site (convex/feeds.ts serves them; the web app links
// to them from its pages' <head>). Plain functions, shared with the browser.

export const FEED_PREFIX = "/feeds/";

export const feedPaths = {
  works: () => `${FEED_PREFIX}works.xml`,
  user: (handle: string) => `${FEED_PREFIX}users/${encodeURIComponent(handle)}.xml`,
  tag: (tag: string) => `${FEED_PREFIX}tags/${encodeURIComponent(tag)}.xml`,
};
