import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { WorkCardData } from "@/components/works/work-card";
import { toggleLocalSave } from "@/lib/local-saves";
import { FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { fakeWorkCard } from "@/test/work-cards";
import { SavedPage } from "./saved-page";

const server = vi.hoisted((): { status: "signedIn" | "signedOut" } => ({ status: "signedOut" }));

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () => (server.status === "signedIn" ? { status: "signedIn", viewer: { _id: "me" } } : { status: "signedOut", viewer: null }),
}));

const card = (id: string) => fakeWorkCard(id);

let convex: FakeConvex;
let accountPage: WorkCardData[];
const renderPage = () =>
  renderWithConvex(
    convex,
    <MemoryRouter>
      <SavedPage />
    </MemoryRouter>,
  );
const asked = () => convex.calls.map(({ name, args }) => ({ name, args }));
const titles = () =>
  within(screen.getByRole("list", { name: "ストックした作品" }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);

beforeEach(() => {
  localStorage.clear();
  server.status = "signedOut";
  accountPage = [];
  convex = new FakeConvex()
    .onQuery(api.saves.localCards, ({ projectIds }) => projectIds.map(card))
    .onQuery(api.saves.list, () => onePage(accountPage));
});

describe("SavedPage", () => {
  it("a visitor sees this browser's saves, newest first, with the sign-in note", () => {
    toggleLocalSave("1");
    toggleLocalSave("2");
    renderPage();
    expect(titles()).toEqual(["作品2", "作品1"]);
    expect(screen.getByRole("heading", { name: "このブラウザに保存されたストックです" })).toBeVisible();
    expect(asked()).toEqual([{ name: "saves:localCards", args: { projectIds: ["2", "1"] } }]);
  });

  it("a visitor with nothing saved sees the empty state and a way to the gallery, asking the server nothing", () => {
    renderPage();
    expect(screen.getByRole("heading", { name: "まだストックした作品はありません" })).toBeVisible();
    expect(screen.getByRole("link", { name: "作品を探す" })).toHaveAttribute("href", "/projects");
    expect(asked()).toEqual([]);
  });

  it("signed in: the account's list, not the browser's, and no sign-in note", () => {
    server.status = "signedIn";
    accountPage = [card("9")];
    toggleLocalSave("1");
    renderPage();
    expect(titles()).toEqual(["作品9"]);
    expect(asked().map((call) => call.name)).toEqual(["saves:list"]);
    expect(screen.queryByText("このブラウザに保存されたストックです")).toBeNull();
  });
});
