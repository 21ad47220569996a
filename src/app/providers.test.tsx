import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexReactClient, useConvexAuth } from "convex/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SignInButton } from "@/components/auth/sign-in-button";
import { useAuthActions } from "@/lib/auth-actions";
import { AppProviders, loadSessionAuth } from "./providers";

// Convex Auth's client, faked: whether it was downloaded, and what its sign-in was asked.
const library = vi.hoisted(() => ({
  downloaded: false,
  signIn: vi.fn((_provider: string, _params?: unknown) => new Promise<{ signingIn: boolean }>(() => {})),
  signOut: vi.fn(() => Promise.resolve()),
}));
vi.mock("@convex-dev/auth/react", async () => {
  library.downloaded = true;
  const { ConvexProviderWithAuth } = await import("convex/react");
  const signedIn = { isLoading: false, isAuthenticated: true, fetchAccessToken: () => Promise.resolve(null) };
  const actions = { signIn: library.signIn, signOut: library.signOut };
  return {
    ConvexAuthProvider: ({ client, children }: { client: ConvexReactClient; children: React.ReactNode }) => (
      <ConvexProviderWithAuth client={client} useAuth={() => signedIn}>
        <section aria-label="Convex Auth">{children}</section>
      </ConvexProviderWithAuth>
    ),
    useAuthActions: () => actions,
  };
});

let convex: ConvexReactClient;
beforeEach(() => {
  // A client that never connects.
  convex = new ConvexReactClient("http://127.0.0.1:9", { unsavedChangesWarning: false });
});
afterEach(async () => {
  cleanup();
  await convex.close();
});

/** Whether Convex Auth's (fake) provider holds the app. */
const underConvexAuth = () => screen.queryByRole("region", { name: "Convex Auth" }) !== null;

function Session() {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const { signOut } = useAuthActions();
  return (
    <>
      <p>{isLoading ? "確認中" : isAuthenticated ? "ログイン中" : "未ログイン"}</p>
      <button type="button" onClick={() => void signOut()}>
        ログアウト
      </button>
      <SignInButton />
    </>
  );
}

describe("AppProviders", () => {
  // First: the fake library, once downloaded, stays in the module cache.
  test("a visitor runs without Convex Auth's client; signing in downloads it and signs in once, the button busy until Google", async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <AppProviders convex={convex}>
          <Session />
        </AppProviders>
      </StrictMode>,
    );
    expect(screen.getByText("未ログイン")).toBeInTheDocument();
    expect(underConvexAuth()).toBe(false);
    expect(library.downloaded).toBe(false);
    await user.click(screen.getByRole("button", { name: "ログアウト" }));
    expect(library.signOut).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "ログイン" }));
    // Convex Auth now holds the app, and was asked once.
    await vi.waitFor(() => expect(underConvexAuth()).toBe(true));
    expect(library.downloaded).toBe(true);
    await vi.waitFor(() => expect(library.signIn).toHaveBeenCalledTimes(1));
    expect(library.signIn).toHaveBeenCalledWith("google", { redirectTo: "/" });
    expect(screen.getByRole("button", { name: "ログイン" })).toHaveAttribute("aria-busy", "true");
    // Its actions are the app's from now on.
    await user.click(screen.getByRole("button", { name: "ログアウト" }));
    expect(library.signOut).toHaveBeenCalledTimes(1);
  });

  test("a browser holding a session starts with Convex Auth's client", async () => {
    library.signIn.mockClear();
    render(
      <AppProviders convex={convex} sessionAuth={await loadSessionAuth()}>
        <Session />
      </AppProviders>,
    );
    expect(underConvexAuth()).toBe(true);
    expect(library.signIn).not.toHaveBeenCalled();
  });

  test("a visitor's tab follows a sign-in in another tab", async () => {
    render(
      <AppProviders convex={convex}>
        <Session />
      </AppProviders>,
    );
    expect(screen.getByText("未ログイン")).toBeInTheDocument();
    // Another app's key, or a key removed, changes nothing.
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "vibe-gallery:saves", newValue: "[]" }));
      window.dispatchEvent(new StorageEvent("storage", { key: "__convexAuthJWT_x", newValue: null }));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(underConvexAuth()).toBe(false);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "__convexAuthJWT_x", newValue: "token" }));
    });
    await vi.waitFor(() => expect(underConvexAuth()).toBe(true));
  });
});
