import { createContext, useContext } from "react";

/**
 * True while a navigation waits for the next page's code to download; the page being left
 * stays on screen meanwhile. The app's router provides it.
 */
export const NavigationPendingContext = createContext(false);

export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}
