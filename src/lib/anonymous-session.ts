/**
 * The anonymous browser session id sent with a work-page view (convex/model/viewCounting.ts): a
 * random id kept in localStorage, so a visitor who is not signed in counts once per work per day
 * however often they reload. Signed-in visitors count as themselves (the server ignores the id).
 * Where storage is unavailable (private mode, blocked), the id lasts as long as the page.
 */
export const SESSION_ID_KEY = "vibe-gallery:session-id";

const VALID = /^[A-Za-z0-9_-]{16,64}$/;

let inMemory: string | undefined;

function newSessionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function anonymousSessionId(): string {
  try {
    const stored = localStorage.getItem(SESSION_ID_KEY);
    if (stored && VALID.test(stored)) return stored;
    const created = newSessionId();
    localStorage.setItem(SESSION_ID_KEY, created);
    return created;
  } catch {
    inMemory ??= newSessionId();
    return inMemory;
  }
}
