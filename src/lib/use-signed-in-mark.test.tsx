import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SIGNED_IN_MARK } from "@/prerender/signed-in-mark";
import { useSignedInMark } from "./use-signed-in-mark";

afterEach(() => localStorage.clear());

describe("useSignedInMark", () => {
  it("marks the browser signed in, and clears the mark once the session is known to be signed out", () => {
    const { rerender } = renderHook(({ status }) => useSignedInMark(status), {
      initialProps: { status: "loading" as "loading" | "signedIn" | "signedOut" },
    });
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
    rerender({ status: "signedIn" });
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe("1");
    // Reloading: the session is read again; the mark stays until the answer is known.
    rerender({ status: "loading" });
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe("1");
    rerender({ status: "signedOut" });
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
  });

  it("clears a stale mark on a visit whose session has expired", () => {
    localStorage.setItem(SIGNED_IN_MARK, "1");
    renderHook(() => useSignedInMark("signedOut"));
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
  });
});
