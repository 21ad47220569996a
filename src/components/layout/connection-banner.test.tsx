import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CONNECTION_LOST_DELAY_MS,
  CONNECTION_LOST_MESSAGE,
  ConnectionBannerView,
  isConnectionLost,
  useConnectionLost,
  type ConnectionSource,
} from "./connection-banner";

type Facts = ReturnType<ConnectionSource["connectionState"]>;

/** A stand-in for ConvexReactClient's connection-state API whose state the test sets. */
function fakeClient(initial: Facts) {
  let state = initial;
  const listeners = new Set<(s: Facts) => void>();
  const client: ConnectionSource = {
    connectionState: () => state,
    subscribeToConnectionState(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
  const set = (next: Partial<Facts>) =>
    act(() => {
      state = { ...state, ...next };
      for (const cb of listeners) cb(state);
    });
  return { client, set, listeners };
}

const connecting: Facts = { isWebSocketConnected: false, hasEverConnected: false, connectionRetries: 0 };

function Banner({ client }: { client: ConnectionSource }) {
  return <ConnectionBannerView lost={useConnectionLost(client)} />;
}

const banner = () => screen.queryByText(CONNECTION_LOST_MESSAGE);
const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe("connection banner", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts the connection lost only once the first attempt has settled", () => {
    expect(isConnectionLost(connecting)).toBe(false);
    expect(isConnectionLost({ ...connecting, connectionRetries: 1 })).toBe(true);
    expect(isConnectionLost({ ...connecting, hasEverConnected: true })).toBe(true);
    expect(isConnectionLost({ isWebSocketConnected: true, hasEverConnected: true, connectionRetries: 0 })).toBe(false);
  });

  it("stays hidden while the first connection is being made", () => {
    const { client } = fakeClient(connecting);
    render(<Banner client={client} />);
    advance(5 * CONNECTION_LOST_DELAY_MS);
    expect(banner()).not.toBeInTheDocument();
    // The live region is there from the start, so the message is announced when it appears.
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
  });

  it("shows after the socket has been down for a moment and clears on reconnect", () => {
    const { client, set } = fakeClient({ ...connecting, isWebSocketConnected: true, hasEverConnected: true });
    render(<Banner client={client} />);
    set({ isWebSocketConnected: false });
    advance(CONNECTION_LOST_DELAY_MS - 1);
    expect(banner()).not.toBeInTheDocument();
    // Further state changes while down (retries) do not restart the wait.
    set({ connectionRetries: 1 });
    advance(1);
    expect(screen.getByRole("status")).toHaveTextContent(CONNECTION_LOST_MESSAGE);

    set({ isWebSocketConnected: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it("ignores a blip shorter than the delay", () => {
    const { client, set } = fakeClient({ ...connecting, isWebSocketConnected: true, hasEverConnected: true });
    render(<Banner client={client} />);
    set({ isWebSocketConnected: false });
    advance(CONNECTION_LOST_DELAY_MS / 2);
    set({ isWebSocketConnected: true });
    advance(5 * CONNECTION_LOST_DELAY_MS);
    expect(banner()).not.toBeInTheDocument();
  });

  it("shows when the first attempt fails", () => {
    const { client, set } = fakeClient(connecting);
    render(<Banner client={client} />);
    set({ connectionRetries: 1 });
    advance(CONNECTION_LOST_DELAY_MS);
    expect(banner()).toBeInTheDocument();
  });

  it("unsubscribes on unmount", () => {
    const { client, listeners } = fakeClient(connecting);
    const { unmount } = render(<Banner client={client} />);
    expect(listeners.size).toBe(1);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
