import { describe, expect, it } from "vitest";
import { CHALLENGE_FILTERS, FILTER_LABELS, listArgs, parseStatusParam, withStatusParam } from "./challenge-filter";

describe("parseStatusParam", () => {
  it("reads each status", () => {
    expect(parseStatusParam("active")).toBe("active");
    expect(parseStatusParam("voting")).toBe("voting");
    expect(parseStatusParam("ended")).toBe("ended");
  });

  it.each([null, "", "all", "ACTIVE", "open", "ended "])("falls back to すべて for %j", (value) => {
    expect(parseStatusParam(value)).toBe("all");
  });
});

describe("withStatusParam", () => {
  it("sets a status and leaves it out for すべて, keeping other parameters", () => {
    const voting = withStatusParam(new URLSearchParams("utm=x"), "voting");
    expect(voting.toString()).toBe("utm=x&status=voting");
    expect(withStatusParam(voting, "all").toString()).toBe("utm=x");
  });
});

describe("listArgs", () => {
  it("sends no status for すべて, and the status otherwise", () => {
    expect(listArgs("all")).toEqual({});
    expect(listArgs("ended")).toEqual({ status: "ended" });
  });
});

it("labels the filters in order", () => {
  expect(CHALLENGE_FILTERS.map((filter) => FILTER_LABELS[filter])).toEqual(["すべて", "募集中", "投票中", "終了"]);
});
