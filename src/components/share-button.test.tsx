import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast-provider";
import { challengeResultsShareUrl, workShareUrl } from "@/lib/share-link";
import { ShareButton } from "./share-button";

/** The deployment's HTTP-action site, where share pages are served. */
const SITE = "https://vibe.convex.site";
const SHARE_URL = `${SITE}/share/projects/abc`;

function renderButton() {
  return render(
    <ToastProvider>
      <ShareButton url={workShareUrl("abc")} title="家計簿" />
    </ToastProvider>,
  );
}

beforeEach(() => {
  vi.stubEnv("VITE_CONVEX_SITE_URL", SITE);
});

const original = {
  share: Object.getOwnPropertyDescriptor(navigator, "share")?.value as unknown,
  clipboard: navigator.clipboard,
};
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  Object.defineProperty(navigator, "share", { value: original.share, configurable: true });
  Object.defineProperty(navigator, "clipboard", { value: original.clipboard, configurable: true });
});

describe("ShareButton", () => {
  it("copies the share link and shows コピー済み for 2 seconds when there is no share sheet", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderButton();

    await act(() => {
      fireEvent.click(screen.getByRole("button", { name: "共有" }));
      return Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(SHARE_URL);
    expect(screen.getByRole("button", { name: "コピー済み" })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole("button", { name: "コピー済み" })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole("button", { name: "共有" })).toBeInTheDocument();
  });

  it("shares the share link through the native share sheet when the browser has one", async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderButton();

    await act(() => {
      fireEvent.click(screen.getByRole("button", { name: "共有" }));
      return Promise.resolve();
    });
    expect(share).toHaveBeenCalledWith({ title: "家計簿", url: SHARE_URL });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText("コピー済み")).not.toBeInTheDocument();
  });

  it("copies the work page's own link when the deployment's site URL is unknown", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "");
    vi.stubEnv("VITE_CONVEX_URL", "http://127.0.0.1:3210");
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderButton();

    await act(() => {
      fireEvent.click(screen.getByRole("button", { name: "共有" }));
      return Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/projects/abc`);
  });

  it("shares a challenge's results by their share link", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(
      <ToastProvider>
        <ShareButton url={challengeResultsShareUrl("c1")} title="結果発表" />
      </ToastProvider>,
    );
    await act(() => {
      fireEvent.click(screen.getByRole("button", { name: "共有" }));
      return Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${SITE}/share/challenges/c1/results`);
  });
});
