import { describe, expect, test } from "vitest";
import {
  checkHandleInput,
  firstProfileError,
  normalizeHandle,
  normalizeProfileInput,
  validateEdit,
  validateHandle,
  validateSetup,
  validateUrl,
  type ProfileInput,
} from "./profileRules";

const valid: ProfileInput = {
  handle: "taro_dev",
  displayName: "山田太郎",
  bio: "AIと一緒にWebアプリを作っています。よろしくお願いします！",
  location: "東京",
  githubUrl: "",
  twitterUrl: "",
  websiteUrl: "",
};

describe("handle rules", () => {
  test("normalization lower-cases, folds full-width letters and strips other characters", () => {
    expect(normalizeHandle("Taro_Dev!")).toBe("taro_dev");
    expect(normalizeHandle(" ｔａｒｏ１２３ ")).toBe("taro123");
    expect(normalizeHandle("太郎")).toBe("");
  });

  test("every message, as docs/product.md words it", () => {
    expect(validateHandle("")).toBe("ユーザーIDは必須です");
    expect(validateHandle("   ")).toBe("ユーザーIDは必須です");
    expect(validateHandle("taro-dev")).toBe("英数字とアンダースコアのみ使用できます");
    expect(validateHandle("ab")).toBe("3文字以上で入力してください");
    expect(validateHandle("a".repeat(21))).toBe("20文字以内で入力してください");
    expect(validateHandle("abc")).toBeNull();
    expect(validateHandle("a".repeat(20))).toBeNull();
  });

  test("input is normalized before the rules; nothing usable is a character-set error", () => {
    expect(checkHandleInput("Taro_Dev!")).toEqual({ handle: "taro_dev", message: null });
    expect(checkHandleInput("太郎")).toEqual({ handle: "", message: "英数字とアンダースコアのみ使用できます" });
    expect(checkHandleInput("")).toEqual({ handle: "", message: "ユーザーIDは必須です" });
    expect(checkHandleInput("A!b")).toEqual({ handle: "ab", message: "3文字以上で入力してください" });
  });
});

describe("URL rule", () => {
  test("empty, http and https pass; anything else is refused", () => {
    expect(validateUrl("")).toBeNull();
    expect(validateUrl("https://github.com/taro")).toBeNull();
    expect(validateUrl("http://example.com")).toBeNull();
    for (const bad of [
      "github.com/taro",
      "javascript:alert(1)",
      "ftp://example.com",
      "mailto:a@b.c",
      "https://",
      "https:github.com/taro",
    ]) {
      expect(validateUrl(bad)).toBe("正しいURL形式で入力してください");
    }
    expect(validateUrl(`https://example.com/${"a".repeat(200)}`)).toBe("URLは200文字以内で入力してください");
  });
});

describe("setup rules", () => {
  test("a complete profile passes", () => {
    expect(validateSetup(valid)).toEqual({});
  });

  test("required fields and the bio range", () => {
    const errors = validateSetup({ ...valid, handle: "", displayName: "  ", bio: "" });
    expect(errors).toEqual({
      handle: "ユーザーIDは必須です",
      displayName: "表示名は必須です",
      bio: "自己紹介は必須です",
    });
    expect(firstProfileError(errors)).toBe("ユーザーIDは必須です");
    expect(validateSetup({ ...valid, bio: "短い自己紹介" }).bio).toBe("自己紹介は20文字以上で入力してください");
    expect(validateSetup({ ...valid, bio: "あ".repeat(201) }).bio).toBe("自己紹介は200文字以内で入力してください");
    expect(validateSetup({ ...valid, bio: "あ".repeat(20) }).bio).toBeUndefined();
    expect(validateSetup({ ...valid, bio: "あ".repeat(200) }).bio).toBeUndefined();
    // Trimmed before counting: 19 characters and spaces are still too short.
    expect(validateSetup({ ...valid, bio: `  ${"あ".repeat(19)}  ` }).bio).toBe("自己紹介は20文字以上で入力してください");
  });

  test("lengths of display name and location, and each link", () => {
    const errors = validateSetup({
      ...valid,
      displayName: "名".repeat(51),
      location: "所".repeat(51),
      githubUrl: "github.com/taro",
      twitterUrl: "@taro",
      websiteUrl: "javascript:alert(1)",
    });
    expect(errors).toEqual({
      displayName: "表示名は50文字以内で入力してください",
      location: "所在地は50文字以内で入力してください",
      githubUrl: "正しいURL形式で入力してください",
      twitterUrl: "正しいURL形式で入力してください",
      websiteUrl: "正しいURL形式で入力してください",
    });
    expect(Object.keys(errors)).toEqual(["displayName", "location", "githubUrl", "twitterUrl", "websiteUrl"]);
  });

  test("emoji count as one character", () => {
    expect(validateSetup({ ...valid, displayName: "😀".repeat(50) }).displayName).toBeUndefined();
  });
});

