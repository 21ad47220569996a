import { useCallback, useSyncExternalStore } from "react";

/** Bookmarks are kept in this browser only (SPEC.md): a list of work ids in localStorage. */
export const BOOKMARKS_KEY = "vibe-gallery:bookmarks";

const listeners = new Set<() => void>();

function readIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(BOOKMARKS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the bookmarks updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === BOOKMARKS_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useBookmark(id: string) {
  const bookmarked = useSyncExternalStore(
    subscribe,
    () => readIds().includes(id),
    () => false,
  );
  const toggle = useCallback(() => {
    const ids = readIds();
    const next = ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
    try {
      localStorage.setItem(BOOKMARKS_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the bookmark simply does not stick.
    }
    listeners.forEach((listener) => listener());
    return next.includes(id);
  }, [id]);
  return [bookmarked, toggle] as const;
}
