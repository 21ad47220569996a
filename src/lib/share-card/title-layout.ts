// Line breaking for text drawn on a canvas (the share card), which breaks nothing by itself.
// Japanese may break between any two characters, except where kinsoku shori (禁則処理) forbids:
// no line starts with closing brackets, punctuation, small kana or the long vowel mark, and none
// ends with an opening bracket. Latin words (runs of non-CJK characters) stay whole unless one is
// wider than the line. The width of text comes from an injected `measure` (the canvas's
// measureText in the browser, a fake in tests), so everything here is pure.

/** The width of `text` as it will be drawn. */
export type Measure = (text: string) => number;

export const ELLIPSIS = "…";

/** 行頭禁則: what may not begin a line. */
const NO_LINE_START = new Set(
  Array.from(
    "、。，．,.)）]］}｝」』】〉》〕〙〗〟’”｠»・：；:;？！?!‼⁇⁈⁉" +
      "ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻ゝゞヽヾ゠〜～…‥%％",
  ),
);
/** 行末禁則: what may not end a line. */
const NO_LINE_END = new Set(Array.from("(（[［{｛「『【〈《〔〘〖〝‘“｟«"));
/** Dropped before an ellipsis: it would dangle ("作った。…", "「…"). */
const NOT_BEFORE_ELLIPSIS = new Set([...NO_LINE_END, ..."、。，．,."]);

/**
 * Characters a line may break before and after: CJK ideographs, kana, CJK and full-width
 * punctuation and forms, and pictographs (emoji). Everything else is part of a word.
 */
const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3ffff}]|\p{Extended_Pictographic}/u;
const SPACE = /^\s+$/u;

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("ja", { granularity: "grapheme" }) : null;

/** User-perceived characters: an emoji with its modifiers, or a letter with its marks, is one. */
export function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
}

/** Whether a line may break between two adjacent characters (neither of them a space). */
function mayBreakBetween(before: string, after: string): boolean {
  if (NO_LINE_START.has(after) || NO_LINE_END.has(before)) return false;
  // Two characters of a Latin word (or number) stay together.
  return WIDE.test(before) || WIDE.test(after);
}

type Piece = { text: string; space: boolean };

/** The text cut at every break opportunity: unbreakable pieces and the spaces between them. */
function pieces(text: string): Piece[] {
  const result: Piece[] = [];
  let previous: string | null = null;
  for (const char of graphemes(text)) {
    const space = SPACE.test(char);
    const last = result.at(-1);
    const joins = last !== undefined && previous !== null && last.space === space && (space || !mayBreakBetween(previous, char));
    if (joins) last.text += char;
    else result.push({ text: char, space });
    previous = char;
  }
  return result;
}

/** Full-width opening brackets, whose left half is blank. */
const FULL_WIDTH_OPENING = new Set(Array.from("（［｛「『【〈《〔〘〖〝｟"));

/**
 * How far (in em) to pull a line left: half a character when it starts with a full-width opening
 * bracket (行頭の始め括弧は二分), so the ink of every line starts at the same edge.
 */
export function hangingIndent(line: string): number {
  return FULL_WIDTH_OPENING.has(graphemes(line)[0] ?? "") ? 0.5 : 0;
}

/** Collapses runs of whitespace (line breaks included) to one space and trims the ends. */
export function collapseSpaces(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

/** Greedy line breaking at the allowed places; every line fits `maxWidth` where possible. */
export function breakLines(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = "";
  const push = () => {
    const trimmed = line.trimEnd();
    if (trimmed) lines.push(trimmed);
    line = "";
  };
  for (const piece of pieces(collapseSpaces(text))) {
    if (piece.space) {
      if (line) line += " ";
      continue;
    }
    if (measure(line + piece.text) <= maxWidth) {
      line += piece.text;
      continue;
    }
    push();
    if (measure(piece.text) <= maxWidth) {
      line = piece.text;
      continue;
    }
    // A piece wider than a whole line (a long URL or word): cut between characters, the last resort.
    for (const char of graphemes(piece.text)) {
      if (line && measure(line + char) > maxWidth) push();
      line += char;
    }
  }
  push();
  return lines;
}

/** The line cut so that it and an ellipsis fit `maxWidth`, with nothing left dangling before it. */
export function withEllipsis(line: string, maxWidth: number, measure: Measure): string {
  const chars = graphemes(line);
  while (chars.length > 0 && measure(chars.join("") + ELLIPSIS) > maxWidth) chars.pop();
  while (chars.length > 0 && (SPACE.test(chars.at(-1)!) || NOT_BEFORE_ELLIPSIS.has(chars.at(-1)!))) chars.pop();
  return chars.join("") + ELLIPSIS;
}

/** One line of text as it is when it fits, else cut with an ellipsis (a name, say). */
export function fitLine(text: string, maxWidth: number, measure: Measure): string {
  const line = collapseSpaces(text);
  return measure(line) <= maxWidth ? line : withEllipsis(line, maxWidth, measure);
}

/** At most `maxLines` lines; when the text needs more, the last one ends with an ellipsis. */
export function clampLines(text: string, maxWidth: number, maxLines: number, measure: Measure): { lines: string[]; truncated: boolean } {
  const lines = breakLines(text, maxWidth, measure);
  if (lines.length <= maxLines) return { lines, truncated: false };
  const kept = lines.slice(0, Math.max(0, maxLines - 1));
  if (maxLines > 0) kept.push(withEllipsis(lines[maxLines - 1]!, maxWidth, measure));
  return { lines: kept, truncated: true };
}

/**
 * The same number of lines as greedy breaking needs, but as even as they can be (what CSS calls
 * `text-wrap: balance`, which the site's headings use): the narrowest width that needs no more
 * lines. A title never ends with one lonely character on its last line.
 */
export function balanceLines(text: string, maxWidth: number, measure: Measure): string[] {
  const greedy = breakLines(text, maxWidth, measure);
  if (greedy.length < 2) return greedy;
  let tooNarrow = 0;
  let enough = maxWidth;
  while (enough - tooNarrow > 1) {
    const width = Math.floor((tooNarrow + enough) / 2);
    if (breakLines(text, width, measure).length <= greedy.length) enough = width;
    else tooNarrow = width;
  }
  return breakLines(text, enough, measure);
}

export type TitleSize = { fontSize: number; maxLines: number };

/**
 * The title at the largest size (tried in the order given) at which it fits its line count,
 * balanced; when it fits none, at the last size, cut with an ellipsis.
 */
export function fitTitle(
  text: string,
  maxWidth: number,
  sizes: readonly TitleSize[],
  measureAt: (fontSize: number) => Measure,
): { fontSize: number; lines: string[]; truncated: boolean } {
  const last = sizes.at(-1);
  if (!last) throw new Error("fitTitle: no sizes");
  for (const { fontSize, maxLines } of sizes) {
    const measure = measureAt(fontSize);
    if (breakLines(text, maxWidth, measure).length <= maxLines) {
      return { fontSize, lines: balanceLines(text, maxWidth, measure), truncated: false };
    }
  }
  return { fontSize: last.fontSize, ...clampLines(text, maxWidth, last.maxLines, measureAt(last.fontSize)) };
}
