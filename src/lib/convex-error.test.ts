import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { readServerError } from "./convex-error";

describe("readServerError", () => {
  it("reads the message and per-field messages of a ConvexError", () => {
    const error = new ConvexError({
      code: "invalid",
      message: "入力内容を確認してください",
      fields: { handle: "このユーザーIDは既に使用されています", bogus: 3 },
    });
    expect(readServerError(error)).toEqual({
      message: "入力内容を確認してください",
      code: "invalid",
      fields: { handle: "このユーザーIDは既に使用されています" },
      retryAfterMs: null,
    });
  });

  it("reads how long a rate-limit refusal says to wait", () => {
    const error = new ConvexError({
      code: "RATE_LIMITED",
      message: "操作が多すぎます。30秒後にもう一度お試しください",
      retryAfterMs: 29_400,
    });
    expect(readServerError(error)).toMatchObject({ code: "RATE_LIMITED", retryAfterMs: 29_400 });
    expect(readServerError(new ConvexError({ code: "RATE_LIMITED", message: "x", retryAfterMs: "soon" })).retryAfterMs).toBeNull();
  });

  it("falls back to a generic message for anything else", () => {
    expect(readServerError(new Error("socket closed"))).toEqual({
      message: "エラーが発生しました",
      code: null,
      fields: {},
      retryAfterMs: null,
    });
    expect(readServerError(new ConvexError("plain string"), "失敗")).toEqual({
      message: "失敗",
      code: null,
      fields: {},
      retryAfterMs: null,
    });
  });
});
