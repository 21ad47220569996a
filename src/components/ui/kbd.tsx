import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export function Kbd({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <kbd
      className={cn(
        "inline-flex h-5 items-center rounded-md border border-zinc-200 bg-zinc-50 px-1.5 font-sans text-[0.6875rem] font-medium text-zinc-500",
        className,
      )}
      {...props}
    />
  );
}
