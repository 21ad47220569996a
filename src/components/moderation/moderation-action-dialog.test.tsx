import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { FakeConvex, renderWithConvex } from "@/test/fake-convex";
import { ToastContext, type ToastApi } from "@/components/ui/toast-context";
import type { ModerationActKind } from "@/lib/moderation";
import { ModerationActionDialog } from "./moderation-action-dialog";

type Act = typeof api.moderation.act;
const act = vi.fn<(args: FunctionArgs<Act>) => Promise<FunctionReturnType<Act>>>();
const convex = new FakeConvex().onMutation(api.moderation.act, act);

const toast: ToastApi = { show: vi.fn(), success: vi.fn(), error: vi.fn() };
const target = { type: "work" as const, id: "w1", label: "今日のパレット" };

function renderDialog(kind: ModerationActKind) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  renderWithConvex(
    convex,
    <ToastContext value={toast}>
      <ModerationActionDialog kind={kind} target={target} onClose={onClose} onDone={onDone} />
    </ToastContext>,
  );
  return { user: userEvent.setup(), onClose, onDone };
}

beforeEach(() => {
  act.mockReset();
  act.mockResolvedValue(null);
  vi.mocked(toast.success).mockReset();
});

describe("ModerationActionDialog", () => {
  it("keeps the confirm button disabled until a note is written", async () => {
    const { user, onClose, onDone } = renderDialog("hide");
    expect(screen.getByRole("dialog", { name: "作品を非表示にする" })).toBeVisible();
    const confirm = screen.getByRole("button", { name: "非表示にする" });
    expect(confirm).toBeDisabled();

    const note = screen.getByRole("textbox", { name: /理由のメモ/ });
    await user.type(note, "   ");
    expect(confirm).toBeDisabled();

    await user.type(note, "宣伝リンクのみ");
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(act).toHaveBeenCalledWith({ targetType: "work", targetId: "w1", kind: "hide", note: "宣伝リンクのみ" });
    expect(toast.success).toHaveBeenCalledWith("非表示にしました");
    expect(onDone).toHaveBeenCalledWith("hide");
    expect(onClose).toHaveBeenCalled();
  });

  it("sends the chosen suspension period (7 days unless changed)", async () => {
    const { user } = renderDialog("suspend");
    expect(screen.getByRole("combobox", { name: "停止期間" })).toHaveTextContent("7日");
    await user.type(screen.getByRole("textbox", { name: /理由のメモ/ }), "繰り返しのスパム");
    await user.click(screen.getByRole("button", { name: "停止する" }));
    expect(act).toHaveBeenCalledWith({ targetType: "work", targetId: "w1", kind: "suspend", note: "繰り返しのスパム", days: 7 });
  });

  it("shows the server's refusal and stays open", async () => {
    act.mockRejectedValueOnce(new ConvexError({ code: "INVALID_INPUT", message: "理由を入力してください" }));
    const { user, onClose } = renderDialog("delete");
    await user.type(screen.getByRole("textbox", { name: /理由のメモ/ }), "x");
    await user.click(screen.getByRole("button", { name: "削除する" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("理由を入力してください");
    expect(screen.getByRole("dialog")).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});
