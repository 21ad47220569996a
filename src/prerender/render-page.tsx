// Build-time prerendering (docs/architecture.md "Prerendering"): the HTML a static host serves
// already holds what does not depend on data (header, footer, the home page's copy, page titles,
// skeletons), so the browser paints a page before any JavaScript has run. scripts/vite-prerender.ts
// renders each public route with this module in Node; src/main.tsx hydrates the result.
import { ConvexReactClient } from "convex/react";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { UNSAFE_createMemoryHistory as createMemoryHistory } from "react-router-dom";
import { AppRouter, type AppHistory } from "@/app/app-router";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";
import type { PrerenderedPage } from "./prerendered-routes";

/**
 * A socket that never connects: at build time there is no data, so every page is rendered as it
 * looks while its data loads, which is also what the browser's first render shows.
 */
class UnconnectedSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly readyState = UnconnectedSocket.CONNECTING;
  onopen = null;
  onclose = null;
  onmessage = null;
  onerror = null;
  send() {}
  close() {}
  addEventListener() {}
  removeEventListener() {}
}

/** The page at `path` (no query string) as signed-out visitors first see it. */
export async function renderPage(path: string, convexUrl: string): Promise<PrerenderedPage> {
  const convex = new ConvexReactClient(convexUrl, {
    webSocketConstructor: UnconnectedSocket as unknown as typeof WebSocket,
    unsavedChangesWarning: false,
  });
  try {
    const history = createMemoryHistory({ initialEntries: [path], v5Compat: true }) as unknown as AppHistory;
    // Unlike renderToString, prerender waits for the lazily loaded page, so its markup is there.
    const { prelude } = await prerender(
      <StrictMode>
        <AppProviders convex={convex}>
          <AppRouter history={history} routes={createRoutes()} />
        </AppProviders>
      </StrictMode>,
      // Everything inline: React would otherwise move large parts out to be revealed by inline
      // scripts, which neither a <template> nor hydration would run.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    // React puts hoisted elements (the page's <title>) first; they belong in <head>.
    const start = html.indexOf("<div");
    return { head: html.slice(0, start), body: html.slice(start) };
  } finally {
    await convex.close();
  }
}
