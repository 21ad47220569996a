import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const shapes = { rounded: "rounded-lg", circle: "rounded-full", square: "rounded-none" } as const;

/** Grey block that stands in for content with a known shape while it loads. */
export function Skeleton({ shape = "rounded", className, ...props }: HTMLAttributes<HTMLDivElement> & { shape?: keyof typeof shapes }) {
  return <div aria-hidden className={cn("animate-pulse bg-zinc-200/80", shapes[shape], className)} {...props} />;
}
