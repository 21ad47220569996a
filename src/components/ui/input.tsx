import type { InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** Shared by Input, Textarea and Select so every field looks and focuses alike. */
export const fieldClassName =
  "w-full rounded-xl border border-zinc-300 bg-white px-3.5 text-base text-zinc-900 shadow-xs " +
  "placeholder:text-zinc-400 transition-[border-color,box-shadow] duration-150 " +
  "hover:border-zinc-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/15 " +
  "aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/15 " +
  "disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-500 sm:text-sm";

export function Input({ className, type = "text", ...props }: InputHTMLAttributes<HTMLInputElement>) {
  // text-base on phones keeps iOS Safari from zooming into the field on focus.
  return <input type={type} className={cn(fieldClassName, "h-11 sm:h-10", className)} {...props} />;
}
