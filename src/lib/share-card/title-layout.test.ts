import { describe, expect, it } from "vitest";
import {
  balanceLines,
  breakLines,
  clampLines,
  fitLine,
  fitTitle,
  graphemes,
  hangingIndent,
  withEllipsis,
  type Measure,
} from "./title-layout";

/** Monospace: every character (grapheme) is 1 wide, so widths read as character counts. */
const mono: Measure = (text) => graphemes(text).length;
/** Like a proportional font: Latin letters and spaces half as wide as Japanese. */
const proportional: Measure = (text) => graphemes(text).reduce((sum, char) => sum + (/[\x20-\x7e]/.test(char) ? 0.5 : 1), 0);

const NO_START = Array.from("、。，．）」』】〉》？！ーぁぃぅぇぉっゃゅょァィゥェォッャュョ…");
const NO_END = Array.from("（「『【〈《");

describe("breakLines", () => {
  it("breaks Japanese between any two characters", () => {
    expect(breakLines("あいうえおかきくけこ", 4, mono)).toEqual(["あいうえ", "おかきく", "けこ"]);
  });

  it("never starts a line with punctuation, a closing bracket, a small kana or ー", () => {
    expect(breakLines("あいう。えお", 3, mono)).toEqual(["あい", "う。え", "お"]);
    expect(breakLines("あいうえ」お", 4, mono)).toEqual(["あいう", "え」お"]);
    expect(breakLines("きょうはちょっと", 3, mono)).toEqual(["きょう", "は", "ちょっ", "と"]);
    expect(breakLines("アイスコーヒー", 4, mono)).toEqual(["アイス", "コーヒー"]);
    expect(breakLines("そうなの？！ほんと", 5, mono)).toEqual(["そうな", "の？！ほん", "と"]);
  });

  it("never ends a line with an opening bracket", () => {
    expect(breakLines("あい「うえ」お", 3, mono)).toEqual(["あい", "「う", "え」お"]);
    expect(breakLines("ああ（かっこ）", 3, mono)).toEqual(["ああ", "（かっ", "こ）"]);
  });

  it("holds on any text: no line starts or ends with a forbidden character", () => {
    const title = "「ゼロコード」で作った、ちょっと便利なToDoアプリ（β版）！みんなで使ってね。";
    for (let width = 3; width <= 20; width++) {
      const lines = breakLines(title, width, mono);
      expect(lines.join("")).toBe(title);
      for (const line of lines.slice(1)) expect(NO_START, `${width}: ${line}`).not.toContain(Array.from(line)[0]);
      for (const line of lines.slice(0, -1)) expect(NO_END, `${width}: ${line}`).not.toContain(Array.from(line).at(-1));
    }
  });

  it("keeps Latin words whole, breaking at spaces or next to Japanese", () => {
    expect(breakLines("Hello World Wide Web", 11, mono)).toEqual(["Hello World", "Wide Web"]);
    expect(breakLines("Claudeと作ったTodoアプリ", 7, mono)).toEqual(["Claudeと", "作ったTodo", "アプリ"]);
    expect(breakLines("Next.js 15とReact 19で", 8, proportional)).toEqual(["Next.js 15と", "React 19で"]);
  });

  it("cuts a word wider than the line between characters, as the last resort", () => {
    expect(breakLines("Supercalifragilistic", 8, mono)).toEqual(["Supercal", "ifragili", "stic"]);
    expect(breakLines("見てね https://example.com/very/long", 10, mono)).toEqual(["見てね", "https://ex", "ample.com/", "very/long"]);
  });

  it("collapses whitespace and drops it at the line ends", () => {
    expect(breakLines("  AI   tools\n\nrock  ", 8, mono)).toEqual(["AI tools", "rock"]);
    expect(breakLines("   ", 8, mono)).toEqual([]);
  });

  it("keeps an emoji with its modifiers as one character", () => {
    expect(breakLines("家族👨‍👩‍👧で遊ぶ", 3, mono)).toEqual(["家族👨‍👩‍👧", "で遊ぶ"]);
  });
});

