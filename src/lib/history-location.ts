import { createContext, useContext } from "react";
import type { Path } from "react-router-dom";

/**
 * Reads where the history is right now. A navigation reaches React as a transition, so for a
 * moment after it the rendered location is still the previous one; a change to the URL made in
 * that moment (a save's answer adding a parameter) must start from the history itself.
 */
export const HistoryLocationContext = createContext<(() => Path) | null>(null);

export function useReadHistoryLocation(): (() => Path) | null {
  return useContext(HistoryLocationContext);
}
