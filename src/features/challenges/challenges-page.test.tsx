import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { ChallengeStatus } from "../../../convex/constants";
import { addDays, endOfJapanDay, japanDate } from "../../../convex/model/japanTime";
import { fakeId, FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import type { ChallengeCardData } from "./challenge-card";
import { ChallengesPage } from "./challenges-page";

// The viewer, the challenges the server holds, whether more pages follow (undefined: the first
// page is still loading).
type FakeServer = { viewer: "signedIn" | "signedOut"; challenges: ChallengeCardData[]; more: boolean | undefined };
const server = vi.hoisted((): FakeServer => ({ viewer: "signedOut", challenges: [], more: false }));

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () => (server.viewer === "signedIn" ? { status: "signedIn", viewer: { _id: "u1" } } : { status: "signedOut", viewer: null }),
}));

let convex: FakeConvex;

const tenDaysLeft = endOfJapanDay(addDays(japanDate(Date.now()), 10));
const card = (id: string, status: ChallengeStatus, extra: Partial<ChallengeCardData> = {}): ChallengeCardData => ({
  _id: fakeId("challenges", id),
  title: `チャレンジ${id}`,
  description: `説明${id}`,
  status,
  startedAt: Date.now() - 86_400_000,
  endDate: tenDaysLeft,
  votingEndsAt: status === "voting" ? endOfJapanDay(addDays(japanDate(Date.now()), 2)) : null,
  submissionsCount: 0,
  prize: false,
  ...extra,
});

function Location() {
  const location = useLocation();
  return <output data-testid="search">{location.search}</output>;
}

