import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "./link";

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string, links: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={links} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return screen.getByTestId("where");
}

describe("Link", () => {
  it("is a real link that moves to the page without a page load", async () => {
    const where = renderAt("/", <Link to="/projects?sort=popular">作品を探す</Link>);
    const link = screen.getByRole("link", { name: "作品を探す" });
    expect(link).toHaveAttribute("href", "/projects?sort=popular");
    await userEvent.click(link);
    expect(where).toHaveTextContent("/projects?sort=popular");
  });

  it("leaves a click with a modifier key, or a link with a target, to the browser", () => {
    const where = renderAt(
      "/",
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole("link", { name: "A" }), { ctrlKey: true });
    fireEvent.click(screen.getByRole("link", { name: "B" }));
    expect(where).toHaveTextContent(/^\/$/);
  });

  it("runs its own onClick first, which can cancel the navigation", async () => {
    const where = renderAt(
      "/",
      <Link to="/a" onClick={(event) => event.preventDefault()}>
        A
      </Link>,
    );
    await userEvent.click(screen.getByRole("link", { name: "A" }));
    expect(where).toHaveTextContent(/^\/$/);
  });
});

describe("NavLink", () => {
  const nav = (
    <>
      <NavLink to="/" end className={({ isActive }) => (isActive ? "on" : "off")}>
        ホーム
      </NavLink>
      <NavLink to="/projects" className={({ isActive }) => (isActive ? "on" : "off")}>
        作品を探す
      </NavLink>
      <NavLink to="/projects" end>
        {({ isActive }) => (isActive ? "一覧（表示中）" : "一覧")}
      </NavLink>
    </>
  );

  it("marks the link to the current page", () => {
    renderAt("/projects", nav);
    expect(screen.getByRole("link", { name: "作品を探す" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "作品を探す" })).toHaveClass("on");
    expect(screen.getByRole("link", { name: "ホーム" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "ホーム" })).toHaveClass("off");
    expect(screen.getByRole("link", { name: "一覧（表示中）" })).toBeInTheDocument();
  });

  it("marks a section's link on the pages below it, unless `end`", () => {
    renderAt("/projects/abc", nav);
    expect(screen.getByRole("link", { name: "作品を探す" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "一覧" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "ホーム" })).not.toHaveAttribute("aria-current");
  });

  it("does not take /projects-archive for a page of /projects", () => {
    renderAt("/projects-archive", nav);
    expect(screen.getByRole("link", { name: "作品を探す" })).not.toHaveAttribute("aria-current");
  });
});
