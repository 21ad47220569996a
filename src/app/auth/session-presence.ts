/**
 * Whether this browser needs Convex Auth's client from the start: it holds something of a session
 * (Convex Auth keeps its tokens and the sign-in's verifier in localStorage under keys that begin
 * with this prefix), or Google has just sent it back with the sign-in's code in the address.
 * Everyone else is a visitor, who gets the client only on signing in (providers.tsx).
 */
export const CONVEX_AUTH_STORAGE_PREFIX = "__convexAuth";

export function holdsSession(storage: Pick<Storage, "length" | "key"> | undefined, search: string): boolean {
  if (new URLSearchParams(search).has("code")) return true;
  if (!storage) return false;
  try {
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(CONVEX_AUTH_STORAGE_PREFIX)) return true;
  } catch {
    // Storage refused (a blocked site): Convex Auth could keep no session there either.
  }
  return false;
}

/** This browser's localStorage, or undefined where reading it is refused. */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
