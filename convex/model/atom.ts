// Atom feeds (RFC 4287) of works (docs/decisions.md "SEO, share cards, feeds and embeds"): the
// newest works, one creator's, one tag's.
import { summarize } from "./cleanText";
import { xmlEscape } from "./xml";

export const FEED_SIZE = 30;
/** The description shown in a feed entry: the first characters, plus an ellipsis when longer. */
export const FEED_SUMMARY_MAX = 200;

export type FeedEntry = { url: string; title: string; summary: string; author: string; published: number; updated: number };
export type Feed = { title: string; selfUrl: string; pageUrl: string; entries: readonly FeedEntry[]; updated: number };

const iso = (ms: number) => new Date(ms).toISOString();

export const summaryOf = (text: string) => summarize(text, FEED_SUMMARY_MAX);

export function renderAtom(feed: Feed): string {
  const entries = feed.entries.map((entry) =>
    [
      "  <entry>",
      `    <title>${xmlEscape(entry.title)}</title>`,
      `    <id>${xmlEscape(entry.url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(entry.url)}"/>`,
      `    <published>${iso(entry.published)}</published>`,
      `    <updated>${iso(entry.updated)}</updated>`,
      `    <author><name>${xmlEscape(entry.author)}</name></author>`,
      `    <summary>${xmlEscape(entry.summary)}</summary>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ja">`,
    `  <title>${xmlEscape(feed.title)}</title>`,
    `  <id>${xmlEscape(feed.selfUrl)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(feed.pageUrl)}"/>`,
    `  <updated>${iso(feed.updated)}</updated>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}
