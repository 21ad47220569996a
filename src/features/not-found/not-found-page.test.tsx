import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

describe("404 page", () => {
  it("renders for an unknown path with a home link and a back button", async () => {
    renderApp({ entries: ["/this/does/not/exist"] });

    expect(await screen.findByRole("heading", { level: 1, name: "ページが見つかりません" })).toBeVisible();
    expect(screen.getByRole("link", { name: "ホームに戻る" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("button", { name: "前のページに戻る" })).toBeVisible();
    // The layout stays, so the visitor can navigate on from here.
    expect(screen.getByRole("banner")).toBeInTheDocument();
  });

  it.each(["/no-such-page", "/challenges/abc/extra"])("renders for %s, which matches no route", async (path) => {
    renderApp({ entries: [path] });
    expect(await screen.findByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  });

  it("goes back to the previous page", async () => {
    const { user, router } = renderApp({ entries: ["/help", "/nope"] });
    await user.click(await screen.findByRole("button", { name: "前のページに戻る" }));

    expect(await screen.findByRole("heading", { level: 1, name: "ヘルプ" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/help");
  });

  it("goes home when there is no previous page in this visit", async () => {
    const { user, router } = renderApp({ entries: ["/nope"] });
    await user.click(await screen.findByRole("button", { name: "前のページに戻る" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("heading", { level: 1, name: /コードを書かずに/ })).toBeVisible();
  });
});
