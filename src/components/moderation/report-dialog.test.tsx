import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { FakeConvex, renderWithConvex } from "@/test/fake-convex";
import { REPORT_MESSAGES, ReportDialog } from "./report-dialog";

// The server and the viewer are whatever each test sets.
const server = vi.hoisted((): { viewer: "signedIn" | "signedOut" } => ({ viewer: "signedIn" }));
type CreateReport = typeof api.reports.create;
const create = vi.fn<(args: FunctionArgs<CreateReport>) => Promise<FunctionReturnType<CreateReport>>>();
const convex = new FakeConvex().onMutation(api.reports.create, create);

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () =>
    server.viewer === "signedIn"
      ? { status: "signedIn", viewer: { _id: "u1", role: null, suspension: null } }
      : { status: "signedOut", viewer: null },
}));

const target = { type: "work" as const, id: "w1", label: "猫カフェ予約アプリ" };

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithConvex(convex, <ReportDialog open onOpenChange={onOpenChange} target={target} />);
  return { user: userEvent.setup(), onOpenChange };
}

beforeEach(() => {
  server.viewer = "signedIn";
  create.mockReset();
  create.mockResolvedValue({ status: "created" });
});

describe("ReportDialog", () => {
  it("offers the five reasons and asks for one before sending", async () => {
    const { user } = renderDialog();
    expect(screen.getByRole("dialog", { name: "作品を通報する" })).toBeVisible();
    for (const label of ["スパム", "不適切な内容", "権利侵害・無断転載", "なりすまし", "その他"]) {
      expect(screen.getByRole("radio", { name: label })).not.toBeChecked();
    }

    await user.click(screen.getByRole("button", { name: "送信" }));

    expect(screen.getByRole("alert")).toHaveTextContent(REPORT_MESSAGES.reasonRequired);
    expect(screen.getByRole("radio", { name: "スパム" })).toHaveFocus();
    expect(create).not.toHaveBeenCalled();
  });

  it("counts the note live and refuses more than 500 characters", async () => {
    const { user } = renderDialog();
    const note = screen.getByRole("textbox", { name: "補足（任意）" });
    expect(screen.getByText("0/500")).toBeInTheDocument();

    await user.type(note, "無断転載です");
    expect(screen.getByText("6/500")).toBeInTheDocument();

    await user.clear(note);
    await user.click(note);
    await user.paste("あ".repeat(501));
    expect(screen.getByText("501/500")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "権利侵害・無断転載" }));
    await user.click(screen.getByRole("button", { name: "送信" }));

    expect(screen.getByRole("alert")).toHaveTextContent(REPORT_MESSAGES.noteTooLong);
    expect(create).not.toHaveBeenCalled();
  });

  it("sends the reason and trimmed note, then confirms calmly in the dialog", async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "権利侵害・無断転載" }));
    await user.type(screen.getByRole("textbox", { name: "補足（任意）" }), "  元の作品はこちらです  ");
    await user.click(screen.getByRole("button", { name: "送信" }));

    expect(create).toHaveBeenCalledWith({ targetType: "work", targetId: "w1", reason: "rights", note: "元の作品はこちらです" });
    expect(await screen.findByRole("status")).toHaveTextContent(REPORT_MESSAGES.created);
    expect(screen.queryByRole("button", { name: "送信" })).not.toBeInTheDocument();
  });

  it("leaves out an empty note", async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "スパム" }));
    await user.click(screen.getByRole("button", { name: "送信" }));
    expect(create).toHaveBeenCalledWith({ targetType: "work", targetId: "w1", reason: "spam" });
  });

  it("says so when the viewer already has an open report on it", async () => {
    create.mockResolvedValue({ status: "alreadyOpen" });
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "スパム" }));
    await user.click(screen.getByRole("button", { name: "送信" }));

    expect(await screen.findByRole("status")).toHaveTextContent(REPORT_MESSAGES.alreadyOpen);
    await user.click(screen.getByRole("button", { name: "閉じる" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's refusal and lets the person try again", async () => {
    create.mockRejectedValueOnce(new ConvexError({ code: "FORBIDDEN", message: "自分のコンテンツは通報できません" }));
    const { user } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "なりすまし" }));
    await user.click(screen.getByRole("button", { name: "送信" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("自分のコンテンツは通報できません");
    await waitFor(() => expect(screen.getByRole("button", { name: "送信" })).toBeEnabled());
  });

  it("asks a visitor to sign in instead of showing the form", () => {
    server.viewer = "signedOut";
    renderDialog();
    expect(screen.getByRole("dialog", { name: "作品を通報する" })).toHaveAccessibleDescription(REPORT_MESSAGES.signIn);
    expect(screen.getByRole("button", { name: "ログイン" })).toBeVisible();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });
});
