import { render, screen } from "@testing-library/react";
import type { RouteObject } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render-app";
import { AppErrorBoundary } from "./app-error-boundary";
import { createRoutes, PAGES_ROUTE_ID } from "./router";

function Boom(): never {
  throw new Error("render failed");
}

/** The real route table with one extra page that throws while rendering. */
function routesWithThrowingPage(): RouteObject[] {
  const routes = createRoutes();
  const pages = routes[0]?.children?.find((route) => route.id === PAGES_ROUTE_ID);
  if (!pages?.children) throw new Error("pages route not found");
  pages.children.unshift({ path: "/boom", Component: Boom });
  return routes;
}

function expectErrorScreen() {
  expect(screen.getByRole("heading", { level: 1, name: "エラーが発生しました" })).toBeVisible();
  expect(screen.getByRole("link", { name: "ホームへ" })).toHaveAttribute("href", "/");
  expect(screen.getByRole("button", { name: "再読み込み" })).toBeVisible();
}

describe("error screens", () => {
  // React and the router report caught errors on the console; keep test output readable.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the error screen inside the layout when a page throws", async () => {
    renderApp({ entries: ["/boom"], routes: routesWithThrowingPage() });

    await screen.findByRole("heading", { name: "エラーが発生しました" });
    expectErrorScreen();
    expect(screen.getByRole("banner")).toBeInTheDocument();
  });

  it("reloads the page from the 再読み込み button", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    try {
      const { user } = renderApp({ entries: ["/boom"], routes: routesWithThrowingPage() });
      await user.click(await screen.findByRole("button", { name: "再読み込み" }));
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the app-wide error boundary catches errors outside the router", () => {
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expectErrorScreen();
  });
});
