import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { FakeConvex, renderWithConvex } from "@/test/fake-convex";
import { PostWorkLink } from "./post-work-link";

function renderLink(session: "signedIn" | "signedOut") {
  renderWithConvex(
    new FakeConvex(),
    <MemoryRouter>
      <PostWorkLink />
    </MemoryRouter>,
    { session },
  );
  return screen.findByRole("link", { name: "作品を投稿する" });
}

describe("PostWorkLink (home 作品を投稿する)", () => {
  it("goes to /submit once the session is confirmed signed in", async () => {
    const link = await renderLink("signedIn");
    await waitFor(() => expect(link).toHaveAttribute("href", "/submit"));
  });

  it("goes to /projects when signed out", async () => {
    expect(await renderLink("signedOut")).toHaveAttribute("href", "/projects");
  });
});
