import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { PostWorkLink } from "./post-work-link";

const auth = vi.hoisted(() => ({ isLoading: false, isAuthenticated: false }));
vi.mock("convex/react", () => ({ useConvexAuth: () => auth }));

function renderLink() {
  render(
    <MemoryRouter>
      <PostWorkLink />
    </MemoryRouter>,
  );
  return screen.getByRole("link", { name: "作品を投稿する" });
}

describe("PostWorkLink (home 作品を投稿する)", () => {
  it("goes to /submit when signed in", () => {
    auth.isAuthenticated = true;
    expect(renderLink()).toHaveAttribute("href", "/submit");
  });

  it("goes to /projects when signed out", () => {
    auth.isAuthenticated = false;
    expect(renderLink()).toHaveAttribute("href", "/projects");
  });
});
