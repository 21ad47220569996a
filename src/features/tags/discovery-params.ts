// The sort and zero-code filter of the tag and AI-tool pages, kept in the URL
// (?sort=popular&zeroCode=1, ?sort=trending) so a filtered page can be shared and survives Back.

import { parseWorkSort, type WorkSort } from "@/lib/work-sort";

export type DiscoveryFilters = { sort: WorkSort; zeroCode: boolean };

export function parseDiscoveryParams(params: URLSearchParams): DiscoveryFilters {
  return {
    sort: parseWorkSort(params.get("sort")),
    zeroCode: params.get("zeroCode") === "1" || params.get("zeroCode") === "true",
  };
}

/** Only what differs from the default is written: a plain tag page has no query string. */
export function toDiscoveryParams(filters: DiscoveryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.zeroCode) params.set("zeroCode", "1");
  return params;
}
