import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { ToastProvider } from "./toast-provider";
import { useToast } from "./use-toast";

function SaveButtons() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.success("プロフィールを更新しました")}>保存</Button>
      <Button onClick={() => toast.error("投票中にエラーが発生しました")}>投票</Button>
    </>
  );
}

describe("useToast", () => {
  it("shows success and error messages, which can be dismissed", async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButtons />
      </ToastProvider>,
    );

    await user.click(screen.getByRole("button", { name: "保存" }));
    await user.click(screen.getByRole("button", { name: "投票" }));
    expect(await screen.findByText("プロフィールを更新しました", { selector: "div" })).toBeVisible();
    expect(screen.getByText("投票中にエラーが発生しました", { selector: "div" })).toBeVisible();

    const [firstClose] = screen.getAllByRole("button", { name: "閉じる" });
    await user.click(firstClose!);
    expect(screen.queryByText("プロフィールを更新しました", { selector: "div" })).not.toBeInTheDocument();
  });

  it("explains its setup when used outside the provider", () => {
    function Orphan() {
      useToast();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/ToastProvider/);
  });
});
