// Substring search over Japanese and Latin text with Convex's word-based search index.
//
// Convex's analyzer ("convex_en", Tantivy's SimpleTokenizer) cuts indexed text and queries into
// words at every character that is not a letter or a digit (spaces, punctuation such as ・ or 、,
// symbols, emoji), lower-cases them, and prefix-matches only the last query word. Japanese has no
// spaces, so we cut the text into those same words ourselves and index every overlapping pair of
// characters (bigram) inside each word as a "word" of its own: every stored term is then exactly
// one term of the index, on Convex and in convex-test (which splits on whitespace only) alike. A
// query matches candidates sharing its bigrams, and the caller then keeps only works whose text
// really contains the query (see containsQuery).
//
// Stored text and query are folded the same way first (normalizeForSearch), so that what a
// Japanese reader takes for the same word is the same term: full-width and half-width forms
// (NFKC: ＡＩ is ai, ﾊﾟﾚｯﾄ is パレット), case, and katakana and hiragana (パレット is ぱれっと).

/** A run of what Convex's tokenizer keeps together: Unicode Alphabetic or numeric characters. */
const WORD = /[\p{Alphabetic}\p{N}]+/gu;
/** Katakana with a hiragana counterpart 0x60 below: ァ..ヶ, and the iteration marks ヽ ヾ. */
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;

const toHiragana = (char: string) => String.fromCharCode(char.charCodeAt(0) - 0x60);

/**
 * The folded form search compares: NFKC (full-width Latin and digits to ASCII, half-width kana
 * to full-width), lower case, katakana to hiragana, and runs of whitespace to one space.
 */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(KATAKANA, toHiragana).replace(/\s+/g, " ").trim();
}

/** The words Convex's tokenizer sees in folded text. */
function searchWords(folded: string): string[] {
  return folded.match(WORD) ?? [];
}

/** A word's distinct character bigrams, or the word itself when it is one character. */
function wordBigrams(word: string, out: Set<string>): void {
  const chars = Array.from(word);
  if (chars.length === 1) out.add(chars[0]!);
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
}

/** The distinct character bigrams of a text, each word separately; one-character words alone. */
export function bigrams(text: string): string[] {
  const out = new Set<string>();
  for (const word of searchWords(normalizeForSearch(text))) wordBigrams(word, out);
  return [...out];
}

/**
 * The value stored in `projects.searchText`: the bigrams plus each word's last character alone.
 * A one-character query is searched as a prefix (Convex prefix-matches the last query term), which
 * finds the character at any position followed by another (bigram) or ending a word (last char).
 */
export function searchTextFor(title: string, description: string): string {
  const tokens = new Set<string>();
  for (const word of searchWords(normalizeForSearch(`${title} ${description}`))) {
    wordBigrams(word, tokens);
    tokens.add(Array.from(word).at(-1)!);
  }
  return [...tokens].join(" ");
}

/** Whether a work's title or description contains the query (a substring, both sides folded). */
export function containsQuery(work: { title: string; description: string }, query: string): boolean {
  const needle = normalizeForSearch(query);
  if (!needle) return true;
  return normalizeForSearch(work.title).includes(needle) || normalizeForSearch(work.description).includes(needle);
}
