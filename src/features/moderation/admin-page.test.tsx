import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { ToastContext, type ToastApi } from "@/components/ui/toast-context";
import { FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { AdminPage } from "./admin-page";
import { MODERATORS_ONLY } from "./moderator-only";

type ViewerState = { status: "loading" | "signedOut" | "signedIn"; role?: "moderator" | "admin" | null };
const state = vi.hoisted((): { viewer: ViewerState } => ({ viewer: { status: "signedOut" } }));

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () =>
    state.viewer.status === "signedIn"
      ? { status: "signedIn", viewer: { _id: "u1", role: state.viewer.role ?? null, suspension: null } }
      : { status: state.viewer.status, viewer: state.viewer.status === "loading" ? undefined : null },
}));
const toast: ToastApi = { show: vi.fn(), success: vi.fn(), error: vi.fn() };

let convex: FakeConvex;
const queueRead = () => convex.callsTo(api.moderation.queue).length > 0;

function renderAdmin() {
  renderWithConvex(
    convex,
    <ToastContext value={toast}>
      <MemoryRouter initialEntries={["/admin"]}>
        <AdminPage />
      </MemoryRouter>
    </ToastContext>,
  );
}

beforeEach(() => {
  convex = new FakeConvex()
    .onQuery(api.moderation.queue, () => onePage([]))
    .onQuery(api.moderation.staff, () => [])
    .onMutation(api.moderation.setRole, () => null);
});

describe("AdminPage access", () => {
  it("asks a visitor to sign in", () => {
    state.viewer = { status: "signedOut" };
    renderAdmin();
    expect(screen.getByRole("heading", { name: "ログインが必要です" })).toBeVisible();
    expect(queueRead()).toBe(false);
  });

  it("shows a member the calm moderators-only page and reads nothing", () => {
    state.viewer = { status: "signedIn", role: null };
    renderAdmin();
    expect(screen.getByRole("heading", { level: 1, name: MODERATORS_ONLY })).toBeVisible();
    expect(screen.getByRole("link", { name: "ホームへ" })).toHaveAttribute("href", "/");
    expect(queueRead()).toBe(false);
  });

  it("opens the queue for a moderator, without the admins' staff section", () => {
    state.viewer = { status: "signedIn", role: "moderator" };
    renderAdmin();
    expect(screen.getByRole("heading", { level: 1, name: "モデレーション" })).toBeVisible();
    expect(screen.getByText("未対応の通報はありません")).toBeVisible();
    expect(queueRead()).toBe(true);
    expect(screen.getByRole("link", { name: "監査ログ" })).toHaveAttribute("href", "/admin/log");
    expect(screen.queryByRole("heading", { name: "スタッフ" })).not.toBeInTheDocument();
  });

  it("adds the staff section for an admin", () => {
    state.viewer = { status: "signedIn", role: "admin" };
    renderAdmin();
    expect(screen.getByRole("heading", { name: "スタッフ" })).toBeVisible();
  });
});
