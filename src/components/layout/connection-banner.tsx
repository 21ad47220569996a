import { useConvex } from "convex/react";
import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";

/** The part of ConvexReactClient's connection API the banner uses (a fake in tests). */
export type ConnectionSource = {
  connectionState(): ConnectionFacts;
  subscribeToConnectionState(cb: (state: ConnectionFacts) => void): () => void;
};
type ConnectionFacts = { isWebSocketConnected: boolean; hasEverConnected: boolean; connectionRetries: number };

/** How long the socket must stay down before the banner shows, so a blip goes unnoticed. */
export const CONNECTION_LOST_DELAY_MS = 1000;

export const CONNECTION_LOST_MESSAGE = "接続が切れています。再接続しています…";

/**
 * Down once the first attempt has settled: the socket was open and closed, or the first
 * attempt failed. While the very first connection is still being made it is not "lost".
 */
export function isConnectionLost(state: ConnectionFacts): boolean {
  return !state.isWebSocketConnected && (state.hasEverConnected || state.connectionRetries > 0);
}

/** True once the client's WebSocket has been down for `delayMs`; false again on reconnect. */
export function useConnectionLost(client: ConnectionSource, delayMs = CONNECTION_LOST_DELAY_MS): boolean {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = (state: ConnectionFacts) => {
      if (isConnectionLost(state)) {
        timer ??= setTimeout(() => setLost(true), delayMs);
      } else {
        clearTimeout(timer);
        timer = undefined;
        setLost(false);
      }
    };
    update(client.connectionState());
    const unsubscribe = client.subscribeToConnectionState(update);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [client, delayMs]);
  return lost;
}

/** The calm notice shown while the connection to the backend is down. */
export function ConnectionBannerView({ lost }: { lost: boolean }) {
  // The live region is always there, so screen readers announce the text when it appears.
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {lost && (
        <p className="pointer-events-auto flex items-center gap-2 rounded-full border border-amber-200 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 shadow-lg">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          {CONNECTION_LOST_MESSAGE}
        </p>
      )}
    </div>
  );
}

/** Rendered by the root layout: follows the Convex client's own connection state. */
export function ConnectionBanner() {
  const lost = useConnectionLost(useConvex());
  return <ConnectionBannerView lost={lost} />;
}
