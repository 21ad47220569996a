// A small group of pressed/unpressed buttons on a grey track (並び順, 表示形式): one of them is on.
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export const segmentClass = (active: boolean) =>
  cn(
    "inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 [&_svg]:size-4",
    active ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-600 hover:text-zinc-900",
  );

export function SegmentedGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="inline-flex gap-1 rounded-xl bg-zinc-100 p-1">
      {children}
    </div>
  );
}
