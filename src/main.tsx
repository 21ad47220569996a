import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router-dom";
import { AppErrorBoundary } from "@/app/app-error-boundary";
import { AppRouter } from "@/app/app-router";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";
import { createConvexClient } from "@/lib/convex-client";
import "./index.css";

// The history <BrowserRouter> would create; AppRouter adds what the pages need on top of it.
const history = createBrowserHistory({ v5Compat: true });
const routes = createRoutes();
const convex = createConvexClient();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html is missing <div id=\"root\">");

createRoot(rootElement).render(
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders convex={convex}>
        <AppRouter history={history} routes={routes} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>,
);
