import { describe, expect, test } from "vitest";
import { holdsSession } from "./session-presence";

/** A Storage holding `keys`, as far as holdsSession reads one. */
const storageWith = (...keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe("holdsSession", () => {
  test("a browser with none of Convex Auth's keys and no code in the address is a visitor", () => {
    expect(holdsSession(storageWith(), "")).toBe(false);
    expect(holdsSession(storageWith("vibe-gallery:signed-in", "vibe-gallery:saves"), "?q=game")).toBe(false);
    expect(holdsSession(undefined, "")).toBe(false);
  });

  test("a stored token, refresh token or sign-in verifier means a session", () => {
    for (const key of ["__convexAuthJWT_httpsexampleconvexcloud", "__convexAuthRefreshToken_x", "__convexAuthOAuthVerifier_x"]) {
      expect(holdsSession(storageWith("other", key), "")).toBe(true);
    }
  });

  test("coming back from Google with the sign-in's code means a session, even with no storage", () => {
    expect(holdsSession(undefined, "?code=abc")).toBe(true);
    expect(holdsSession(storageWith(), "?redirectTo=%2F&code=abc")).toBe(true);
  });

  test("storage that refuses to be read counts as none", () => {
    const refusing = {
      get length(): number {
        throw new DOMException("denied", "SecurityError");
      },
      key: () => null,
    };
    expect(holdsSession(refusing, "")).toBe(false);
  });
});
