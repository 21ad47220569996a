import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { AuthActionsContext, type AuthActions } from "@/lib/auth-actions";
import { SignInButton } from "./sign-in-button";

/** Actions whose sign-in is on its way to Google (it never settles) or is refused. */
const actions = (signIn: AuthActions["signIn"]): AuthActions => ({ signIn, signOut: () => Promise.resolve() });

const pageShown = (persisted: boolean) => {
  const event = new Event("pageshow");
  Object.defineProperty(event, "persisted", { value: persisted });
  act(() => void window.dispatchEvent(event));
};

describe("SignInButton", () => {
  test("asks Google to bring the visitor back here, and every ログイン button stays busy meanwhile", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/projects?sort=popular");
    const signIn = vi.fn(() => new Promise<never>(() => {}));
    render(
      <AuthActionsContext.Provider value={actions(signIn)}>
        <SignInButton />
        <SignInButton size="lg" />
      </AuthActionsContext.Provider>,
    );
    const [first] = screen.getAllByRole("button", { name: "ログイン" });
    await user.click(first!);
    expect(signIn).toHaveBeenCalledWith("google", { redirectTo: "/projects?sort=popular" });
    for (const button of screen.getAllByRole("button", { name: "ログイン" })) expect(button).toHaveAttribute("aria-busy", "true");

    // A page restored as it was left, after Back from Google's page, is no longer signing in.
    pageShown(false);
    expect(first).toHaveAttribute("aria-busy", "true");
    pageShown(true);
    for (const button of screen.getAllByRole("button", { name: "ログイン" })) expect(button).not.toHaveAttribute("aria-busy");
  });

  test("a refused sign-in frees the button", async () => {
    const user = userEvent.setup();
    render(
      <AuthActionsContext.Provider value={actions(() => Promise.reject(new Error("offline")))}>
        <SignInButton />
      </AuthActionsContext.Provider>,
    );
    await user.click(screen.getByRole("button", { name: "ログイン" }));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "ログイン" })).not.toHaveAttribute("aria-busy"));
    expect(screen.getByRole("button", { name: "ログイン" })).toBeEnabled();
  });
});
