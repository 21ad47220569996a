import { describe, expect, test } from "vitest";
import { tokenize } from "../../local-backend/src/store/search/tokenizer";
import { bigrams, containsQuery, normalizeForSearch, searchTextFor } from "./search";

describe("folding (normalizeForSearch)", () => {
  test("katakana becomes hiragana, so パレット and ぱれっと are the same word", () => {
    expect(normalizeForSearch("今日のパレット")).toBe("今日のぱれっと");
    expect(normalizeForSearch("ヴァイオリン・カフェ")).toBe("ゔぁいおりん・かふぇ");
    expect(normalizeForSearch("ヵヶヽヾ")).toBe("ゕゖゝゞ");
    // The prolonged sound mark, kanji and hiragana stay as they are.
    expect(normalizeForSearch("ローマ字のれんしゅう")).toBe("ろーま字のれんしゅう");
  });

  test("half-width katakana (NFKC) becomes full-width, then hiragana", () => {
    expect(normalizeForSearch("ﾊﾟﾚｯﾄ")).toBe("ぱれっと");
    expect(normalizeForSearch("ｶﾞｰﾃﾞﾝ")).toBe("がーでん");
  });

  test("full-width Latin, digits and spaces fold to ASCII (NFKC), and case is ignored", () => {
    expect(normalizeForSearch("ＡＩ")).toBe("ai");
    expect(normalizeForSearch("Ｃｈａｔ　ＧＰＴ４")).toBe("chat gpt4");
    expect(normalizeForSearch("AI")).toBe(normalizeForSearch("ａｉ"));
  });

  test("whitespace runs become one space and the ends are trimmed", () => {
    expect(normalizeForSearch("  猫\t\n カフェ  ")).toBe("猫 かふぇ");
  });

  test("folding twice changes nothing", () => {
    for (const text of ["今日のパレット", "ﾊﾟﾚｯﾄ ＡＩ", "Vibe Coding・ゲーム"]) {
      expect(normalizeForSearch(normalizeForSearch(text))).toBe(normalizeForSearch(text));
    }
  });
});

describe("search text", () => {
  test("Japanese text without spaces becomes overlapping bigrams", () => {
    expect(bigrams("猫の写真")).toEqual(["猫の", "の写", "写真"]);
  });

  test("case, full-width letters and katakana are folded", () => {
    expect(bigrams("ＡＩ Chat")).toEqual(["ai", "ch", "ha", "at"]);
    expect(bigrams("パレット")).toEqual(bigrams("ぱれっと"));
    expect(bigrams("ﾊﾟﾚｯﾄ")).toEqual(["ぱれ", "れっ", "っと"]);
  });

  test("a single character word is kept", () => {
    expect(bigrams("a 猫")).toEqual(["a", "猫"]);
  });

  test("punctuation and symbols split words, as Convex's tokenizer does", () => {
    expect(bigrams("ネオン・ブロック")).toEqual(["ねお", "おん", "ぶろ", "ろっ", "っく"]);
    expect(bigrams("Next.js、React!")).toEqual(["ne", "ex", "xt", "js", "re", "ea", "ac", "ct"]);
    expect(bigrams("!!・、")).toEqual([]);
  });

  test("stored text holds both title and description bigrams once, plus each word's last character", () => {
    expect(searchTextFor("家計簿", "家計簿アプリ")).toBe("家計 計簿 簿 簿あ あぷ ぷり り");
  });

  test("stored text and queries fold the same way", () => {
    const stored = searchTextFor("今日のパレット", "配色をＡＩが提案");
    for (const query of ["ぱれっと", "パレット", "ﾊﾟﾚｯﾄ", "ＡＩ", "ai"]) {
      for (const term of bigrams(query)) expect(stored.split(" ")).toContain(term);
    }
  });

  test("every stored term and query term is one whole term of Convex's tokenizer", () => {
    const text = "ネオン・ブロック崩し（Vibe版）— AI×ゲーム🎮 「今日のパレット」 v2.0";
    const stored = searchTextFor(text, text).split(" ");
    expect(tokenize(stored.join(" "))).toEqual(stored);
    const terms = bigrams(text);
    expect(tokenize(terms.join(" "))).toEqual(terms);
  });

  test("containsQuery is a case-insensitive substring match over title and description", () => {
    const work = { title: "Todo Manager", description: "毎日のタスクを管理するアプリ" };
    expect(containsQuery(work, "todo")).toBe(true);
    expect(containsQuery(work, "タスクを管理")).toBe(true);
    expect(containsQuery(work, "タスク管理")).toBe(false);
  });

  test("containsQuery folds kana and width on both sides", () => {
    const work = { title: "今日のパレット", description: "ＡＩが配色を提案します" };
    expect(containsQuery(work, "ぱれっと")).toBe(true);
    expect(containsQuery(work, "ﾊﾟﾚｯﾄ")).toBe(true);
    expect(containsQuery(work, "ai")).toBe(true);
    expect(containsQuery(work, "ＡＩ")).toBe(true);
    expect(containsQuery(work, "ぱれっど")).toBe(false);
  });
});
