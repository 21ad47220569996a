// Substring search over Japanese and Latin text with Convex's word-based search index.
// Convex splits indexed text on spaces, and Japanese has none, so we index every overlapping pair
// of characters (bigram) as a "word". A query matches candidates sharing its bigrams, and the
// caller then keeps only works whose text really contains the query (see containsQuery).

/** Lower-cases and folds full-width ASCII and spaces, so ＡＩ matches ai. */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The distinct character bigrams of a text, each word separately; single characters alone. */
export function bigrams(text: string): string[] {
  const out = new Set<string>();
  for (const word of normalizeForSearch(text).split(" ")) {
    const chars = Array.from(word);
    if (chars.length === 1) out.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  }
  out.delete("");
  return [...out];
}

/**
 * The value stored in `projects.searchText`: the bigrams plus each word's last character alone.
 * A one-character query is searched as a prefix (Convex prefix-matches the last query term), which
 * finds the character at any position followed by another (bigram) or ending a word (last char).
 */
export function searchTextFor(title: string, description: string): string {
  const tokens = new Set<string>();
  for (const word of normalizeForSearch(`${title} ${description}`).split(" ")) {
    for (const pair of bigrams(word)) tokens.add(pair);
    const last = Array.from(word).at(-1);
    if (last) tokens.add(last);
  }
  return [...tokens].join(" ");
}

/** Whether a work's title or description contains the query (case-insensitive substring). */
export function containsQuery(work: { title: string; description: string }, query: string): boolean {
  const needle = normalizeForSearch(query);
  if (!needle) return true;
  return normalizeForSearch(work.title).includes(needle) || normalizeForSearch(work.description).includes(needle);
}
