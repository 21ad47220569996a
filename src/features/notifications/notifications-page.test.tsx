import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { ToastProvider } from "@/components/ui/toast-provider";
import { FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { NotificationBell } from "./notification-bell";
import type { NotificationItem } from "./notification-target";
import { NotificationsPage } from "./notifications-page";

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () => ({ status: "signedIn", viewer: { _id: "me", handle: "me" } }),
}));

// What the server holds: the unread count and the items; the tab each page was asked for.
let unread: number;
let items: NotificationItem[];
let convex: FakeConvex;
const pageCalls = () => convex.callsTo(api.notifications.listPage).map(({ paginationOpts: _, ...args }) => args);

function tabOf(type: NotificationItem["type"]) {
  return type.startsWith("challenge") ? "challenge" : type;
}

const item = (id: string, type: NotificationItem["type"], message: string, count = 1): NotificationItem => ({
  _id: id as NotificationItem["_id"],
  type,
  title: type === "like" ? "いいねされました" : "通知",
  message,
  read: false,
  createdAt: 0,
  count,
  commentPreview: null,
  from: { _id: "u1" as NonNullable<NotificationItem["from"]>["_id"], handle: "fan", displayName: "あおい", photoUrl: null },
  badge: null,
  projectId: "p1" as NotificationItem["projectId"],
  challengeId: null,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(entry: string, ui: React.ReactNode) {
  return {
    user: userEvent.setup(),
    ...renderWithConvex(
      convex,
      <MemoryRouter initialEntries={[entry]}>
        <ToastProvider>
          {ui}
          <Location />
        </ToastProvider>
      </MemoryRouter>,
    ),
  };
}

beforeEach(() => {
  unread = 0;
  items = [];
  convex = new FakeConvex()
    .onQuery(api.notifications.unreadCount, () => unread)
    .onQuery(api.notifications.list, () => items)
    .onQuery(api.notifications.listPage, ({ tab }) => onePage(tab ? items.filter((item) => tabOf(item.type) === tab) : items))
    .onMutation(api.notifications.markRead, () => null)
    .onMutation(api.notifications.markAllRead, () => null);
});

describe("NotificationBell", () => {
  it("names the real unread count while the badge shows 9+", () => {
    unread = 23;
    renderAt("/", <NotificationBell viewer={{ _id: "me", handle: "me" } as never} />);
    expect(screen.getByRole("button", { name: "通知：未読 23 件" })).toBeInTheDocument();
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("9+");
  });

  it("is just 通知 with nothing unread, and shows no badge", () => {
    renderAt("/", <NotificationBell viewer={{ _id: "me", handle: "me" } as never} />);
    expect(screen.getByRole("button", { name: "通知" })).toBeInTheDocument();
    expect(screen.queryByTestId("unread-badge")).not.toBeInTheDocument();
  });
});

describe("NotificationsPage", () => {
  beforeEach(() => {
    items = [
      item("n1", "like", "さくらさんほか2人があなたの作品「星空」にいいねしました", 3),
      item("n2", "comment", "あなたの作品「星空」にコメントがつきました"),
      item("n3", "challenge_created", "「冬のゲーム」ほか8件が始まりました。参加してみませんか？", 9),
    ];
    unread = 3;
  });

  it("offers a tab per kind, すべて first and selected, listing every notification", () => {
    renderAt("/notifications", <NotificationsPage />);
    const tabs = within(screen.getByRole("tablist", { name: "通知の種類" })).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["すべて", "いいね", "コメント", "フォロー", "チャレンジ", "バッジ"]);
    expect(screen.getByRole("tab", { name: "すべて" })).toHaveAttribute("aria-selected", "true");
    const list = screen.getByRole("list", { name: "通知一覧" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByText("さくらさんほか2人があなたの作品「星空」にいいねしました")).toBeInTheDocument();
    expect(pageCalls().at(-1)).toEqual({});
    expect(screen.getByRole("button", { name: "すべて既読にする" })).toBeInTheDocument();
  });

  it("a tab asks the server for that kind only and keeps it in the address", async () => {
    const { user } = renderAt("/notifications", <NotificationsPage />);
    await user.click(screen.getByRole("tab", { name: "チャレンジ" }));
    expect(pageCalls().at(-1)).toEqual({ tab: "challenge" });
    expect(screen.getByTestId("location")).toHaveTextContent("/notifications?tab=challenge");
    const list = screen.getByRole("list", { name: "チャレンジの通知一覧" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("「冬のゲーム」ほか8件が始まりました")]);
    await user.click(screen.getByRole("tab", { name: "すべて" }));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/notifications$/);
  });

  it("opens on the tab in the address, and says so when that kind has none", () => {
    renderAt("/notifications?tab=follow", <NotificationsPage />);
    expect(screen.getByRole("tab", { name: "フォロー" })).toHaveAttribute("aria-selected", "true");
    expect(pageCalls().at(-1)).toEqual({ tab: "follow" });
    expect(screen.getByText("フォローの通知はまだありません")).toBeInTheDocument();
  });
});
