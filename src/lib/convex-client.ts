import { ConvexReactClient } from "convex/react";
import { startTransition } from "react";

/**
 * The browser's WebSocket, except that what the server pushes renders as a transition. The Convex
 * client handles each message synchronously in `onmessage`, so the state updates its queries make
 * there are transitions, which React renders in slices, yielding to the browser in between. A
 * page's data arriving otherwise renders in one task, which holds a slow phone's main thread (and
 * a tap) for a fifth of a second. Local changes (optimistic updates, typing) stay immediate.
 */
export class TransitionWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    let handler: WebSocket["onmessage"] = null;
    // An own property in place of the prototype's: the handler is kept here and called below.
    Object.defineProperty(this, "onmessage", {
      configurable: true,
      get: () => handler,
      set: (next: WebSocket["onmessage"]) => {
        handler = next;
      },
    });
    this.addEventListener("message", (event) => {
      const current = handler;
      if (current) startTransition(() => void current.call(this, event));
    });
  }
}

/**
 * The one Convex client of the app. `npm run dev` sets VITE_CONVEX_URL to the embedded local
 * backend; a real deployment sets it at build time.
 */
export function createConvexClient(url: string | undefined = import.meta.env.VITE_CONVEX_URL as string | undefined) {
  if (!url) {
    throw new Error("VITE_CONVEX_URL が設定されていません。`npm run dev` で起動するか、デプロイ先のURLを設定してください。");
  }
  return new ConvexReactClient(url, { unsavedChangesWarning: false, webSocketConstructor: TransitionWebSocket });
}
