import { fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { api } from "../../../convex/_generated/api";
import { fakeId, FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { WorksTable } from "./works-table";

const totals = (views: number, likes: number) => ({
  views,
  likes,
  unlikes: 0,
  comments: 0,
  saves: 0,
  unsaves: 0,
  shareOpens: 0,
  follows: 0,
  unfollows: 0,
});

const convex = new FakeConvex().onQuery(api.analytics.works, () =>
  onePage([
    { id: fakeId("projects", "w1"), title: "新しい作品", totals: totals(5, 9) },
    { id: fakeId("projects", "w2"), title: "古い作品", totals: totals(1200, 1) },
  ]),
);

const titles = () =>
  within(screen.getByRole("table"))
    .getAllByRole("rowheader")
    .map((cell) => cell.textContent);

describe("the works table", () => {
  it("sorts by views first, then by any figure or newest, saying which column sorts", () => {
    renderWithConvex(
      convex,
      <MemoryRouter>
        <WorksTable today="2025-04-07" days={7} />
      </MemoryRouter>,
    );
    expect(titles()).toEqual(["古い作品", "新しい作品"]);
    expect(screen.getByText("1,200")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: /閲覧数/ }).getAttribute("aria-sort")).toBe("descending");

    fireEvent.click(screen.getByRole("button", { name: /^いいね/ }));
    expect(titles()).toEqual(["新しい作品", "古い作品"]);
    expect(screen.getByRole("columnheader", { name: /いいね/ }).getAttribute("aria-sort")).toBe("descending");

    fireEvent.click(screen.getByRole("button", { name: /^作品/ }));
    expect(titles()).toEqual(["新しい作品", "古い作品"]);
    expect(screen.getByRole("link", { name: "古い作品" }).getAttribute("href")).toBe("/dashboard/works/w2");
  });
});
