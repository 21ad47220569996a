import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { ToastProvider } from "@/components/ui/toast-provider";
import { CommentForm, COMMENT_MAX_LENGTH } from "./comment-form";

function renderForm(props: Partial<ComponentProps<typeof CommentForm>> = {}) {
  const onSubmit = vi.fn<(content: string) => Promise<void>>(() => Promise.resolve());
  render(
    <ToastProvider>
      <CommentForm status="signedIn" onSubmit={onSubmit} describeError={(e) => (e as Error).message} {...props} />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), onSubmit: props.onSubmit ?? onSubmit };
}
const box = () => screen.getByRole("textbox", { name: "コメント" });
const send = () => screen.getByRole("button", { name: "コメントする" });

describe("CommentForm", () => {
  it("refuses a blank comment", async () => {
    const { user, onSubmit } = renderForm();
    await user.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent("コメントを入力してください");
    await user.type(box(), "   ");
    await user.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent("コメントを入力してください");
    expect(box()).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a comment over the maximum length", async () => {
    const { user, onSubmit } = renderForm();
    await user.click(box());
    await user.paste("あ".repeat(COMMENT_MAX_LENGTH + 1));
    await user.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent(`${COMMENT_MAX_LENGTH}文字以内`);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the trimmed text and empties the box", async () => {
    const { user, onSubmit } = renderForm();
    await user.type(box(), "  すてきな作品！ ");
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledWith("すてきな作品！");
    expect(box()).toHaveValue("");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("follows the server's text rule: bidirectional controls refused, control characters dropped", async () => {
    const { user, onSubmit } = renderForm();
    await user.click(box());
    await user.paste("すごい\u202Eですね");
    await user.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent("使用できない文字（文字の向きを変える制御文字）が含まれています");
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(box());
    await user.paste("\u0000すご\u001Bい\r\n\u304B\u3099");
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledWith("すごい\n\u304C");
  });

  it("shows the reason when posting fails and keeps the text", async () => {
    const { user } = renderForm({ onSubmit: () => Promise.reject(new Error("通信エラー")) });
    await user.type(box(), "こんにちは");
    await user.click(send());
    expect(await screen.findByRole("alert")).toHaveTextContent("コメントの投稿に失敗しました: 通信エラー");
    expect(box()).toHaveValue("こんにちは");
  });

  it("too many in a row: a toast says when to retry, and the text stays for later", async () => {
    const message = "操作が多すぎます。8秒後にもう一度お試しください";
    const { user } = renderForm({ onSubmit: () => Promise.reject(new ConvexError({ code: "RATE_LIMITED", message })) });
    await user.type(box(), "連投");
    await user.click(send());
    expect(await screen.findByText(`コメントの投稿に失敗しました: ${message}`)).toBeInTheDocument();
    expect(box()).toHaveValue("連投");
    expect(box()).not.toHaveAttribute("aria-invalid", "true");
  });

  it("asks signed-out visitors to log in", () => {
    renderForm({ status: "signedOut" });
    expect(screen.getByText("コメントするにはログインが必要です")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ログイン" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});
