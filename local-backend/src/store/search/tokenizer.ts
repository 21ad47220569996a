// Convex's "convex_en" text analyzer (crates/search/src/constants.rs): Tantivy's SimpleTokenizer,
// then RemoveLongFilter::limit(32), then LowerCaser. The same analyzer splits documents and
// search queries.

/** Tokens of 32 UTF-8 bytes or more are dropped (MAX_TEXT_TERM_LENGTH; Tantivy keeps `len < limit`). */
export const MAX_TEXT_TERM_BYTES = 32;

// SimpleTokenizer: a token is a maximal run of chars for which Rust's `char::is_alphanumeric`
// holds, i.e. Unicode Alphabetic or a numeric category (Nd, Nl, No). Everything else splits.
const TOKEN_RUN = /[\p{Alphabetic}\p{N}]+/gu;
const ASCII_ONLY = /^\p{ASCII}*$/u;

function utf8Length(text: string): number {
  return ASCII_ONLY.test(text) ? text.length : Buffer.byteLength(text, "utf8");
}

/**
 * Tantivy's LowerCaser: ASCII tokens are lower-cased byte by byte; others char by char with
 * `char::to_lowercase`, which has no final-sigma rule (so "ΑΣ" becomes "ασ", unlike JS's "ας").
 */
function lowerCase(token: string): string {
  if (ASCII_ONLY.test(token)) return token.toLowerCase();
  let out = "";
  for (const char of token) out += char.toLowerCase();
  return out;
}

/** Split text into search terms exactly as Convex indexes and queries it. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(TOKEN_RUN)) {
    const token = match[0];
    // The length filter runs before lower-casing, on the original token's bytes.
    if (utf8Length(token) < MAX_TEXT_TERM_BYTES) tokens.push(lowerCase(token));
  }
  return tokens;
}

/** Tantivy orders terms by their UTF-8 bytes, which is code point order (not UTF-16 order). */
export function compareTerms(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