describe("clampLines and withEllipsis", () => {
  it("keeps text that fits as it is", () => {
    expect(clampLines("あいうえお", 5, 2, mono)).toEqual({ lines: ["あいうえお"], truncated: false });
  });

  it("ends the last allowed line with an ellipsis that fits", () => {
    expect(clampLines("あいうえおかきくけこさしすせそ", 5, 2, mono)).toEqual({ lines: ["あいうえお", "かきくけ…"], truncated: true });
    expect(clampLines("Hello World Wide Web", 11, 1, mono)).toEqual({ lines: ["Hello Worl…"], truncated: true });
  });

  it("fitLine keeps one line that fits and cuts one that does not", () => {
    expect(fitLine(" 山田  花子 ", 5, mono)).toBe("山田 花子");
    expect(fitLine("とても長い名前のクリエイター", 8, mono)).toBe("とても長い名前…");
  });

  it("leaves no space, opening bracket or 、。 dangling before the ellipsis", () => {
    expect(withEllipsis("ああ「うう", 4, mono)).toBe("ああ…");
    expect(withEllipsis("作った。すごい", 5, mono)).toBe("作った…");
    expect(withEllipsis("AI tools", 4, mono)).toBe("AI…");
  });
});

describe("balanceLines", () => {
  it("evens out the lines instead of leaving one character alone", () => {
    expect(breakLines("あいうえおかきくけこさ", 10, mono)).toEqual(["あいうえおかきくけこ", "さ"]);
    expect(balanceLines("あいうえおかきくけこさ", 10, mono)).toEqual(["あいうえおか", "きくけこさ"]);
  });

  it("keeps one line as it is, and never needs more lines than greedy breaking", () => {
    expect(balanceLines("あいう", 10, mono)).toEqual(["あいう"]);
    const title = "Claudeと一緒に作った、毎日の水やりを記録するアプリ";
    for (let width = 6; width <= 30; width++) {
      expect(balanceLines(title, width, mono).length).toBe(breakLines(title, width, mono).length);
    }
  });
});

describe("fitTitle", () => {
  const sizes = [
    { fontSize: 60, maxLines: 2 },
    { fontSize: 50, maxLines: 3 },
  ];
  /** A font whose characters are as wide as its size. */
  const measureAt =
    (fontSize: number): Measure =>
    (text) =>
      graphemes(text).length * fontSize;

  it("takes the largest size at which the title fits, balanced", () => {
    expect(fitTitle("今日のパレット", 600, sizes, measureAt)).toEqual({ fontSize: 60, lines: ["今日のパレット"], truncated: false });
    expect(fitTitle("あいうえおかきくけこさしすせ", 600, sizes, measureAt)).toEqual({
      fontSize: 60,
      lines: ["あいうえおかき", "くけこさしすせ"],
      truncated: false,
    });
    expect(fitTitle("あ".repeat(25), 600, sizes, measureAt)).toMatchObject({ fontSize: 50, truncated: false });
  });

  it("cuts a title too long for every size at the last one, with an ellipsis", () => {
    const fitted = fitTitle("あ".repeat(100), 600, sizes, measureAt);
    expect(fitted).toMatchObject({ fontSize: 50, truncated: true });
    expect(fitted.lines).toHaveLength(3);
    expect(fitted.lines[2]).toBe(`${"あ".repeat(11)}…`);
  });
});

describe("hangingIndent", () => {
  it("pulls a line that opens with a full-width bracket half a character left", () => {
    expect(hangingIndent("「ゼロコード」で作った")).toBe(0.5);
    expect(hangingIndent("（β版）")).toBe(0.5);
    expect(hangingIndent("ゼロコード")).toBe(0);
    expect(hangingIndent("(beta)")).toBe(0);
    expect(hangingIndent("")).toBe(0);
  });
});
