import { fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { api } from "../../../convex/_generated/api";
import { fakeId, FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { sortOf, WorksTable } from "./works-table";

const totals = (views: number, likes: number) => ({ views, likes, comments: 0, saves: 0, shareOpens: 0 });
const NEW = { id: fakeId("projects", "w1"), title: "新しい作品", totals: totals(5, 9) };
const OLD = { id: fakeId("projects", "w2"), title: "古い作品", totals: totals(1200, 1) };

/** Answers as the server does: newest first, or by the figure asked for across all works. */
function server() {
  return new FakeConvex().onQuery(api.analytics.works, ({ sort = "newest" }) =>
    onePage(sort === "newest" ? [NEW, OLD] : [NEW, OLD].sort((a, b) => b.totals[sort] - a.totals[sort])),
  );
}

const titles = () =>
  within(screen.getByRole("table"))
    .getAllByRole("rowheader")
    .map((cell) => cell.textContent);

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

describe("the works table", () => {
  it("asks the server for the order (views first), keeps it in the address and says which column sorts", () => {
    const convex = server();
    renderWithConvex(
      convex,
      <MemoryRouter>
        <WorksTable today="2025-04-07" days={7} />
        <Search />
      </MemoryRouter>,
    );
    expect(titles()).toEqual(["古い作品", "新しい作品"]);
    expect(screen.getByText("1,200")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: /閲覧数/ }).getAttribute("aria-sort")).toBe("descending");
    expect(convex.callsTo(api.analytics.works).at(-1)).toMatchObject({ today: "2025-04-07", days: 7, sort: "views" });

    fireEvent.click(screen.getByRole("button", { name: /^いいね/ }));
    expect(convex.callsTo(api.analytics.works).at(-1)).toMatchObject({ sort: "likes" });
    expect(titles()).toEqual(["新しい作品", "古い作品"]);
    expect(screen.getByRole("columnheader", { name: /いいね/ }).getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByTestId("search").textContent).toBe("?sort=likes");

    fireEvent.click(screen.getByRole("button", { name: /^作品/ }));
    expect(convex.callsTo(api.analytics.works).at(-1)).toMatchObject({ sort: "newest" });
    expect(titles()).toEqual(["新しい作品", "古い作品"]);
    expect(screen.getByRole("link", { name: "古い作品" }).getAttribute("href")).toBe("/dashboard/works/w2");
  });

  it("reads the order from the address, and an unknown one as views", () => {
    expect(sortOf("saves")).toBe("saves");
    expect(sortOf("newest")).toBe("newest");
    expect(sortOf("follows")).toBe("views");
    expect(sortOf(null)).toBe("views");
  });
});
