// A visitor's saved works (ストック) live in this browser's local storage until they sign in; then
// they are merged into their account (components/auth/local-saves-merge.tsx) and cleared here.
// Shared by the work page's button, the /saved page and the merge at sign-in.
import { useSyncExternalStore } from "react";

/** The key the bookmarks always had, so what visitors saved before stays theirs. */
export const LOCAL_SAVES_KEY = "vibe-gallery:bookmarks";

const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];
let cachedRaw: string | null = null;
let cachedIds: readonly string[] = EMPTY;

function rawValue(): string | null {
  try {
    return localStorage.getItem(LOCAL_SAVES_KEY);
  } catch {
    return null;
  }
}

/** The saved work ids, oldest saved first (the order they were added in). */
export function readLocalSaves(): readonly string[] {
  const raw = rawValue();
  if (raw === cachedRaw) return cachedIds;
  cachedRaw = raw;
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    cachedIds = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : EMPTY;
  } catch {
    cachedIds = EMPTY;
  }
  return cachedIds;
}

function write(ids: readonly string[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(LOCAL_SAVES_KEY);
    else localStorage.setItem(LOCAL_SAVES_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or disabled: the change simply does not stick.
  }
  listeners.forEach((listener) => listener());
}

/** Saves or unsaves one work locally; returns whether it is saved now. */
export function toggleLocalSave(id: string): boolean {
  const ids = readLocalSaves();
  const saved = ids.includes(id);
  write(saved ? ids.filter((other) => other !== id) : [...ids, id]);
  return !saved;
}

/** Takes the given ids off the local list (after they were merged into the account). */
export function removeLocalSaves(done: readonly string[]) {
  const drop = new Set(done);
  write(readLocalSaves().filter((id) => !drop.has(id)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the list updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_SAVES_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The local list, live (oldest saved first). */
export function useLocalSaves(): readonly string[] {
  return useSyncExternalStore(subscribe, readLocalSaves, () => EMPTY);
}
