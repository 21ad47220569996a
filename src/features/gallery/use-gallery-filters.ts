import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { parseGalleryParams, toGalleryParams, type GalleryFilters } from "./gallery-params";

/**
 * The gallery state backed by the URL. Changing filters replaces the history entry (typing in
 * the search box should not leave one entry per letter), so Back leaves the gallery.
 */
export function useGalleryFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the serialised params
  const filters = useMemo(() => parseGalleryParams(params), [key]);
  const setFilters = useCallback(
    (update: Partial<GalleryFilters> | ((current: GalleryFilters) => GalleryFilters)) => {
      setParams(
        (current) => {
          const base = parseGalleryParams(current);
          const next = typeof update === "function" ? update(base) : { ...base, ...update };
          return toGalleryParams(next);
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [filters, setFilters] as const;
}
