import { parseWorkSort, type WorkSort } from "@/lib/work-sort";
import { FILTER_AI_TOOLS } from "../../../convex/model/aiTools";
import { GENRE_ALIASES, GENRE_IDS, type Genre } from "../../../convex/model/genres";

export type GallerySort = WorkSort;
export type GalleryView = "grid" | "list";

/** Everything the gallery shows is decided by these values, and they all live in the URL. */
export type GalleryFilters = {
  search: string;
  genre: Genre | undefined;
  aiTool: string | undefined;
  zeroCode: boolean;
  sort: GallerySort;
  view: GalleryView;
};

export const DEFAULT_FILTERS: GalleryFilters = {
  search: "",
  genre: undefined,
  aiTool: undefined,
  zeroCode: false,
  sort: "newest",
  view: "grid",
};

/** Older links used `?genre=web`; unknown genres are ignored rather than showing nothing. */
export function parseGenre(value: string | null): Genre | undefined {
  if (!value) return undefined;
  const id = GENRE_ALIASES[value] ?? value;
  return (GENRE_IDS as readonly string[]).includes(id) ? (id as Genre) : undefined;
}

/** Reads the gallery state from ?search=&genre=&aiTool=&zeroCode=1&sort=popular|trending&view=list. */
export function parseGalleryParams(params: URLSearchParams): GalleryFilters {
  const aiTool = params.get("aiTool");
  return {
    search: params.get("search")?.trim() ?? "",
    genre: parseGenre(params.get("genre")),
    aiTool: aiTool && FILTER_AI_TOOLS.includes(aiTool) ? aiTool : undefined,
    zeroCode: params.get("zeroCode") === "1" || params.get("zeroCode") === "true",
    sort: parseWorkSort(params.get("sort")),
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/** A change of the gallery state: some values, or a function of the current state. */
export type FilterUpdate = Partial<GalleryFilters> | ((current: GalleryFilters) => GalleryFilters);

/** Applies an update to the current state (the newest one, so quick changes keep each other). */
export function applyFilterUpdate(current: GalleryFilters, update: FilterUpdate): GalleryFilters {
  return typeof update === "function" ? update(current) : { ...current, ...update };
}

/** The canonical URL form: defaults are left out, so a plain gallery is just /projects. */
export function toGalleryParams(filters: GalleryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set("search", search);
  if (filters.genre) params.set("genre", filters.genre);
  if (filters.aiTool) params.set("aiTool", filters.aiTool);
  if (filters.zeroCode) params.set("zeroCode", "1");
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.view !== "grid") params.set("view", filters.view);
  return params;
}

/** Search text, genre, AI tool and zero-code narrow the results; sort and view only arrange them. */
export function hasActiveFilters(filters: GalleryFilters): boolean {
  return filters.search.trim() !== "" || !!filters.genre || !!filters.aiTool || filters.zeroCode;
}

/** 絞り込みをクリア: drops what narrows the results, keeps the sort and the view. */
export function clearFilters(filters: GalleryFilters): GalleryFilters {
  return { ...DEFAULT_FILTERS, sort: filters.sort, view: filters.view };
}

/** The server's filter arguments (undefined ones are left out of the request). */
export function queryFilterArgs(filters: GalleryFilters) {
  return {
    ...(filters.genre ? { genre: filters.genre } : {}),
    ...(filters.aiTool ? { aiTool: filters.aiTool } : {}),
    ...(filters.zeroCode ? { zeroCode: true } : {}),
    sort: filters.sort,
  };
}
