// Links users give (demo, video, repository, website, GitHub, Twitter): only http: and https:
// (docs/decisions.md "Text"). Plain function, shared with the browser.

/**
 * Whether the text is an http(s) URL written out in full, with a host. The URL parser alone is
 * lenient ("https:example.com" parses), and such a link would point somewhere else on our site.
 */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/[^/\\?#\s]/i.test(text)) return false;
  try {
    const parsed = new URL(text);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}
