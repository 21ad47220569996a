import { render, screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toggleLocalSave } from "@/lib/local-saves";
import { SavedPage } from "./saved-page";

type FakeServer = {
  status: "signedIn" | "signedOut";
  calls: { name: string; args: unknown }[];
  accountPage: unknown[];
};
const server = vi.hoisted((): FakeServer => ({ status: "signedOut", calls: [], accountPage: [] }));

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () => (server.status === "signedIn" ? { status: "signedIn", viewer: { _id: "me" } } : { status: "signedOut", viewer: null }),
}));
vi.mock("@/components/auth/sign-in-button", () => ({ SignInButton: () => <button type="button">ログイン</button> }));

const card = (id: string) => ({
  _id: id,
  _creationTime: 1,
  title: `作品${id}`,
  description: "説明",
  genre: "tool",
  aiTools: [],
  isZeroCode: false,
  likesCount: 0,
  commentsCount: 0,
  viewsCount: 0,
  thumbnailUrl: null,
  author: { _id: "a", handle: "a", displayName: "作者", photoUrl: null },
});

vi.mock("convex/react", () => ({
  useQuery: (query: Parameters<typeof getFunctionName>[0], args: unknown) => {
    if (args === "skip") return undefined;
    server.calls.push({ name: getFunctionName(query), args });
    return (args as { projectIds: string[] }).projectIds.map(card);
  },
  usePaginatedQuery: (query: Parameters<typeof getFunctionName>[0], args: unknown) => {
    server.calls.push({ name: getFunctionName(query), args });
    return { results: server.accountPage, status: "Exhausted", loadMore: () => {} };
  },
}));

const renderPage = () =>
  render(
    <MemoryRouter>
      <SavedPage />
    </MemoryRouter>,
  );
const titles = () =>
  within(screen.getByRole("list", { name: "ストックした作品" }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);

beforeEach(() => {
  localStorage.clear();
  server.status = "signedOut";
  server.calls = [];
  server.accountPage = [];
});

describe("SavedPage", () => {
  it("a visitor sees this browser's saves, newest first, with the sign-in note", () => {
    toggleLocalSave("1");
    toggleLocalSave("2");
    renderPage();
    expect(titles()).toEqual(["作品2", "作品1"]);
    expect(screen.getByRole("heading", { name: "このブラウザに保存されたストックです" })).toBeVisible();
    expect(server.calls).toEqual([{ name: "saves:localCards", args: { projectIds: ["2", "1"] } }]);
  });

  it("a visitor with nothing saved sees the empty state and a way to the gallery, asking the server nothing", () => {
    renderPage();
    expect(screen.getByRole("heading", { name: "まだストックした作品はありません" })).toBeVisible();
    expect(screen.getByRole("link", { name: "作品を探す" })).toHaveAttribute("href", "/projects");
    expect(server.calls).toEqual([]);
  });

  it("signed in: the account's list, not the browser's, and no sign-in note", () => {
    server.status = "signedIn";
    server.accountPage = [card("9")];
    toggleLocalSave("1");
    renderPage();
    expect(titles()).toEqual(["作品9"]);
    expect(server.calls.map((call) => call.name)).toEqual(["saves:list"]);
    expect(screen.queryByText("このブラウザに保存されたストックです")).toBeNull();
  });
});
