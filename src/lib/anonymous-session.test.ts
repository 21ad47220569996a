import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anonymousSessionId, SESSION_ID_KEY } from "./anonymous-session";

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("anonymousSessionId (one anonymous viewer per browser)", () => {
  it("creates a random id once and keeps it in localStorage", () => {
    const first = anonymousSessionId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(localStorage.getItem(SESSION_ID_KEY)).toBe(first);
    expect(anonymousSessionId()).toBe(first);
  });

  it("replaces a stored value that is not a session id", () => {
    localStorage.setItem(SESSION_ID_KEY, "bad id!");
    const id = anonymousSessionId();
    expect(id).not.toBe("bad id!");
    expect(localStorage.getItem(SESSION_ID_KEY)).toBe(id);
  });

  it("without storage, keeps one id for the life of the page", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("blocked");
    });
    const id = anonymousSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(anonymousSessionId()).toBe(id);
  });
});