function renderAt(url: string) {
  renderWithConvex(
    convex,
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/challenges"
          element={
            <>
              <ChallengesPage />
              <Location />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const search = () => screen.getByTestId("search").textContent;
const filterButton = (name: string) =>
  within(screen.getByRole("group", { name: "チャレンジの状態で絞り込む" })).getByRole("button", { name });
const lastListArgs = () => {
  const { paginationOpts: _, ...args } = convex.callsTo(api.challenges.list).at(-1) ?? {};
  return args;
};

beforeEach(() => {
  server.viewer = "signedOut";
  server.challenges = [card("a", "active"), card("v", "voting"), card("e", "ended")];
  server.more = false;
  convex = new FakeConvex()
    .onQuery(api.challenges.summary, () => ({ active: 4, voting: 2, ended: 7 }))
    .onQuery(api.challenges.list, ({ status, paginationOpts }) => {
      if (server.more === undefined) return undefined;
      const matching = server.challenges.filter((challenge) => !status || challenge.status === status);
      return paginationOpts.cursor === null ? onePage(matching, !server.more) : onePage([]);
    });
});

describe("ChallengesPage filter", () => {
  it("shows every challenge without ?status=", () => {
    renderAt("/challenges");
    expect(filterButton("すべて")).toHaveAttribute("aria-pressed", "true");
    expect(lastListArgs()).toEqual({});
    expect(within(screen.getByRole("list", { name: "チャレンジ一覧" })).getAllByRole("listitem")).toHaveLength(3);
  });

  it("reads the status from the URL", () => {
    renderAt("/challenges?status=voting");
    expect(filterButton("投票中")).toHaveAttribute("aria-pressed", "true");
    expect(filterButton("すべて")).toHaveAttribute("aria-pressed", "false");
    expect(lastListArgs()).toEqual({ status: "voting" });
    expect(screen.getByRole("link", { name: "チャレンジv" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "チャレンジa" })).not.toBeInTheDocument();
  });

  it("falls back to すべて for an unknown status", () => {
    renderAt("/challenges?status=closed");
    expect(filterButton("すべて")).toHaveAttribute("aria-pressed", "true");
    expect(lastListArgs()).toEqual({});
  });

  it("writes the chosen filter into the URL, and leaves it out for すべて", async () => {
    const user = renderAt("/challenges");
    await user.click(filterButton("終了"));
    expect(search()).toBe("?status=ended");
    expect(lastListArgs()).toEqual({ status: "ended" });
    await user.click(filterButton("募集中"));
    expect(search()).toBe("?status=active");
    await user.click(filterButton("すべて"));
    expect(search()).toBe("");
  });
});

describe("ChallengesPage content", () => {
  it("shows the three counters", () => {
    renderAt("/challenges");
    const counters = screen.getByLabelText("チャレンジの状況");
    expect(within(counters).getByText("募集中").nextSibling).toHaveTextContent("4");
    expect(within(counters).getByText("投票中").nextSibling).toHaveTextContent("2");
    expect(within(counters).getByText("終了").nextSibling).toHaveTextContent("7");
  });

  it("shows a card's status, days left, entries and prize, linking to the challenge", () => {
    server.challenges = [card("p", "active", { submissionsCount: 3, prize: true }), card("q", "ended")];
    renderAt("/challenges");
    const [active, ended] = screen.getAllByRole("listitem");
    expect(within(active!).getByRole("link", { name: "チャレンジp" })).toHaveAttribute("href", "/challenges/p");
    expect(within(active!).getByText("説明p")).toBeVisible();
    expect(within(active!).getByText("募集中")).toBeVisible();
    expect(within(active!).getByText("あと10日")).toBeVisible();
    expect(within(active!).getByText("賞品あり")).toBeVisible();
    expect(active).toHaveTextContent("提出作品 3件");
    expect(within(ended!).getByText("終了")).toBeVisible();
    expect(within(ended!).queryByText(/^あと/)).not.toBeInTheDocument();
    expect(within(ended!).queryByText("賞品あり")).not.toBeInTheDocument();
  });

  it("counts a voting challenge down to its voting deadline, red in the last days", () => {
    server.challenges = [card("v", "voting")];
    renderAt("/challenges");
    const [voting] = screen.getAllByRole("listitem");
    expect(within(voting!).getByText("投票中")).toBeVisible();
    expect(within(voting!).getByText("投票締切まであと2日")).toHaveClass("text-red-600");
  });

  it("says how すべて is ordered", () => {
    renderAt("/challenges");
    expect(screen.getByText("募集中は締切が近い順、投票中は投票締切が近い順、終了したものは新しい順に並んでいます。")).toBeVisible();
  });

  it("loads 12 more with もっと見る while there are more", async () => {
    server.more = true;
    const user = renderAt("/challenges");
    await user.click(screen.getByRole("button", { name: "もっと見る" }));
    const pages = convex.callsTo(api.challenges.list).map((call) => call.paginationOpts);
    expect(pages).toContainEqual(expect.objectContaining({ cursor: expect.stringMatching(/^after-/), numItems: 12 }));
  });

  it("hides もっと見る once everything is shown", () => {
    renderAt("/challenges");
    expect(screen.queryByRole("button", { name: "もっと見る" })).not.toBeInTheDocument();
  });

  it("shows skeletons while the first page loads", () => {
    server.more = undefined;
    renderAt("/challenges");
    expect(screen.getByRole("list", { name: "読み込み中" })).toHaveAttribute("aria-busy", "true");
  });

  it("says when there are no challenges, or none with this status", async () => {
    server.challenges = [card("a", "active")];
    const user = renderAt("/challenges?status=ended");
    expect(screen.getByRole("heading", { name: "該当するチャレンジはありません" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "すべてのチャレンジを見る" }));
    expect(search()).toBe("");

    server.challenges = [];
    await user.click(filterButton("投票中"));
    await user.click(filterButton("すべて"));
    expect(screen.getByRole("heading", { name: "チャレンジはまだありません" })).toBeVisible();
  });
});

describe("ChallengesPage create button", () => {
  it("is hidden from visitors who are not signed in", () => {
    renderAt("/challenges");
    expect(screen.queryByRole("link", { name: "チャレンジを作成" })).not.toBeInTheDocument();
  });

  it("links signed-in creators to the create form", () => {
    server.viewer = "signedIn";
    renderAt("/challenges");
    expect(screen.getByRole("link", { name: "チャレンジを作成" })).toHaveAttribute("href", "/challenges/create");
  });
});
