import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

async function renderHome() {
  const app = renderApp({ entries: ["/"] });
  await screen.findByRole("heading", { level: 1, name: /コードを書かずに/ });
  return app;
}

const searchField = () => screen.queryByRole("searchbox", { name: "作品を検索" });

describe("header search", () => {
  it("opens with Ctrl+K and puts the cursor in the search field", async () => {
    const { user } = await renderHome();
    expect(searchField()).not.toBeInTheDocument();

    await user.keyboard("{Control>}k{/Control}");

    expect(searchField()).toBeVisible();
    expect(searchField()).toHaveFocus();
  });

  it("opens with Cmd+K (Meta) too", async () => {
    const { user } = await renderHome();
    await user.keyboard("{Meta>}k{/Meta}");
    expect(searchField()).toHaveFocus();
  });

  it("opens from the header button and closes on Escape, returning focus to the button", async () => {
    const { user } = await renderHome();
    const toggle = screen.getByRole("button", { name: /作品を検索/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    await user.click(toggle);
    expect(searchField()).toHaveFocus();
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{Escape}");
    expect(searchField()).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /作品を検索/ })).toHaveFocus();
  });

  it("goes to /projects?search=<text> on submit and closes", async () => {
    const { user, router } = await renderHome();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(searchField()!, "  AI アート  {Enter}");

    await waitFor(() => expect(router.state.location.pathname).toBe("/projects"));
    expect(router.state.location.search).toBe("?search=AI%20%E3%82%A2%E3%83%BC%E3%83%88");
    expect(new URLSearchParams(router.state.location.search).get("search")).toBe("AI アート");
    expect(searchField()).not.toBeInTheDocument();
  });

  it("ignores a blank search", async () => {
    const { user, router } = await renderHome();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(searchField()!, "   {Enter}");
    await user.click(screen.getByRole("button", { name: "検索" }));

    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe("");
    expect(searchField()).toBeInTheDocument();
  });
});

describe("header navigation", () => {
  it("marks the current section as active", async () => {
    renderApp({ entries: ["/projects"] });
    await screen.findByRole("heading", { level: 1, name: "作品を探す" });
    const nav = screen.getByRole("navigation", { name: "メインナビゲーション" });

    expect(within(nav).getByRole("link", { name: "作品を探す" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "ホーム" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "チャレンジ" })).toHaveAttribute("href", "/challenges");
    expect(within(nav).getByRole("link", { name: "投稿する" })).toHaveAttribute("href", "/submit");
  });
});

describe("mobile menu", () => {
  it("opens as a dialog with the nav links and closes when a link is followed", async () => {
    const { user, router } = await renderHome();
    await user.click(screen.getByRole("button", { name: "メニューを開く" }));

    const menu = await screen.findByRole("dialog", { name: "メニュー" });
    expect(within(menu).getByRole("link", { name: "ホーム" })).toHaveAttribute("aria-current", "page");
    expect(within(menu).getByRole("link", { name: "ヘルプ" })).toBeInTheDocument();

    await user.click(within(menu).getByRole("link", { name: "チャレンジ" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "メニュー" })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/challenges");
  });

  it("searches from the menu and closes it", async () => {
    const { user, router } = await renderHome();
    await user.click(screen.getByRole("button", { name: "メニューを開く" }));
    const menu = await screen.findByRole("dialog", { name: "メニュー" });

    await user.type(within(menu).getByRole("searchbox", { name: "作品を検索" }), "ゲーム{Enter}");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/projects");
    expect(new URLSearchParams(router.state.location.search).get("search")).toBe("ゲーム");
  });

  it("closes with its close button and stays on the page", async () => {
    const { user, router } = await renderHome();
    await user.click(screen.getByRole("button", { name: "メニューを開く" }));
    const menu = await screen.findByRole("dialog", { name: "メニュー" });

    await user.click(within(menu).getByRole("button", { name: "閉じる" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/");
  });
});
