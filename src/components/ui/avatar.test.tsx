import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar";

const fallbackColor = (name: string) => screen.getByRole("img", { name }).style.backgroundColor;

describe("Avatar", () => {
  it("shows initials when there is no image", () => {
    render(
      <>
        <Avatar name="Taro Yamada" />
        <Avatar name="yuki" />
        <Avatar name="山田　太郎" />
      </>,
    );
    // The initials are drawn by CSS from data-initials (decoration, not text).
    const initials = (name: string) => screen.getByRole("img", { name }).querySelector("[data-initials]")?.getAttribute("data-initials");
    expect(initials("Taro Yamada")).toBe("TY");
    expect(initials("yuki")).toBe("Y");
    // Kanji names use their first character, not two.
    expect(initials("山田　太郎")).toBe("山");
  });

  it("derives the colour from the seed: same seed same colour, different seeds differ", () => {
    render(
      <>
        <Avatar name="Aさん" seed="user_1" />
        <Avatar name="Bさん" seed="user_1" />
        <Avatar name="Cさん" seed="user_2" />
      </>,
    );
    expect(fallbackColor("Aさん")).not.toBe("");
    expect(fallbackColor("Aさん")).toBe(fallbackColor("Bさん"));
    expect(fallbackColor("Cさん")).not.toBe(fallbackColor("Aさん"));
  });

  it("keeps the same colour across renders (deterministic, no randomness)", () => {
    const { unmount } = render(<Avatar name="Hanako" seed="abc123" />);
    const first = fallbackColor("Hanako");
    unmount();
    render(<Avatar name="Hanako" seed="abc123" />);
    expect(fallbackColor("Hanako")).toBe(first);
  });

  it("shows the photo, and falls back to initials when it fails to load", () => {
    render(<Avatar name="Kenji Tanaka" src="https://example.com/broken.png" />);
    const photo = screen.getByRole("img", { name: "Kenji Tanaka" });
    expect(photo.tagName).toBe("IMG");

    fireEvent.error(photo);

    const fallback = screen.getByRole("img", { name: "Kenji Tanaka" });
    expect(fallback.tagName).not.toBe("IMG");
    expect(fallback.querySelector("[data-initials]")).toHaveAttribute("data-initials", "KT");
  });
});
