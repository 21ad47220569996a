// The sorts every list of works offers (the gallery, tag and AI-tool pages), as they appear in URLs.
export type WorkSort = "newest" | "popular" | "trending";

export const WORK_SORT_LABELS: Readonly<Record<WorkSort, string>> = {
  newest: "新着順",
  popular: "人気順",
  trending: "急上昇",
};

/** `?sort=` from a URL; anything unknown is the default, 新着順. */
export function parseWorkSort(value: string | null): WorkSort {
  return value !== null && Object.hasOwn(WORK_SORT_LABELS, value) ? (value as WorkSort) : "newest";
}
