// The one rule for text people type (docs/decisions.md "Text"), shared by the server's
// checks (workRules, profileRules, challengeRules, comments) and the forms in the browser. Plain
// functions only: no server imports, so the frontend imports this file as it is.
//
// The rule:
// - Every field is NFC-normalised (a "が" typed as か + U+3099 is stored as U+304C).
// - Control characters (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F) are removed without a
//   word: they are invisible and usually pasted by accident. Multi-line fields keep newlines
//   ("\r\n" and "\r" become "\n") and tabs; in one-line fields a newline, tab or other line
//   separator becomes a space, so "foo<TAB>bar" does not turn into "foobar".
// - Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) are refused with
//   TEXT_MESSAGES.bidiControl: they are invisible yet change how the text around them displays
//   (a file name or link can be made to read backwards), so the person should know.
// - Surrounding whitespace is trimmed.

export const TEXT_MESSAGES = {
  bidiControl: "使用できない文字（文字の向きを変える制御文字）が含まれています",
} as const;

export type TextKind = "line" | "multiline";

/** Bidirectional embeddings/overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
const BIDI_CONTROLS_ALL = /[\u202A-\u202E\u2066-\u2069]/gu;
/** Line and paragraph breaks a one-line field turns into a space (incl. NEL, LS, PS). */
const LINE_SPACES = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/gu;
/** Every C0 and C1 control character and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS_ALL = /[\u0000-\u001F\u007F-\u009F]/gu;
/** The same, except newline and tab (multi-line fields keep those). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS_BUT_NEWLINE_TAB = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;

/**
 * The stored form of what was typed: NFC, control characters removed (see the rule above),
 * trimmed. Bidirectional controls are kept here so `textProblem` can refuse them.
 */
export function cleanText(text: string, kind: TextKind = "line"): string {
  const nfc = text.normalize("NFC");
  const cleaned =
    kind === "multiline"
      ? nfc
          .replace(/\r\n?/gu, "\n")
          .replace(/[\u2028\u2029]/gu, "\n")
          .replace(CONTROLS_BUT_NEWLINE_TAB, "")
      : nfc.replace(LINE_SPACES, " ").replace(CONTROLS_ALL, "");
  return cleaned.trim();
}

/** Whether the text holds a bidirectional override or isolate. */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/** The message for text the rule refuses, or null when it is acceptable (after cleaning). */
export function textProblem(text: string): string | null {
  return hasBidiControl(text) ? TEXT_MESSAGES.bidiControl : null;
}

/**
 * For text nobody can be asked to fix (a name Google hands over at sign-in): cleaned, with the
 * bidirectional controls removed rather than refused.
 */
export function sanitizeText(text: string, kind: TextKind = "line"): string {
  return cleanText(text.replace(BIDI_CONTROLS_ALL, ""), kind);
}

/** Whitespace (newlines included) collapsed to single spaces, cut to `max` characters with "…". */
export function summarize(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}
