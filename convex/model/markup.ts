// Escaping for the markup the HTTP actions print (share pages, embed cards, feeds, the sitemap)
// and the embed code the browser builds. Plain functions, shared with the browser.

/** Escapes text for HTML or XML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
