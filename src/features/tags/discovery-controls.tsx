import { SortToggle } from "@/components/works/sort-toggle";
import { ZeroCodeToggle } from "@/components/works/zero-code-toggle";
import type { DiscoveryFilters } from "./discovery-params";

/** 新着順 / 人気順 / 急上昇 and ゼロコードのみ: the gallery's controls, for one tag's or tool's works. */
export function DiscoveryControls({
  filters,
  onChange,
}: {
  filters: DiscoveryFilters;
  onChange: (update: Partial<DiscoveryFilters>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SortToggle sort={filters.sort} onChange={(sort) => onChange({ sort })} />
      <ZeroCodeToggle pressed={filters.zeroCode} onToggle={() => onChange({ zeroCode: !filters.zeroCode })} />
    </div>
  );
}
