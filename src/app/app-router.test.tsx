import { act, screen, waitFor } from "@testing-library/react";
import { lazy } from "react";
import { useSearchParams, type RouteObject } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { renderApp } from "@/test/render-app";
import { trackPageDownload } from "./page-downloads";
import { createRoutes, PAGES_ROUTE_ID } from "./router";

/** The real route table with extra pages in the pages group (inside the layout). */
function routesWith(pages: RouteObject[]): RouteObject[] {
  const routes = createRoutes();
  const group = routes[0]?.children?.find((route) => route.id === PAGES_ROUTE_ID);
  if (!group?.children) throw new Error("pages route not found");
  group.children.unshift(...pages);
  return routes;
}

function Page({ name }: { name: string }) {
  const [, setParams] = useSearchParams();
  return (
    <>
      <h1>{name}</h1>
      <p id="below">below the fold</p>
      <button type="button" onClick={() => setParams({ f: "1" }, { replace: true, preventScrollReset: true })}>
        filter
      </button>
      <button type="button" onClick={() => setParams({ f: "2" })}>
        plain
      </button>
    </>
  );
}

const pages: RouteObject[] = [
  { path: "/a", element: <Page name="page A" /> },
  { path: "/b", element: <Page name="page B" /> },
];

const setScrollY = (y: number) => Object.defineProperty(window, "scrollY", { value: y, configurable: true });

describe("the app router", () => {
  let scrollTo: MockInstance<typeof window.scrollTo>;
  beforeEach(() => {
    scrollTo = vi.spyOn(window, "scrollTo");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setScrollY(0);
  });

  it("scrolls a new page to the top and restores the old one on Back", async () => {
    const { router } = renderApp({ entries: ["/a"], routes: routesWith(pages) });
    await screen.findByRole("heading", { name: "page A" });

    setScrollY(480);
    scrollTo.mockClear();
    await act(() => router.navigate("/b"));
    await screen.findByRole("heading", { name: "page B" });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    setScrollY(0);
    await act(() => router.navigate(-1));
    await screen.findByRole("heading", { name: "page A" });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
  });

  it("keeps the scroll for a navigation with preventScrollReset, and resets it otherwise", async () => {
    const { user, router } = renderApp({ entries: ["/a"], routes: routesWith(pages) });
    await screen.findByRole("heading", { name: "page A" });

    scrollTo.mockClear();
    await user.click(screen.getByRole("button", { name: "filter" }));
    await waitFor(() => expect(router.state.location.search).toBe("?f=1"));
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "plain" }));
    await waitFor(() => expect(router.state.location.search).toBe("?f=2"));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("scrolls to the element a #hash names", async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView");
    renderApp({ entries: ["/a#below"], routes: routesWith(pages) });
    await screen.findByRole("heading", { name: "page A" });
    expect(scrollIntoView.mock.contexts).toContain(document.getElementById("below"));
  });

  it("keeps the current page, with the progress bar, while the next page's code downloads", async () => {
    let arrive: (page: { default: () => React.JSX.Element }) => void = () => {};
    // As the route table loads its pages.
    const Slow = lazy(() => trackPageDownload(new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve))));
    const { router } = renderApp({ entries: ["/a"], routes: routesWith([...pages, { path: "/slow", Component: Slow }]) });
    await screen.findByRole("heading", { name: "page A" });
    const progressBar = () => document.querySelector(".animate-nav-progress");
    expect(progressBar()).toBeNull();

    // A page whose code is there shows without the bar.
    await act(() => router.navigate("/b"));
    await screen.findByRole("heading", { name: "page B" });
    expect(progressBar()).toBeNull();

    await act(() => router.navigate("/slow"));
    expect(screen.getByRole("heading", { name: "page B" })).toBeVisible();
    expect(progressBar()).not.toBeNull();

    act(() => arrive({ default: () => <h1>slow page</h1> }));
    await screen.findByRole("heading", { name: "slow page" });
    expect(screen.queryByRole("heading", { name: "page B" })).not.toBeInTheDocument();
    expect(progressBar()).toBeNull();
  });

  it("clears a page's error screen when another page is opened", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Boom(): never {
      throw new Error("render failed");
    }
    const { router } = renderApp({ entries: ["/boom"], routes: routesWith([...pages, { path: "/boom", Component: Boom }]) });
    await screen.findByRole("heading", { name: "エラーが発生しました" });

    await act(() => router.navigate("/a"));
    await screen.findByRole("heading", { name: "page A" });
    expect(screen.queryByRole("heading", { name: "エラーが発生しました" })).not.toBeInTheDocument();
  });

  it("shows the 404 page for a path no route has", async () => {
    renderApp({ entries: ["/no-such-page"] });
    expect(await screen.findByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  });
});
