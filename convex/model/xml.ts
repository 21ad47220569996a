// XML text for the sitemap and the Atom feeds: escaping, and dropping the control characters
// XML 1.0 forbids (a title pasted from elsewhere may carry one; the document must still parse).

import { escapeHtml } from "./markup";

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return escapeHtml(text.replace(FORBIDDEN, ""));
}

export function xmlResponse(body: string, status: number, contentType: string, cacheControl: string): Response {
  return new Response(body, { status, headers: { "Content-Type": `${contentType}; charset=utf-8`, "Cache-Control": cacheControl } });
}
