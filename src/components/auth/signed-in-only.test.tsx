import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

describe("pages that need sign-in", () => {
  it.each([
    ["/profile/setup", "プロフィールを設定するには"],
    ["/profile/edit", "プロフィールを編集するには"],
    ["/settings", "設定を変更するには"],
  ])("%s asks a signed-out visitor to sign in, in place", async (path, reason) => {
    const { router } = renderApp({ entries: [path] });
    const main = screen.getByRole("main");
    expect(await within(main).findByRole("heading", { name: "ログインが必要です" })).toBeVisible();
    expect(within(main).getByText(new RegExp(reason))).toBeVisible();
    expect(within(main).getByRole("button", { name: "ログイン" })).toBeEnabled();
    // No redirect: the URL stays, so signing in comes back here.
    expect(router.state.location.pathname).toBe(path);
  });
});
