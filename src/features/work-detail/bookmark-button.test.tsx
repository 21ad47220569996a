import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { ToastContext, type ToastApi } from "@/components/ui/toast-context";
import { FakeConvex, renderWithConvex } from "@/test/fake-convex";
import { BookmarkButton } from "./bookmark-button";
import { BOOKMARKS_KEY } from "./use-bookmark";

// Who is signed in, what saves.status answers, and whether saves.toggle fails.
type FakeServer = {
  status: "loading" | "signedOut" | "signedIn";
  saved: boolean | undefined;
  fail: Error | null;
};
const state = vi.hoisted((): FakeServer => ({ status: "signedOut", saved: undefined, fail: null }));

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () =>
    state.status === "signedIn"
      ? { status: "signedIn", viewer: { _id: "me" } }
      : { status: state.status, viewer: state.status === "loading" ? undefined : null },
}));

let convex: FakeConvex;
const toast: ToastApi = { show: vi.fn(), success: vi.fn(), error: vi.fn() };
const renderButton = (ui: React.ReactNode) => renderWithConvex(convex, <ToastContext value={toast}>{ui}</ToastContext>);
const toggles = () => convex.callsTo(api.saves.toggle);
const stored = () => JSON.parse(localStorage.getItem(BOOKMARKS_KEY) ?? "[]") as unknown;

beforeEach(() => {
  localStorage.clear();
  state.status = "signedOut";
  state.saved = undefined;
  state.fail = null;
  convex = new FakeConvex()
    .onQuery(api.saves.status, () => state.saved)
    .onMutation(api.saves.toggle, () => {
      if (state.fail) throw state.fail;
      return { saved: true };
    });
  vi.mocked(toast.error).mockClear();
});

describe("BookmarkButton for a visitor (this browser)", () => {
  it("keeps the save in localStorage across remounts, and never calls the server", async () => {
    const user = userEvent.setup();
    const { unmount } = renderButton(<BookmarkButton workId="work-1" />);
    const button = screen.getByRole("button", { name: "ストック" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(button).toHaveAttribute("title", expect.stringContaining("このブラウザ"));

    await user.click(button);
    expect(screen.getByRole("button", { name: "ストック済み" })).toHaveAttribute("aria-pressed", "true");
    expect(stored()).toEqual(["work-1"]);

    unmount();
    renderButton(<BookmarkButton workId="work-1" />);
    await user.click(screen.getByRole("button", { name: "ストック済み" }));
    expect(stored()).toEqual([]);
    expect(toggles()).toEqual([]);
  });

  it("keeps other works' saves and survives broken storage", async () => {
    localStorage.setItem(BOOKMARKS_KEY, "not json");
    const user = userEvent.setup();
    renderButton(
      <>
        <BookmarkButton workId="a" />
        <BookmarkButton workId="b" />
      </>,
    );
    const [a, b] = screen.getAllByRole("button", { name: "ストック" });
    await user.click(a!);
    await user.click(b!);
    expect(stored()).toEqual(["a", "b"]);
    expect(screen.getAllByRole("button", { name: "ストック済み" })).toHaveLength(2);
  });
});

describe("BookmarkButton when signed in (the account)", () => {
  it("shows the server's answer and toggles on the server, not in localStorage", async () => {
    state.status = "signedIn";
    state.saved = true;
    localStorage.setItem(BOOKMARKS_KEY, JSON.stringify(["other"]));
    const user = userEvent.setup();
    renderButton(<BookmarkButton workId="work-1" />);
    const button = screen.getByRole("button", { name: "ストック済み" });
    expect(button).toHaveAttribute("aria-pressed", "true");
    expect(button).toHaveAttribute("title", expect.stringContaining("自分だけ"));
    await user.click(button);
    expect(toggles()).toEqual([{ projectId: "work-1" }]);
    expect(stored()).toEqual(["other"]);
  });

  it("waits (busy, a click does nothing) until the session and the answer are known", async () => {
    const user = userEvent.setup();
    state.status = "loading";
    const { unmount } = renderButton(<BookmarkButton workId="work-1" />);
    const waiting = screen.getByRole("button", { name: "ストック" });
    expect(waiting).toHaveAttribute("aria-busy", "true");
    await user.click(waiting);
    expect(stored()).toEqual([]);
    unmount();
    state.status = "signedIn";
    state.saved = undefined;
    renderButton(<BookmarkButton workId="work-1" />);
    await user.click(screen.getByRole("button", { name: "ストック" }));
    expect(toggles()).toEqual([]);
    expect(screen.getByRole("button", { name: "ストック" })).toHaveAttribute("aria-busy", "true");
  });

  it("says so when the server refuses", async () => {
    state.status = "signedIn";
    state.saved = false;
    state.fail = new Error("network");
    const user = userEvent.setup();
    renderButton(<BookmarkButton workId="work-1" />);
    await user.click(screen.getByRole("button", { name: "ストック" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("ストックの処理中にエラーが発生しました"));
  });
});
