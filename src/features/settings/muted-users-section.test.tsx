import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { DEFAULT_USER_SETTINGS } from "../../../convex/schema";
import { ToastProvider } from "@/components/ui/toast-provider";
import { FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { MutedUsersSection, type MutedUser } from "./muted-users-section";
import { SettingsView } from "./settings-view";

// What mutes.list answers: its rows, whether more follow, or undefined while loading; and
// whether mutes.set refuses.
let rows: MutedUser[] | undefined;
let more: boolean;
let refusal: Error | null;
let convex: FakeConvex;

const row = (id: string, displayName: string, kind: "mute" | "block", handle: string | null = null): MutedUser => ({
  user: { _id: id as Id<"users">, displayName, handle, photoUrl: null },
  kind,
  createdAt: 0,
});

function renderSection() {
  return {
    user: userEvent.setup(),
    ...renderWithConvex(
      convex,
      <MemoryRouter>
        <ToastProvider>
          <MutedUsersSection />
        </ToastProvider>
      </MemoryRouter>,
    ),
  };
}

beforeEach(() => {
  rows = [];
  more = false;
  refusal = null;
  convex = new FakeConvex()
    .onQuery(api.mutes.list, ({ paginationOpts }) => (rows && paginationOpts.cursor === null ? onePage(rows, !more) : rows && onePage([])))
    .onMutation(api.mutes.set, () => {
      if (refusal) throw refusal;
      return null;
    });
});

describe("MutedUsersSection", () => {
  it("explains mute and block, and says when nobody is muted", () => {
    renderSection();
    expect(screen.getByText(/相手の作品とコメントがあなたに表示されなくなります/)).toBeInTheDocument();
    expect(
      screen.getByText(/あなたの作品へのコメント、あなたのフォロー、あなたのチャレンジへの投票ができなくなります/),
    ).toBeInTheDocument();
    expect(screen.getByText("ミュート・ブロックしているユーザーはいません")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "もっと見る" })).not.toBeInTheDocument();
  });

  it("lists each user with their name, profile link and which of the two", () => {
    rows = [row("u1", "山田", "mute", "mute_san"), row("u2", "佐藤", "block")];
    renderSection();
    const list = screen.getByRole("list", { name: "ミュート・ブロック中のユーザー" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByRole("link", { name: /山田/ })).toHaveAttribute("href", "/profile/mute_san");
    expect(within(first!).getByText("@mute_san")).toBeInTheDocument();
    expect(within(first!).getByText("ミュート")).toBeInTheDocument();
    expect(within(second!).getByRole("link", { name: /佐藤/ })).toHaveAttribute("href", "/profile/u2");
    expect(within(second!).getByText("ブロック")).toBeInTheDocument();
  });

  it("解除 clears the mute or block and confirms it", async () => {
    rows = [row("u1", "山田", "mute"), row("u2", "佐藤", "block")];
    const { user } = renderSection();
    await user.click(screen.getByRole("button", { name: "佐藤さんのブロックを解除" }));
    expect(convex.callsTo(api.mutes.set)).toEqual([{ userId: "u2", kind: null }]);
    expect(await screen.findByText("佐藤さんのブロックを解除しました")).toBeInTheDocument();
  });

  it("a refused 解除 shows the server's message", async () => {
    const { ConvexError } = await import("convex/values");
    rows = [row("u1", "山田", "mute")];
    refusal = new ConvexError({ code: "SUSPENDED", message: "アカウントが停止されているため、この操作はできません" });
    const { user } = renderSection();
    await user.click(screen.getByRole("button", { name: "山田さんのミュートを解除" }));
    expect(await screen.findByText("解除できませんでした")).toBeInTheDocument();
    expect(screen.getByText("アカウントが停止されているため、この操作はできません")).toBeInTheDocument();
  });

  it("loads more with もっと見る while there are more", async () => {
    rows = [row("u1", "山田", "mute")];
    more = true;
    const { user } = renderSection();
    await user.click(screen.getByRole("button", { name: "もっと見る" }));
    const pages = convex.callsTo(api.mutes.list).map((call) => call.paginationOpts);
    expect(pages).toContainEqual(expect.objectContaining({ cursor: "after-1", numItems: 50 }));
  });

  it("shows placeholders while the first page loads", () => {
    rows = undefined;
    renderSection();
    expect(screen.getByRole("list", { name: "読み込み中" })).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText("ミュート・ブロックしているユーザーはいません")).not.toBeInTheDocument();
  });

  it("sits in the settings page as its own section", () => {
    const noop = () => Promise.resolve();
    renderWithConvex(
      convex,
      <MemoryRouter>
        <ToastProvider>
          <SettingsView
            settings={DEFAULT_USER_SETTINGS}
            onSettingsChange={() => {}}
            onExport={noop}
            onSignOut={noop}
            onDeleteAccount={noop}
            mutedUsers={<MutedUsersSection />}
          />
        </ToastProvider>
      </MemoryRouter>,
    );
    const section = screen.getByRole("region", { name: "ミュート・ブロック中のユーザー" });
    expect(within(section).getByText("ミュート・ブロックしているユーザーはいません")).toBeInTheDocument();
  });
});
