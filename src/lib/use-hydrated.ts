import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False while React renders the prerendered HTML (at build time, and while the browser hydrates
 * it), true from then on: for what depends on the browser (its address, storage) and so cannot
 * be in HTML built ahead of time.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
