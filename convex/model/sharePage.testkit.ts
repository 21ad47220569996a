// Reading the tags of a share page (model/sharePage.ts) in tests, as a crawler would.
import { expect } from "vitest";

/** Undoes escapeHtml, as a crawler reading an attribute does. */
export const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The (unescaped) content of every <meta name|property="key">, in order. */
export function metas(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"\\s*\\/?>`, "g");
  return [...html.matchAll(pattern)].map((m) => unescapeHtml(m[1]!));
}

/** The content of the one <meta> of `key` (undefined when absent); fails when there are several. */
export function meta(html: string, key: string): string | undefined {
  const all = metas(html, key);
  expect(all.length, key).toBeLessThanOrEqual(1);
  return all[0];
}
