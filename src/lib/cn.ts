import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

/** The custom utilities of src/index.css, so they are not mistaken for colours. */
const twMerge = extendTailwindMerge<"text-gradient" | "text-balance-ja">({
  extend: {
    classGroups: {
      "bg-image": ["bg-brand-gradient"],
      // Sets the image, the clip and the colour at once: kept apart, never dropped for a colour.
      "text-gradient": ["text-brand-gradient"],
      "text-balance-ja": ["text-balance-ja"],
    },
  },
});

/**
 * Joins conditional class names and resolves Tailwind conflicts, the later class winning: a
 * component's own `text-zinc-700` gives way to `text-red-600` passed through `className`.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
