import { describe, expect, test } from "vitest";
import { GENRE_IDS } from "../constants";
import {
  firstWorkError,
  normalizeWork,
  screenshotCountProblem,
  validateBasicInfo,
  validateTechInfo,
  validateWork,
  WORK_MESSAGES,
  type WorkFormInput,
} from "./workRules";

const valid: WorkFormInput = {
  title: "家計簿アプリ",
  description: "毎日の支出を記録します",
  vibeDescription: "気軽に続けられる家計簿",
  genre: "tool",
  demoUrl: "https://example.com/demo",
  demoVideoUrl: "",
  repositoryUrl: "",
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
  isZeroCode: false,
};

const basic = (input: Partial<WorkFormInput>) => validateBasicInfo({ ...valid, ...input });
const tech = (input: Partial<WorkFormInput>) => validateTechInfo({ ...valid, ...input });

describe("step 1: basic information", () => {
  test("a valid work has no problem", () => {
    expect(validateBasicInfo(valid)).toEqual({});
    expect(basic({ demoVideoUrl: "https://youtu.be/x", repositoryUrl: "http://github.com/x/y" })).toEqual({});
  });

  test("every required field, blank or only spaces, with the product's message", () => {
    expect(basic({ title: "", description: "", vibeDescription: "", genre: "", demoUrl: "" })).toEqual({
      title: "タイトルは必須です",
      description: "説明は必須です",
      vibeDescription: "Vibeの説明は必須です",
      genre: "ジャンルを選択してください",
      demoUrl: "デモURLは必須です",
    });
    expect(basic({ title: "   ", description: "\n\t", vibeDescription: "　", demoUrl: "  " })).toEqual({
      title: "タイトルは必須です",
      description: "説明は必須です",
      vibeDescription: "Vibeの説明は必須です",
      demoUrl: "デモURLは必須です",
    });
  });

  test("length limits count characters as a person does (kanji and emoji are one each)", () => {
    expect(basic({ title: "題".repeat(100) })).toEqual({});
    expect(basic({ title: "😀".repeat(100) })).toEqual({});
    expect(basic({ title: ` ${"題".repeat(100)} ` })).toEqual({});
    expect(basic({ title: "題".repeat(101) })).toEqual({ title: "タイトルは100文字以内で入力してください" });
    expect(basic({ description: "説".repeat(2000) })).toEqual({});
    expect(basic({ description: "説".repeat(2001) })).toEqual({ description: "説明は2000文字以内で入力してください" });
    expect(basic({ vibeDescription: "雰".repeat(2000) })).toEqual({});
    expect(basic({ vibeDescription: "雰".repeat(2001) })).toEqual({
      vibeDescription: "Vibeの説明は2000文字以内で入力してください",
    });
  });

  test("the genre must be one of the submit genres", () => {
    for (const genre of GENRE_IDS) expect(basic({ genre })).toEqual({});
    // "all" and the old "web" alias are gallery filter values, not genres a work can have.
    for (const genre of ["", "all", "web", "cooking", "Game", " game"]) {
      expect(basic({ genre })).toEqual({ genre: "ジャンルを選択してください" });
    }
  });

  test("links: http(s) with a host only; demo URL required, the others optional", () => {
    for (const url of ["https://example.com", "http://example.com/path?q=1#x", " https://example.com ", "https://例え.jp/"]) {
      expect(basic({ demoUrl: url, demoVideoUrl: url, repositoryUrl: url })).toEqual({});
    }
    const bad = [
      "javascript:alert(1)",
      "ftp://example.com/file",
      "example.com",
      "www.example.com",
      "https://",
      "mailto:a@example.com",
      "data:text/html,hi",
      "file:///etc/passwd",
      "//example.com",
      "https//example.com",
      // The URL parser accepts these, but as links they would lead elsewhere on our own site.
      "https:example.com",
      "http:/example.com",
      "http:///path",
    ];
    for (const url of bad) {
      expect(basic({ demoUrl: url, demoVideoUrl: url, repositoryUrl: url })).toEqual({
        demoUrl: "正しいURL形式で入力してください",
        demoVideoUrl: "正しいURL形式で入力してください",
        repositoryUrl: "正しいURL形式で入力してください",
      });
    }
    const long = `https://example.com/${"a".repeat(500 - "https://example.com/".length)}`;
    expect(basic({ demoUrl: long })).toEqual({});
    expect(basic({ demoUrl: `${long}a`, repositoryUrl: `${long}a` })).toEqual({
      demoUrl: "URLは500文字以内で入力してください",
      repositoryUrl: "URLは500文字以内で入力してください",
    });
    expect(basic({ demoUrl: "" })).toEqual({ demoUrl: "デモURLは必須です" });
    expect(basic({ demoVideoUrl: "  ", repositoryUrl: "" })).toEqual({});
  });
});

