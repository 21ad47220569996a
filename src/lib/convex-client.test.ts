import { afterEach, describe, expect, it, vi } from "vitest";
import { TransitionWebSocket } from "./convex-client";

// Whether code runs inside React's startTransition, as the socket's handler should.
const transition = vi.hoisted(() => ({ active: false }));
vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof import("react")>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      transition.active = true;
      try {
        scope();
      } finally {
        transition.active = false;
      }
    },
  };
});

let socket: TransitionWebSocket | undefined;
afterEach(() => socket?.close());

describe("TransitionWebSocket", () => {
  it("calls the onmessage handler the Convex client sets inside a transition, with the socket as this", () => {
    // Nothing listens there: the socket never opens, which does not matter to its handler.
    socket = new TransitionWebSocket("ws://127.0.0.1:9");
    socket.addEventListener("error", () => {});
    const seen: { data: unknown; inTransition: boolean; self: boolean }[] = [];
    const handler = function (this: WebSocket, event: MessageEvent) {
      seen.push({ data: event.data, inTransition: transition.active, self: this === socket });
    };
    socket.onmessage = handler;
    expect(socket.onmessage).toBe(handler);

    socket.dispatchEvent(new MessageEvent("message", { data: '{"type":"Transition"}' }));
    expect(seen).toEqual([{ data: '{"type":"Transition"}', inTransition: true, self: true }]);

    // A handler taken away is not called; the socket's own constants are WebSocket's.
    socket.onmessage = null;
    socket.dispatchEvent(new MessageEvent("message", { data: "later" }));
    expect(seen).toHaveLength(1);
    expect(TransitionWebSocket.OPEN).toBe(WebSocket.OPEN);
  });
});
