import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { parseDiscoveryParams, toDiscoveryParams, type DiscoveryFilters } from "./discovery-params";

/** The page's sort and zero-code filter, backed by the URL (replacing the history entry). */
export function useDiscoveryFilters() {
  const [params, setParams] = useSearchParams();
  const filters = parseDiscoveryParams(params);
  const change = useCallback(
    (update: Partial<DiscoveryFilters>) =>
      setParams((current) => toDiscoveryParams({ ...parseDiscoveryParams(current), ...update }), { replace: true }),
    [setParams],
  );
  return [filters, change] as const;
}