describe("edit rules", () => {
  test("the bio has only its maximum", () => {
    expect(validateEdit({ ...valid, bio: "" }, "taro_dev")).toEqual({});
    expect(validateEdit({ ...valid, bio: "短い" }, "taro_dev")).toEqual({});
    expect(validateEdit({ ...valid, bio: "あ".repeat(201) }, "taro_dev").bio).toBe("自己紹介は200文字以内で入力してください");
    expect(validateEdit({ ...valid, displayName: "" }, "taro_dev").displayName).toBe("表示名は必須です");
    expect(validateEdit({ ...valid, websiteUrl: "example.com" }, "taro_dev").websiteUrl).toBe("正しいURL形式で入力してください");
  });

  test("the handle is checked only when it changed", () => {
    // An old handle that would fail today's rules is kept as it is.
    expect(validateEdit({ ...valid, handle: "ab" }, "ab")).toEqual({});
    expect(validateEdit({ ...valid, handle: "ab" }, "taro_dev").handle).toBe("3文字以上で入力してください");
    expect(validateEdit({ ...valid, handle: "" }, "taro_dev").handle).toBe("ユーザーIDは必須です");
  });
});

test("normalizeProfileInput trims everything and normalizes the handle", () => {
  expect(
    normalizeProfileInput({
      handle: " Taro_Dev! ",
      displayName: " 太郎 ",
      bio: " 自己紹介 ",
      location: " 東京 ",
      githubUrl: " https://github.com/taro ",
      twitterUrl: " ",
      websiteUrl: "",
    }),
  ).toEqual({
    handle: "taro_dev",
    displayName: "太郎",
    bio: "自己紹介",
    location: "東京",
    githubUrl: "https://github.com/taro",
    twitterUrl: "",
    websiteUrl: "",
  });
});

describe("the shared text rule (model/cleanText.ts), as the profile forms show it", () => {
  const BIDI = "使用できない文字（文字の向きを変える制御文字）が含まれています";

  test("a bidirectional override or isolate is refused in every text field, at setup and edit", () => {
    const marked: ProfileInput = {
      ...valid,
      displayName: "山田\u202E太郎",
      bio: `${valid.bio}\u2066`,
      location: "\u2069東京",
      githubUrl: "https://github.com/\u202Dtaro",
      twitterUrl: "https://x.com/\u202Ataro",
      websiteUrl: "https://e.com/\u2067",
    };
    const expected = {
      displayName: BIDI,
      bio: BIDI,
      location: BIDI,
      githubUrl: BIDI,
      twitterUrl: BIDI,
      websiteUrl: BIDI,
    };
    expect(validateSetup(marked)).toEqual(expected);
    expect(validateEdit(marked, "taro_dev")).toEqual(expected);
  });

  test("the user id keeps only a-z, 0-9 and _, so such marks just disappear from it", () => {
    expect(checkHandleInput("\u202Etaro\u0000_dev")).toEqual({ handle: "taro_dev", message: null });
  });

  test("control characters do not count toward lengths, and the stored form is cleaned and NFC", () => {
    expect(validateSetup({ ...valid, displayName: "\u0000\u001B" }).displayName).toBe("表示名は必須です");
    expect(validateSetup({ ...valid, bio: `${"あ".repeat(19)}\u0000\u0000` }).bio).toBe("自己紹介は20文字以上で入力してください");
    expect(
      normalizeProfileInput({
        ...valid,
        displayName: "\u304B\u3099\u0000\nく",
        bio: "一\r\n二\u001B",
        twitterUrl: "https://x.com/a\u0000",
      }),
    ).toMatchObject({ displayName: "が く", bio: "一\n二", twitterUrl: "https://x.com/a" });
  });
});
