import { createContext, useContext, useLayoutEffect } from "react";
import { useLocation } from "react-router-dom";

const STORAGE_KEY = "vibe-gallery:scroll-positions";

/**
 * What the router remembers to place the page as react-router's data router did: where each
 * page was scrolled when it was left, and which navigation asked not to scroll
 * (`preventScrollReset`, e.g. a filter written to the URL).
 */
export type ScrollMemory = {
  /** window.scrollY of each page left, by history entry key (kept in sessionStorage on pagehide). */
  positions: Record<string, number>;
  /** The history entry a navigation with `preventScrollReset` led to. */
  keepScrollKey: string | null;
};

export function createScrollMemory(): ScrollMemory {
  let positions: Record<string, number> = {};
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    // Unreadable or unavailable storage: start with nothing to restore.
  }
  return { positions, keepScrollKey: null };
}

/** Writes the positions to sessionStorage, so a reload or a return from another site restores them. */
export function persistScrollMemory(memory: ScrollMemory) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(memory.positions));
  } catch {
    // Storage full or disabled: scroll restoration across reloads is lost, nothing else.
  }
}

export const ScrollMemoryContext = createContext<ScrollMemory | null>(null);

/**
 * Places the window once a page is shown: back where it was for a page seen before (back and
 * forward, reload), else at the `#hash` element, else at the top unless the navigation asked
 * to keep the scroll. Rendered next to the page inside its Suspense boundary, so it runs when
 * the page's code has arrived and the page is on screen.
 */
export function ScrollRestoration() {
  const memory = useContext(ScrollMemoryContext);
  const location = useLocation();
  useLayoutEffect(() => {
    if (!memory) return;
    const saved = memory.positions[location.key];
    if (typeof saved === "number") {
      window.scrollTo(0, saved);
      // The page may still be loading what made it that long (a list's later pages): follow
      // it as it grows, until the place is reached or the person scrolls themselves.
      return window.scrollY < saved - 1 ? scrollWhenTallEnough(saved) : undefined;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable element id: nothing to scroll to.
      }
    }
    if (memory.keepScrollKey === location.key) return;
    window.scrollTo(0, 0);
  }, [memory, location]);
  return null;
}

/** Longest a return waits for its page to grow back to where it was left. */
const RESTORE_PATIENCE_MS = 10_000;
const PERSON_SCROLLS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** Scrolls to `top` as soon as the document is tall enough; stops when the person takes over. */
function scrollWhenTallEnough(top: number): () => void {
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, top);
    if (window.scrollY >= top - 1) stop();
  });
  const timer = window.setTimeout(stop, RESTORE_PATIENCE_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of PERSON_SCROLLS) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of PERSON_SCROLLS) window.addEventListener(type, stop, { passive: true, once: true });
  return stop;
}
