import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePainted } from "./use-painted";

afterEach(() => vi.useRealTimers());

describe("usePainted", () => {
  it("is false in the first render and true once the next frame has been painted", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    const { result } = renderHook(() => usePainted());
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersToNextFrame());
    // The frame's callback has run, but the paint it precedes has not happened yet.
    expect(result.current).toBe(false);
    act(() => void vi.runOnlyPendingTimers());
    expect(result.current).toBe(true);
  });

  it("does nothing once unmounted before the paint", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    const { result, unmount } = renderHook(() => usePainted());
    unmount();
    act(() => void vi.runAllTimers());
    expect(result.current).toBe(false);
  });
});
