import { ZeroCodeToggle } from "@/components/works/zero-code-toggle";
import { cn } from "@/lib/cn";
import type { DiscoveryFilters } from "./discovery-params";

const segmentClass = (active: boolean) =>
  cn(
    "inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
    active ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-600 hover:text-zinc-900",
  );

/** 新着順 / 人気順 and ゼロコードのみ: the gallery's controls, for one tag's or tool's works. */
export function DiscoveryControls({
  filters,
  onChange,
}: {
  filters: DiscoveryFilters;
  onChange: (update: Partial<DiscoveryFilters>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="並び順" className="inline-flex gap-1 rounded-xl bg-zinc-100 p-1">
        {(
          [
            ["newest", "新着順"],
            ["popular", "人気順"],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            aria-pressed={filters.sort === id}
            onClick={() => onChange({ sort: id })}
            className={segmentClass(filters.sort === id)}
          >
            {label}
          </button>
        ))}
      </div>
      <ZeroCodeToggle pressed={filters.zeroCode} onToggle={() => onChange({ zeroCode: !filters.zeroCode })} />
    </div>
  );
}
