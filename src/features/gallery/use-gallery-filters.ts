import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { applyFilterUpdate, parseGalleryParams, toGalleryParams, type FilterUpdate } from "./gallery-params";

/**
 * The gallery state backed by the URL. Changing filters replaces the history entry (typing in
 * the search box should not leave one entry per letter), so Back leaves the gallery.
 *
 * Updates chain: react-router hands a functional `setSearchParams` the params of the last
 * render, so two controls used before the router has rendered the first change (人気順 then
 * リスト表示 on a busy machine) would each start from the same old URL and the second would drop
 * the first. The last URL written is remembered with the rendered URL it started from; while
 * the rendered URL is still that one, the next update starts from what was written.
 */
export function useGalleryFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the serialised params
  const filters = useMemo(() => parseGalleryParams(params), [key]);
  const pending = useRef<{ from: string; written: string } | null>(null);
  const setFilters = useCallback(
    (update: FilterUpdate) => {
      setParams(
        (rendered) => {
          const from = rendered.toString();
          const latest = pending.current?.from === from ? new URLSearchParams(pending.current.written) : rendered;
          const next = toGalleryParams(applyFilterUpdate(parseGalleryParams(latest), update));
          pending.current = { from, written: next.toString() };
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [filters, setFilters] as const;
}