describe("step 2: screenshots", () => {
  test("between 1 and 5", () => {
    expect(screenshotCountProblem(0)).toBe("スクリーンショットを少なくとも1枚アップロードしてください");
    for (const n of [1, 2, 3, 4, 5]) expect(screenshotCountProblem(n)).toBeNull();
    expect(screenshotCountProblem(6)).toBe("スクリーンショットは最大5枚まで追加できます");
  });
});

describe("step 3: tech information", () => {
  test("a valid work has no problem", () => {
    expect(validateTechInfo(valid)).toEqual({});
  });

  test("AI tools: required, blank entries ignored", () => {
    expect(tech({ aiTools: [] })).toEqual({ aiTools: "使用したAIツールを少なくとも1つ選択してください" });
    expect(tech({ aiTools: ["", "  "] })).toEqual({ aiTools: "使用したAIツールを少なくとも1つ選択してください" });
    expect(tech({ aiTools: ["", " Claude ", " "] })).toEqual({});
  });

  test("AI tools: at most 5, counted after blanks are dropped", () => {
    const five = ["Claude", "ChatGPT", "v0", "Cursor", "Lovable"];
    expect(tech({ aiTools: five })).toEqual({});
    expect(tech({ aiTools: [...five, " "] })).toEqual({});
    expect(tech({ aiTools: [...five, "Gemini"] })).toEqual({ aiTools: "AIツールは最大5個まで追加できます" });
  });

  test("AI tools: duplicates are refused, whatever their case, width or spacing", () => {
    for (const pair of [
      ["Claude", "Claude"],
      ["Claude", "claude"],
      ["Claude", " CLAUDE "],
      ["Claude", "Ｃｌａｕｄｅ"],
      ["自作ツール", "自作ツール"],
    ]) {
      expect(tech({ aiTools: pair })).toEqual({ aiTools: "このAIツールは既に追加されています" });
    }
  });

  test("AI tools: a custom name is at most 40 characters", () => {
    expect(tech({ aiTools: ["道".repeat(40)] })).toEqual({});
    expect(tech({ aiTools: ["道".repeat(41)] })).toEqual({ aiTools: "AIツール名は40文字以内で入力してください" });
  });

  test("tags: at most 10 after blanks, '#' and duplicates are dropped; each at most 30 characters", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `tag${i}`);
    expect(tech({ tags: ten })).toEqual({});
    expect(tech({ tags: [...ten, "", " ", "#", "#TAG0", "Tag1"] })).toEqual({});
    expect(tech({ tags: [...ten, "tag10"] })).toEqual({ tags: "タグは最大10個まで追加できます" });
    expect(tech({ tags: ["タ".repeat(30)] })).toEqual({});
    expect(tech({ tags: [`#${"タ".repeat(30)}`] })).toEqual({});
    expect(tech({ tags: ["タ".repeat(31)] })).toEqual({ tags: "タグは30文字以内で入力してください" });
  });

  test("tech stack: optional, at most 10 after blanks and duplicates are dropped", () => {
    expect(tech({ techStack: [] })).toEqual({});
    const ten = Array.from({ length: 10 }, (_, i) => `lib${i}`);
    expect(tech({ techStack: [...ten, "", "LIB0"] })).toEqual({});
    expect(tech({ techStack: [...ten, "lib10"] })).toEqual({ techStack: "技術スタックは最大10個まで追加できます" });
    expect(tech({ techStack: ["x".repeat(31)] })).toEqual({ techStack: "技術スタックは1つ30文字以内で入力してください" });
  });
});

describe("validateWork", () => {
  test("nothing wrong: no errors and no first error", () => {
    expect(validateWork(valid, 1)).toEqual({});
    expect(firstWorkError(validateWork(valid, 5))).toBeNull();
  });

  test("every problem at once, in the order the wizard shows the fields", () => {
    const errors = validateWork(
      {
        ...valid,
        title: "",
        description: "",
        vibeDescription: "",
        genre: "x",
        demoUrl: "",
        demoVideoUrl: "ftp://x",
        repositoryUrl: "javascript:alert(1)",
        aiTools: [],
        techStack: Array.from({ length: 11 }, (_, i) => `s${i}`),
        tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
      },
      0,
    );
    expect(Object.entries(errors)).toEqual([
      ["title", "タイトルは必須です"],
      ["description", "説明は必須です"],
      ["vibeDescription", "Vibeの説明は必須です"],
      ["genre", "ジャンルを選択してください"],
      ["demoUrl", "デモURLは必須です"],
      ["demoVideoUrl", "正しいURL形式で入力してください"],
      ["repositoryUrl", "正しいURL形式で入力してください"],
      ["screenshots", "スクリーンショットを少なくとも1枚アップロードしてください"],
      ["aiTools", "使用したAIツールを少なくとも1つ選択してください"],
      ["techStack", "技術スタックは最大10個まで追加できます"],
      ["tags", "タグは最大10個まで追加できます"],
    ]);
    expect(firstWorkError(errors)).toBe("タイトルは必須です");
  });

  test("the first error follows form order, not the order the problems were found", () => {
    const errors = validateWork({ ...valid, aiTools: [], demoUrl: "example.com" }, 6);
    expect(Object.keys(errors)).toEqual(["demoUrl", "screenshots", "aiTools"]);
    expect(errors.screenshots).toBe("スクリーンショットは最大5枚まで追加できます");
    expect(firstWorkError(errors)).toBe("正しいURL形式で入力してください");
    expect(firstWorkError(validateWork({ ...valid, tags: ["t".repeat(31)] }, 0))).toBe(
      "スクリーンショットを少なくとも1枚アップロードしてください",
    );
  });
});

