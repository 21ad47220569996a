import { describe, expect, test } from "vitest";
import { cleanText, hasBidiControl, sanitizeText, TEXT_MESSAGES, textProblem } from "./cleanText";

const NUL = "\u0000";
const ESC = "\u001B";
const DEL = "\u007F";
const C1 = "\u0085\u009B"; // NEL and CSI
const RLO = "\u202E";
const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
/** "が" written as か + combining voiced mark (NFD), and its NFC form. */
const GA_NFD = "\u304B\u3099";
const GA_NFC = "\u304C";

describe("cleanText: NFC", () => {
  test("decomposed text is stored composed, in both kinds of field", () => {
    expect(cleanText(`${GA_NFD}ぞう`)).toBe(`${GA_NFC}ぞう`);
    expect(cleanText(`${GA_NFD}\n${GA_NFD}`, "multiline")).toBe(`${GA_NFC}\n${GA_NFC}`);
    expect(cleanText("Cafe\u0301")).toBe("Café");
  });

  test("NFC, not NFKC: full-width letters and half-width kana are left as typed", () => {
    expect(cleanText("ＡＢＣ ｶﾞ")).toBe("ＡＢＣ ｶﾞ");
  });
});

describe("cleanText: control characters", () => {
  test("a one-line field drops C0, C1 and DEL", () => {
    expect(cleanText(`a${NUL}b${ESC}[31mc${DEL}d${C1}e\u0007`)).toBe("ab[31mcd e");
  });

  test("a one-line field turns newlines and tabs into a space, then trims", () => {
    expect(cleanText("foo\tbar\nbaz\r\nqux\u2028end")).toBe("foo bar baz qux end");
    expect(cleanText("\n\t タイトル \t\n")).toBe("タイトル");
  });

  test("a multi-line field keeps newlines and tabs, and folds CR LF and CR into LF", () => {
    expect(cleanText("一行目\r\n二行目\r三行目\n\tインデント", "multiline")).toBe("一行目\n二行目\n三行目\n\tインデント");
    expect(cleanText(`a${NUL}b${ESC}c${DEL}d\u009Be\u000Bf\u000Cg`, "multiline")).toBe("abcdefg");
    expect(cleanText("\n\n本文\n\n", "multiline")).toBe("本文");
  });

  test("ordinary text, emoji and the ideographic space inside are untouched", () => {
    expect(cleanText("家計簿アプリ 😀　v2")).toBe("家計簿アプリ 😀　v2");
    expect(cleanText("👨‍👩‍👧 family")).toBe("👨‍👩‍👧 family");
  });

  test("only control characters leave nothing", () => {
    expect(cleanText(`${NUL}${ESC}${DEL}`)).toBe("");
    expect(cleanText(`${NUL}\n${ESC}`, "multiline")).toBe("");
  });
});

describe("bidirectional overrides and isolates", () => {
  test("every one of U+202A–U+202E and U+2066–U+2069 is refused with the Japanese message", () => {
    for (const mark of BIDI) {
      expect(hasBidiControl(`abc${mark}def`)).toBe(true);
      expect(textProblem(cleanText(`abc${mark}def`))).toBe(TEXT_MESSAGES.bidiControl);
      expect(textProblem(cleanText(`abc${mark}def`, "multiline"))).toBe(TEXT_MESSAGES.bidiControl);
    }
    expect(TEXT_MESSAGES.bidiControl).toBe("使用できない文字（文字の向きを変える制御文字）が含まれています");
  });

  test("cleaning keeps them, so the check after cleaning still sees them", () => {
    expect(cleanText(`${RLO}gpj.exe`)).toBe(`${RLO}gpj.exe`);
  });

  test("marks that only hint direction (LRM, RLM) and ordinary text pass", () => {
    expect(textProblem("abc\u200Edef\u200F")).toBeNull();
    expect(textProblem("こんにちは")).toBeNull();
    expect(textProblem("")).toBeNull();
  });

  test("sanitizeText (for names nobody can be asked to fix) drops them instead", () => {
    expect(sanitizeText(`${RLO}山田\u2066花子\u2069${NUL}`)).toBe("山田花子");
    expect(sanitizeText(`${GA_NFD}${ESC}`)).toBe(GA_NFC);
  });
});
