import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { BookmarkButton } from "./bookmark-button";
import { BOOKMARKS_KEY } from "./use-bookmark";

beforeEach(() => localStorage.clear());

describe("BookmarkButton", () => {
  it("keeps the bookmark in localStorage across remounts", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<BookmarkButton workId="work-1" />);
    const button = screen.getByRole("button", { name: "ブックマーク" });
    expect(button).toHaveAttribute("aria-pressed", "false");

    await user.click(button);
    expect(screen.getByRole("button", { name: "ブックマーク済み" })).toHaveAttribute("aria-pressed", "true");
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_KEY) ?? "[]")).toEqual(["work-1"]);

    unmount();
    render(<BookmarkButton workId="work-1" />);
    expect(screen.getByRole("button", { name: "ブックマーク済み" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "ブックマーク済み" }));
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_KEY) ?? "[]")).toEqual([]);
  });

  it("keeps other works' bookmarks and survives broken storage", async () => {
    localStorage.setItem(BOOKMARKS_KEY, "not json");
    const user = userEvent.setup();
    render(
      <>
        <BookmarkButton workId="a" />
        <BookmarkButton workId="b" />
      </>,
    );
    const [a, b] = screen.getAllByRole("button", { name: "ブックマーク" });
    await user.click(a!);
    await user.click(b!);
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_KEY) ?? "[]")).toEqual(["a", "b"]);
    expect(screen.getAllByRole("button", { name: "ブックマーク済み" })).toHaveLength(2);
  });
});
