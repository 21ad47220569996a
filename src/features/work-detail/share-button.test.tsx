import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast-provider";
import { ShareButton } from "./share-button";

function renderButton() {
  return render(
    <ToastProvider>
      <ShareButton url="https://vibe.example/projects/abc" title="家計簿" />
    </ToastProvider>,
  );
}

const original = {
  share: Object.getOwnPropertyDescriptor(navigator, "share")?.value as unknown,
  clipboard: navigator.clipboard,
};
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(navigator, "share", { value: original.share, configurable: true });
  Object.defineProperty(navigator, "clipboard", { value: original.clipboard, configurable: true });
});

describe("ShareButton", () => {
  it("copies the link and shows コピー済み for 2 seconds when there is no share sheet", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderButton();

    await act(() => {
      fireEvent.click(screen.getByRole("button", { name: "共有" }));
      return Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith("https://vibe.example/projects/abc");
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

  it("uses the native share sheet when the browser has one", async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderButton();

    await act(() => {
      fireEvent.click(screen.getByRole("button", { name: "共有" }));
      return Promise.resolve();
    });
    expect(share).toHaveBeenCalledWith({ title: "家計簿", url: "https://vibe.example/projects/abc" });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText("コピー済み")).not.toBeInTheDocument();
  });
});
