import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router-dom";
import { AppErrorBoundary } from "@/app/app-error-boundary";
import { AppRouter } from "@/app/app-router";
import { holdsSession, browserStorage } from "@/app/auth/session-presence";
import { AppProviders, loadSessionAuth, type SessionAuthModule } from "@/app/providers";
import { prewarmFirstPage } from "@/app/prewarm-first-page";
import { createRoutes } from "@/app/router";
import { createConvexClient } from "@/lib/convex-client";
import "./index.css";

// The history <BrowserRouter> would create; AppRouter adds what the pages need on top of it.
const history = createBrowserHistory({ v5Compat: true });
const routes = createRoutes();
const convex = createConvexClient();
prewarmFirstPage(convex, window.location.pathname);

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error('index.html is missing <div id="root">');

const render = (sessionAuth: SessionAuthModule | null) => {
  const app = (
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders convex={convex} sessionAuth={sessionAuth}>
          <AppRouter history={history} routes={routes} />
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>
  );

  // The production build prerenders the public pages (scripts/vite-prerender.ts) and names the
  // path it rendered. That HTML is hydrated when it is this very page; otherwise (a page with an
  // id, a query string, the dev server's empty page) React renders afresh, replacing it in one go.
  // Either way as a transition: React then works in slices of a few milliseconds, yielding to the
  // browser in between, instead of holding the main thread (and a tap) for the whole first render.
  const prerendered = rootElement.getAttribute("data-prerendered");
  startTransition(() => {
    if (prerendered === window.location.pathname && window.location.search === "") {
      hydrateRoot(rootElement, app);
    } else {
      createRoot(rootElement).render(app);
    }
  });
};

// A browser holding a session starts with Convex Auth's client; a visitor gets it on signing in
// (AppProviders). Should it fail to download, the app still starts, signed out.
if (holdsSession(browserStorage(), window.location.search)) {
  loadSessionAuth().then(render, () => render(null));
} else {
  render(null);
}
