import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppErrorBoundary } from "@/app/app-error-boundary";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";
import { createConvexClient } from "@/lib/convex-client";
import "./index.css";

const router = createBrowserRouter(createRoutes());
const convex = createConvexClient();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html is missing <div id=\"root\">");

createRoot(rootElement).render(
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders convex={convex}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>,
);
