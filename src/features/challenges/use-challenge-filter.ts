import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { parseStatusParam, withStatusParam, type ChallengeFilter } from "./challenge-filter";

/**
 * The list filter backed by ?status=. Switching replaces the history entry, like the gallery's
 * filters, so Back leaves the list instead of stepping through every tab clicked.
 */
export function useChallengeFilter() {
  const [params, setParams] = useSearchParams();
  const filter = parseStatusParam(params.get("status"));
  const setFilter = useCallback(
    (next: ChallengeFilter) => setParams((current) => withStatusParam(current, next), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return [filter, setFilter] as const;
}
