import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastContext, type ToastApi } from "@/components/ui/toast-context";
import type { ModerationActKind } from "@/lib/moderation";
import { ModerationActionDialog } from "./moderation-action-dialog";

const server = vi.hoisted(() => ({ act: vi.fn<(args: unknown) => Promise<null>>() }));
vi.mock("convex/react", () => ({ useMutation: () => (args: unknown) => server.act(args) }));

const toast: ToastApi = { show: vi.fn(), success: vi.fn(), error: vi.fn() };
const target = { type: "work" as const, id: "w1", label: "今日のパレット" };

function renderDialog(kind: ModerationActKind) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  render(
    <ToastContext value={toast}>
      <ModerationActionDialog kind={kind} target={target} onClose={onClose} onDone={onDone} />
    </ToastContext>,
  );
  return { user: userEvent.setup(), onClose, onDone };
}

beforeEach(() => {
  server.act.mockReset();
  server.act.mockResolvedValue(null);
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

    expect(server.act).toHaveBeenCalledWith({ targetType: "work", targetId: "w1", kind: "hide", note: "宣伝リンクのみ" });
    expect(toast.success).toHaveBeenCalledWith("非表示にしました");
    expect(onDone).toHaveBeenCalledWith("hide");
    expect(onClose).toHaveBeenCalled();
  });

  it("sends the chosen suspension period (7 days unless changed)", async () => {
    const { user } = renderDialog("suspend");
    expect(screen.getByRole("combobox", { name: "停止期間" })).toHaveTextContent("7日");
    await user.type(screen.getByRole("textbox", { name: /理由のメモ/ }), "繰り返しのスパム");
    await user.click(screen.getByRole("button", { name: "停止する" }));
    expect(server.act).toHaveBeenCalledWith({ targetType: "work", targetId: "w1", kind: "suspend", note: "繰り返しのスパム", days: 7 });
  });

  it("shows the server's refusal and stays open", async () => {
    server.act.mockRejectedValueOnce(new ConvexError({ code: "INVALID_INPUT", message: "理由を入力してください" }));
    const { user, onClose } = renderDialog("delete");
    await user.type(screen.getByRole("textbox", { name: /理由のメモ/ }), "x");
    await user.click(screen.getByRole("button", { name: "削除する" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("理由を入力してください");
    expect(screen.getByRole("dialog")).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});
