import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** The five badge colours of the product's achievements, plus neutral for plain labels. */
export type BadgeColor = "blue" | "purple" | "yellow" | "green" | "red" | "neutral";

const colors: Record<BadgeColor, string> = {
  blue: "bg-blue-50 text-blue-700 ring-blue-600/20",
  purple: "bg-brand-50 text-brand-700 ring-brand-600/20",
  yellow: "bg-amber-50 text-amber-800 ring-amber-600/25",
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-500/20",
};

type BadgeProps = HTMLAttributes<HTMLSpanElement> & { color?: BadgeColor };

export function Badge({ color = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset [&_svg]:size-3.5",
        colors[color],
        className,
      )}
      {...props}
    />
  );
}
