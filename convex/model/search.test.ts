import { describe, expect, test } from "vitest";
import { bigrams, containsQuery, searchTextFor } from "./search";

describe("search text", () => {
  test("Japanese text without spaces becomes overlapping bigrams", () => {
    expect(bigrams("猫の写真")).toEqual(["猫の", "の写", "写真"]);
  });

  test("case and full-width letters are folded", () => {
    expect(bigrams("ＡＩ Chat")).toEqual(["ai", "ch", "ha", "at"]);
  });

  test("a single character word is kept", () => {
    expect(bigrams("a 猫")).toEqual(["a", "猫"]);
  });

  test("stored text holds both title and description bigrams once, plus each word's last character", () => {
    expect(searchTextFor("家計簿", "家計簿アプリ")).toBe("家計 計簿 簿 簿ア アプ プリ リ");
  });

  test("containsQuery is a case-insensitive substring match over title and description", () => {
    const work = { title: "Todo Manager", description: "毎日のタスクを管理するアプリ" };
    expect(containsQuery(work, "todo")).toBe(true);
    expect(containsQuery(work, "タスクを管理")).toBe(true);
    expect(containsQuery(work, "タスク管理")).toBe(false);
  });
});
