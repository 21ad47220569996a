import { describe, expect, it } from "vitest";
import { parseRankingParams, toRankingParams } from "./ranking-params";

describe("ranking URL parameters", () => {
  it("defaults to 今週 with every genre, and ignores what it does not know", () => {
    expect(parseRankingParams(new URLSearchParams(""))).toEqual({ window: "week", genre: undefined });
    expect(parseRankingParams(new URLSearchParams("period=year&genre=nope"))).toEqual({ window: "week", genre: undefined });
  });

  it("reads each window and a genre (the old web alias too), and writes them back canonically", () => {
    for (const window of ["today", "week", "month", "all"] as const) {
      const parsed = parseRankingParams(new URLSearchParams(`period=${window}&genre=web`));
      expect(parsed).toEqual({ window, genre: "webapp" });
      expect(parseRankingParams(toRankingParams(parsed))).toEqual(parsed);
    }
    expect(toRankingParams({ window: "week", genre: undefined }).toString()).toBe("");
  });
});
