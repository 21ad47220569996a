import { describe, expect, it } from "vitest";
import { clearFilters, DEFAULT_FILTERS, hasActiveFilters, parseGalleryParams, queryFilterArgs, toGalleryParams } from "./gallery-params";

const parse = (query: string) => parseGalleryParams(new URLSearchParams(query));

describe("gallery URL ↔ filters", () => {
  it("reads defaults from a bare /projects", () => {
    expect(parse("")).toEqual(DEFAULT_FILTERS);
    expect(toGalleryParams(DEFAULT_FILTERS).toString()).toBe("");
  });

  it("reads every filter and writes it back the same way", () => {
    const filters = parse("search=%E5%AE%B6%E8%A8%88%E7%B0%BF&genre=game&aiTool=Claude&zeroCode=1&sort=popular&view=list");
    expect(filters).toEqual({
      search: "家計簿",
      genre: "game",
      aiTool: "Claude",
      zeroCode: true,
      sort: "popular",
      view: "list",
    });
    expect(parseGalleryParams(toGalleryParams(filters))).toEqual(filters);
  });

  it("treats the legacy genre=web as webapp", () => {
    expect(parse("genre=web").genre).toBe("webapp");
    expect(toGalleryParams(parse("genre=web")).get("genre")).toBe("webapp");
  });

  it("ignores unknown values instead of showing nothing", () => {
    expect(parse("genre=nope&aiTool=Notepad&sort=random&view=cards&zeroCode=maybe")).toEqual(DEFAULT_FILTERS);
    expect(parse("search=%20%20").search).toBe("");
  });

  it("accepts zeroCode=true from older links", () => {
    expect(parse("zeroCode=true").zeroCode).toBe(true);
  });

  it("clears what narrows the results and keeps the sort and view", () => {
    const filters = parse("search=x&genre=ai&aiTool=v0&zeroCode=1&sort=popular&view=list");
    expect(hasActiveFilters(filters)).toBe(true);
    const cleared = clearFilters(filters);
    expect(hasActiveFilters(cleared)).toBe(false);
    expect(toGalleryParams(cleared).toString()).toBe("sort=popular&view=list");
  });

  it("sends only the set filters to the server", () => {
    expect(queryFilterArgs(DEFAULT_FILTERS)).toEqual({ sort: "newest" });
    expect(queryFilterArgs(parse("genre=web&aiTool=Cursor&zeroCode=1&sort=popular"))).toEqual({
      genre: "webapp",
      aiTool: "Cursor",
      zeroCode: true,
      sort: "popular",
    });
  });
});
