import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Label } from "./label";
import { Textarea } from "./textarea";

describe("Textarea counter", () => {
  it("counts characters as the person types", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Label htmlFor="bio">自己紹介</Label>
        <Textarea id="bio" maxCount={200} />
      </>,
    );
    expect(screen.getByText("0/200")).toBeVisible();

    await user.type(screen.getByLabelText("自己紹介"), "こんにちは、AIで作っています");

    expect(screen.getByText("15/200")).toBeVisible();
    expect(screen.queryByText("0/200")).not.toBeInTheDocument();
  });

  it("describes the field with the counter for screen readers", () => {
    render(<Textarea aria-label="説明" maxCount={50} defaultValue="abc" />);
    const field = screen.getByRole("textbox", { name: "説明" });
    expect(field).toHaveAccessibleDescription("3/50");
  });

  it("follows a controlled value and flags going over the limit", async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState("12345");
      return <Textarea aria-label="メモ" maxCount={6} value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Controlled />);
    expect(screen.getByText("5/6")).toBeVisible();

    await user.type(screen.getByRole("textbox", { name: "メモ" }), "67");

    // Not cut off at the limit: the counter shows the overflow so the form can explain it.
    expect(screen.getByRole("textbox", { name: "メモ" })).toHaveValue("1234567");
    expect(screen.getByText("7/6")).toHaveClass("text-red-600");
  });

  it("shows no counter without maxCount", () => {
    render(<Textarea aria-label="自由記述" defaultValue="abc" />);
    expect(screen.queryByText(/\/\d+$/)).not.toBeInTheDocument();
  });
});
