import { clsx, type ClassValue } from "clsx";

/**
 * Joins conditional class names. It does not resolve Tailwind conflicts (no tailwind-merge), so
 * a component's `className` is for adding classes (margins, layout), not for re-setting a
 * property the component already sets; components expose props (size, width, tone) for that.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
