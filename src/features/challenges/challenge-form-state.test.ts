import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { CHALLENGE_MESSAGES } from "../../../convex/model/challengeTerms";
import { challengeChanged, clearedErrors, describeCreateFailure, EMPTY_CHALLENGE, toCreateArgs } from "./challenge-form-state";

describe("toCreateArgs", () => {
  it("trims the text and keeps tags trimmed, without # and unique", () => {
    expect(
      toCreateArgs({
        title: "  ミニゲーム選手権 ",
        description: "\n説明です\n",
        requirements: "  ・ブラウザで遊べること  ",
        endDate: "2030-01-31",
        prize: true,
        prizeDescription: "  ギフトカード ",
        tags: [" ゲーム ", "#ゲーム", "AI", "ai", "  "],
      }),
    ).toEqual({
      title: "ミニゲーム選手権",
      description: "説明です",
      requirements: "・ブラウザで遊べること",
      endDate: "2030-01-31",
      prize: true,
      prizeDescription: "ギフトカード",
      tags: ["ゲーム", "AI"],
    });
  });

  it("drops the prize text when the prize is off", () => {
    expect(toCreateArgs({ ...EMPTY_CHALLENGE, prize: false, prizeDescription: "残っていた文字" }).prizeDescription).toBe("");
  });
});

describe("describeCreateFailure", () => {
  it("puts the server's field messages under their fields and says creating failed", () => {
    const error = new ConvexError({
      code: "INVALID_INPUT",
      message: CHALLENGE_MESSAGES.titleRequired,
      fields: { title: CHALLENGE_MESSAGES.titleRequired, endDate: CHALLENGE_MESSAGES.endDateTooEarly, other: "x" },
    });
    expect(describeCreateFailure(error)).toEqual({
      toast: CHALLENGE_MESSAGES.createFailed,
      fields: { title: CHALLENGE_MESSAGES.titleRequired, endDate: CHALLENGE_MESSAGES.endDateTooEarly },
    });
  });

  it("shows the server's own message when rate limited", () => {
    const message = "操作が多すぎます。30秒後にもう一度お試しください";
    expect(describeCreateFailure(new ConvexError({ code: "RATE_LIMITED", message }))).toEqual({ toast: message, fields: {} });
  });

  it("says creating failed for anything unexpected", () => {
    expect(describeCreateFailure(new Error("socket closed"))).toEqual({ toast: CHALLENGE_MESSAGES.createFailed, fields: {} });
  });
});

describe("form helpers", () => {
  it("clears a field's message, and the prize detail's with the switch", () => {
    const errors = { title: "a", prizeDescription: "b" };
    expect(clearedErrors(errors, "title")).toEqual({ prizeDescription: "b" });
    expect(clearedErrors(errors, "prize")).toEqual({ title: "a" });
  });

  it("knows whether anything was entered", () => {
    expect(challengeChanged(EMPTY_CHALLENGE)).toBe(false);
    expect(challengeChanged({ ...EMPTY_CHALLENGE, tags: ["AI"] })).toBe(true);
  });
});
