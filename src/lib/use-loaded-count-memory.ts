import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

const STORAGE_PREFIX = "vibe-gallery:loaded:";

type PaginatedList = {
  /** Which list on the page (a page may show several). */
  listId: string;
  loaded: number;
  canLoadMore: boolean;
  loadMore: () => void;
};

/**
 * Brings a paginated list back to the length it had when this history entry was left (Back from
 * a work to the gallery after もっと見る), so the scroll position has its rows to land on. The
 * count lives in sessionStorage by history entry, like the scroll positions, so a reload keeps it.
 */
export function useLoadedCountMemory({ listId, loaded, canLoadMore, loadMore }: PaginatedList) {
  const { key } = useLocation();
  const storageKey = `${STORAGE_PREFIX}${key}:${listId}`;
  // What to reach, read once when the list arrives on this entry.
  const target = useRef<{ key: string; count: number } | null>(null);
  if (target.current?.key !== storageKey && typeof window !== "undefined") {
    target.current = { key: storageKey, count: readCount(storageKey) };
  }

  useEffect(() => {
    if (loaded > 0) writeCount(storageKey, loaded);
  }, [storageKey, loaded]);

  useEffect(() => {
    const goal = target.current?.count ?? 0;
    if (canLoadMore && loaded > 0 && loaded < goal) loadMore();
  }, [canLoadMore, loaded, loadMore]);
}

function readCount(storageKey: string): number {
  try {
    return Number(sessionStorage.getItem(storageKey)) || 0;
  } catch {
    return 0;
  }
}

function writeCount(storageKey: string, count: number) {
  try {
    sessionStorage.setItem(storageKey, String(count));
  } catch {
    // Storage full or disabled: Back shows the first page only, nothing else is lost.
  }
}
