import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ScreenshotCarousel } from "./screenshot-carousel";

const shots = [1, 2, 3].map((n) => ({ url: `/shot-${n}.png`, thumbnailUrl: `/thumb-${n}.png` }));
const image = () => screen.getByRole("img");
const dot = (n: number) => screen.getByRole("button", { name: `画像 ${n}を表示` });

describe("ScreenshotCarousel", () => {
  it("moves with the arrows and wraps round at both ends", async () => {
    const user = userEvent.setup();
    render(<ScreenshotCarousel screenshots={shots} title="家計簿" />);
    expect(image()).toHaveAttribute("src", "/shot-1.png");
    expect(image()).toHaveAccessibleName("家計簿のスクリーンショット 1/3");
    await user.click(screen.getByRole("button", { name: "次の画像" }));
    expect(image()).toHaveAttribute("src", "/shot-2.png");
    await user.click(screen.getByRole("button", { name: "前の画像" }));
    await user.click(screen.getByRole("button", { name: "前の画像" }));
    expect(image()).toHaveAttribute("src", "/shot-3.png");
    await user.click(screen.getByRole("button", { name: "次の画像" }));
    expect(image()).toHaveAttribute("src", "/shot-1.png");
  });

  it("jumps with the dots and marks the current one", async () => {
    const user = userEvent.setup();
    render(<ScreenshotCarousel screenshots={shots} title="家計簿" />);
    expect(dot(1)).toHaveAttribute("aria-current", "true");
    await user.click(dot(3));
    expect(image()).toHaveAttribute("src", "/shot-3.png");
    expect(dot(3)).toHaveAttribute("aria-current", "true");
    expect(dot(1)).not.toHaveAttribute("aria-current");
  });

  it("follows ← and → when focused", async () => {
    const user = userEvent.setup();
    render(<ScreenshotCarousel screenshots={shots} title="家計簿" />);
    screen.getByRole("region", { name: "スクリーンショット" }).focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(image()).toHaveAttribute("src", "/shot-3.png");
    await user.keyboard("{ArrowRight}");
    expect(image()).toHaveAttribute("src", "/shot-1.png");
    await user.keyboard("{ArrowLeft}");
    expect(image()).toHaveAttribute("src", "/shot-3.png");
  });

  it("shows a single image without controls, and a placeholder without images", () => {
    const { rerender } = render(<ScreenshotCarousel screenshots={shots.slice(0, 1)} title="家計簿" />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    rerender(<ScreenshotCarousel screenshots={[]} title="家計簿" />);
    expect(document.querySelector("img")).toHaveAttribute("src", "/placeholder-thumbnail.svg");
  });

  it("keeps the backdrop behind the first screenshot until it has arrived, and never behind another", async () => {
    const user = userEvent.setup();
    render(<ScreenshotCarousel screenshots={shots} title="家計簿" backdrop="https://site/covers/projects/w1" />);
    const box = () => image().parentElement!;
    expect(box()).toHaveStyle({ backgroundImage: 'url("https://site/covers/projects/w1")' });
    await user.click(screen.getByRole("button", { name: "次の画像" }));
    expect(box().style.backgroundImage).toBe("");
    await user.click(screen.getByRole("button", { name: "前の画像" }));
    expect(box()).toHaveStyle({ backgroundImage: 'url("https://site/covers/projects/w1")' });
    // Once the screenshot is on screen, a transparent one shows nothing behind it.
    fireEvent.load(image());
    expect(box().style.backgroundImage).toBe("");
  });
});
