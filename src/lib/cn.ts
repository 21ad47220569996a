import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge, mergeConfigs } from "tailwind-merge";
import { tailwindMergeConfig } from "./tailwind-merge-config";

/** The custom utilities of src/index.css, so they are not mistaken for colours. */
export const customUtilities = {
  extend: {
    classGroups: {
      "bg-image": ["bg-brand-gradient"],
      // Sets the image, the clip and the colour at once: kept apart, never dropped for a colour.
      "text-gradient": ["text-brand-gradient"],
      "text-balance-ja": ["text-balance-ja"],
    },
  },
};

// tailwind-merge with its default config reduced to the class groups the app uses
// (tailwind-merge-config.ts, kept exact by its test): the whole default config would be most of
// tailwind-merge's weight in every page's first download.
const twMerge = createTailwindMerge(() => mergeConfigs(tailwindMergeConfig, customUtilities));

/**
 * Joins conditional class names and resolves Tailwind conflicts, the later class winning: a
 * component's own `text-zinc-700` gives way to `text-red-600` passed through `className`.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