describe("normalizeWork", () => {
  test("trims text, unsets blank optional links and cleans every list", () => {
    expect(
      normalizeWork({
        title: "  家計簿アプリ  ",
        description: "\n毎日の支出\n",
        vibeDescription: " ゆるく ",
        genre: "tool",
        demoUrl: " https://example.com/demo ",
        demoVideoUrl: "   ",
        repositoryUrl: " https://github.com/x/y ",
        aiTools: [" Claude ", "", "v0", "  "],
        techStack: [" React ", "", "react", "Convex", "CONVEX "],
        tags: ["#AI", " ## 家計簿 ", "ai", "#", "", "  ", "Ai", "#家計簿"],
        isZeroCode: true,
      }),
    ).toEqual({
      title: "家計簿アプリ",
      description: "毎日の支出",
      vibeDescription: "ゆるく",
      genre: "tool",
      demoUrl: "https://example.com/demo",
      demoVideoUrl: undefined,
      repositoryUrl: "https://github.com/x/y",
      aiTools: ["Claude", "v0"],
      techStack: ["React", "Convex"],
      tags: ["AI", "家計簿"],
      isZeroCode: true,
    });
  });

  test("keeps every optional link that was given", () => {
    const work = normalizeWork({ ...valid, demoVideoUrl: "https://youtu.be/x", repositoryUrl: "" });
    expect(work.demoVideoUrl).toBe("https://youtu.be/x");
    expect(work.repositoryUrl).toBeUndefined();
    expect(work.isZeroCode).toBe(false);
  });

  test("refuses what validateWork refuses (it is only called on valid input)", () => {
    expect(() => normalizeWork({ ...valid, aiTools: ["Claude", "claude"] })).toThrow(WORK_MESSAGES.aiToolDuplicate);
    expect(() => normalizeWork({ ...valid, title: "" })).toThrow(WORK_MESSAGES.titleRequired);
  });
});

test("the messages are the ones docs/product.md gives", () => {
  expect(WORK_MESSAGES).toMatchObject({
    signInRequired: "作品を投稿するにはログインが必要です",
    screenshotsRequired: "スクリーンショットを少なくとも1枚アップロードしてください",
    screenshotsTooMany: "スクリーンショットは最大5枚まで追加できます",
    aiToolsRequired: "使用したAIツールを少なくとも1つ選択してください",
    aiToolsTooMany: "AIツールは最大5個まで追加できます",
    tagsTooMany: "タグは最大10個まで追加できます",
    invalidUrl: "正しいURL形式で入力してください",
  });
});

describe("the shared text rule (model/cleanText.ts), as the wizard shows it", () => {
  const BIDI = "使用できない文字（文字の向きを変える制御文字）が含まれています";

  test("a bidirectional override in any text field or list entry is that field's message", () => {
    expect(basic({ title: "a\u202Eb", description: "説明\u2066", vibeDescription: "\u2069x", demoUrl: "https://e.com/\u202E" })).toEqual({
      title: BIDI,
      description: BIDI,
      vibeDescription: BIDI,
      demoUrl: BIDI,
    });
    expect(basic({ demoVideoUrl: "https://e.com/\u202A", repositoryUrl: "https://e.com/\u202B" })).toEqual({
      demoVideoUrl: BIDI,
      repositoryUrl: BIDI,
    });
    expect(tech({ aiTools: ["Claude\u202E"], techStack: ["\u2067React"], tags: ["#\u2068タグ"] })).toEqual({
      aiTools: BIDI,
      techStack: BIDI,
      tags: BIDI,
    });
  });

  test("control characters do not count: only they make a field blank, and lengths are counted without them", () => {
    expect(basic({ title: "\u0000\u001B" })).toEqual({ title: "タイトルは必須です" });
    expect(basic({ title: `${"題".repeat(100)}\u0000\u0000` })).toEqual({});
    expect(tech({ aiTools: ["\u0000"] })).toEqual({ aiTools: "使用したAIツールを少なくとも1つ選択してください" });
  });

  test("the stored form is cleaned: NFC, no control characters, line breaks only in descriptions", () => {
    expect(
      normalizeWork({
        ...valid,
        title: "\u304B\u3099\u0000\tめ",
        description: "1\r\n2\u001B",
        tags: ["#\u304B\u3099"],
        aiTools: ["Clau\u0000de"],
      }),
    ).toMatchObject({ title: "が め", description: "1\n2", tags: ["が"], aiTools: ["Claude"] });
  });
});
