import { describe, expect, it } from "vitest";
import { parseDiscoveryParams, toDiscoveryParams } from "./discovery-params";

describe("discovery params", () => {
  it("defaults to newest, all works; anything unknown falls back", () => {
    expect(parseDiscoveryParams(new URLSearchParams(""))).toEqual({ sort: "newest", zeroCode: false });
    expect(parseDiscoveryParams(new URLSearchParams("sort=hot&zeroCode=yes"))).toEqual({ sort: "newest", zeroCode: false });
  });

  it("round-trips and writes only what differs from the default", () => {
    for (const filters of [
      { sort: "newest", zeroCode: false },
      { sort: "popular", zeroCode: false },
      { sort: "newest", zeroCode: true },
      { sort: "popular", zeroCode: true },
      { sort: "trending", zeroCode: false },
      { sort: "trending", zeroCode: true },
    ] as const) {
      expect(parseDiscoveryParams(toDiscoveryParams(filters))).toEqual(filters);
    }
    expect(toDiscoveryParams({ sort: "newest", zeroCode: false }).toString()).toBe("");
    expect(toDiscoveryParams({ sort: "popular", zeroCode: true }).toString()).toBe("sort=popular&zeroCode=1");
  });
});
