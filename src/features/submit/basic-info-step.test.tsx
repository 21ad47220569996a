import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { BasicInfoStep } from "./basic-info-step";
import { EMPTY_WORK, type WorkFormInput } from "./work-form-state";

function Step() {
  const [values, setValues] = useState<WorkFormInput>(EMPTY_WORK);
  return <BasicInfoStep values={values} errors={{}} onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))} />;
}

describe("step 1's length limits", () => {
  it("counts the title as one types and says it is too long before 次へ", async () => {
    const user = userEvent.setup();
    render(<Step />);
    const title = screen.getByRole("textbox", { name: /タイトル/ });
    expect(title).toHaveAccessibleDescription("0/100");

    await user.type(title, "ふんわり家計簿🧾");
    expect(title).toHaveAccessibleDescription("8/100");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.clear(title);
    await user.click(title);
    await user.paste("あ".repeat(101));
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("タイトルは100文字以内で入力してください");
    expect(screen.getByText("101/100")).toHaveClass("text-red-600");

    await user.keyboard("{Backspace}");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says the vibe story is too long as soon as it is", async () => {
    const user = userEvent.setup();
    render(<Step />);
    await user.click(screen.getByRole("textbox", { name: /Vibeの説明/ }));
    await user.paste("物".repeat(2001));
    expect(screen.getByRole("alert")).toHaveTextContent("Vibeの説明は2000文字以内で入力してください");
  });
});
