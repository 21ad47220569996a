import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_USER_SETTINGS } from "../../../convex/schema";
import type { UserSettings } from "./setting-toggles";
import { SettingsView, type SettingsViewProps } from "./settings-view";

function renderView(overrides: Partial<SettingsViewProps> = {}) {
  const props: SettingsViewProps = {
    settings: DEFAULT_USER_SETTINGS,
    onSettingsChange: vi.fn(),
    onExport: vi.fn(() => Promise.resolve()),
    onSignOut: vi.fn(() => Promise.resolve()),
    onDeleteAccount: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
  return { user: userEvent.setup(), props, ...render(<SettingsView {...props} />) };
}

/** Keeps the settings in state, as the live viewer query does after a save. */
function LiveSettings({ initial, onSave }: { initial: UserSettings; onSave: (s: UserSettings) => void }) {
  const [settings, setSettings] = useState(initial);
  const noop = () => Promise.resolve();
  return (
    <SettingsView
      settings={settings}
      onSettingsChange={(next) => {
        onSave(next);
        setSettings(next);
      }}
      onExport={noop}
      onSignOut={noop}
      onDeleteAccount={noop}
    />
  );
}

const switchNamed = (name: string) => screen.getByRole("switch", { name });

describe("SettingsView", () => {
  it("shows the stored settings on the switches (the product's defaults)", () => {
    renderView();
    expect(switchNamed("いいね")).toBeChecked();
    expect(switchNamed("コメント")).toBeChecked();
    expect(switchNamed("フォロー")).not.toBeChecked();
    expect(switchNamed("新しい作品・チャレンジ")).toBeChecked();
    expect(switchNamed("メール通知")).not.toBeChecked();
    expect(switchNamed("コメントのメール通知")).toBeChecked();
    expect(switchNamed("作品を表示する")).toBeChecked();
    // showEmail is off by default, so "hide e-mail" reads as on.
    expect(switchNamed("メールアドレスを非表示にする")).toBeChecked();
    expect(screen.getByRole("radio", { name: /公開 誰でも/ })).toBeChecked();
  });

  it("saves each switch as the whole settings object with only that value changed", async () => {
    const { user, props } = renderView();
    await user.click(switchNamed("いいね"));
    expect(props.onSettingsChange).toHaveBeenLastCalledWith({
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, likes: false },
    });

    await user.click(switchNamed("フォロー"));
    expect(props.onSettingsChange).toHaveBeenLastCalledWith({
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, follows: true },
    });

    await user.click(switchNamed("新しい作品・チャレンジ"));
    expect(props.onSettingsChange).toHaveBeenLastCalledWith({
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, newProjects: false },
    });
  });

  it("keeps in-site notifications apart from e-mail, and comment e-mail waits for メール通知", async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<LiveSettings initial={DEFAULT_USER_SETTINGS} onSave={onSave} />);
    const inSite = screen.getByRole("region", { name: "サイト内の通知" });
    expect(within(inSite).getByText("ヘッダーのベルと通知ページに届きます。メールは送られません。")).toBeInTheDocument();
    expect(
      within(inSite)
        .getAllByRole("switch")
        .map((s) => s.closest("li")?.querySelector("label")?.textContent),
    ).toEqual(["いいね", "コメント", "フォロー", "新しい作品・チャレンジ", "ストックした作品の更新", "チャレンジのリマインダー"]);
    const email = screen.getByRole("region", { name: "メール" });
    expect(within(email).getAllByRole("switch")).toHaveLength(2);
    expect(within(email).getByRole("switch", { name: "コメントのメール通知" })).toHaveAccessibleDescription(
      "自分の作品にほかの人がコメントしたとき、メールでお知らせします（「メール通知」がオンのときに届きます）",
    );
    // Off by default, so the comment e-mail switch can do nothing yet.
    expect(switchNamed("コメントのメール通知")).toBeDisabled();
    await user.click(switchNamed("メール通知"));
    expect(switchNamed("コメントのメール通知")).toBeEnabled();
    await user.click(switchNamed("コメントのメール通知"));
    expect(onSave).toHaveBeenLastCalledWith({
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, email: true },
      emailNotifications: { comments: false },
    });
  });

  it("maps the hide-email switch to the opposite showEmail flag", async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<LiveSettings initial={DEFAULT_USER_SETTINGS} onSave={onSave} />);

    await user.click(switchNamed("メールアドレスを非表示にする"));
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({
        privacy: expect.objectContaining({ showEmail: true }),
      }),
    );
    expect(switchNamed("メールアドレスを非表示にする")).not.toBeChecked();

    await user.click(switchNamed("メールアドレスを非表示にする"));
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({
        privacy: expect.objectContaining({ showEmail: false }),
      }),
    );
    expect(switchNamed("メールアドレスを非表示にする")).toBeChecked();
  });

  it("switches the profile visibility to private", async () => {
    const { user, props } = renderView();
    await user.click(screen.getByRole("radio", { name: /非公開/ }));
    expect(props.onSettingsChange).toHaveBeenLastCalledWith({
      ...DEFAULT_USER_SETTINGS,
      privacy: { ...DEFAULT_USER_SETTINGS.privacy, profileVisibility: "private" },
    });
  });

  it("exports and signs out through the callbacks", async () => {
    const { user, props } = renderView();
    await user.click(screen.getByRole("button", { name: "データをエクスポート" }));
    expect(props.onExport).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "ログアウト" }));
    expect(props.onSignOut).toHaveBeenCalledOnce();
  });
});

describe("account deletion dialog", () => {
  async function openDialog() {
    const view = renderView();
    await view.user.click(screen.getByRole("button", { name: "アカウントを削除" }));
    const dialog = screen.getByRole("alertdialog", { name: "アカウントを削除しますか？" });
    return { ...view, dialog, field: within(dialog).getByRole("textbox", { name: /DELETE MY ACCOUNT/ }) };
  }

  it("enables the delete button only for the exact phrase", async () => {
    const { user, dialog, field } = await openDialog();
    const deleteButton = within(dialog).getByRole("button", { name: "アカウントを削除する" });
    expect(deleteButton).toBeDisabled();

    for (const wrong of ["delete my account", "DELETE MY ACCOUN", "DELETE  MY ACCOUNT", " DELETE MY ACCOUNT"]) {
      await user.clear(field);
      await user.type(field, wrong);
      expect(deleteButton).toBeDisabled();
    }
    await user.clear(field);
    await user.type(field, "DELETE MY ACCOUNT ");
    expect(deleteButton).toBeDisabled();

    await user.clear(field);
    await user.type(field, "DELETE MY ACCOUNT");
    expect(deleteButton).toBeEnabled();
  });

  it("deletes with the typed phrase, and Enter does nothing until it matches", async () => {
    const { user, field, props, dialog } = await openDialog();
    await user.type(field, "DELETE MY{Enter}");
    expect(props.onDeleteAccount).not.toHaveBeenCalled();

    await user.type(field, " ACCOUNT");
    await user.click(within(dialog).getByRole("button", { name: "アカウントを削除する" }));
    expect(props.onDeleteAccount).toHaveBeenCalledExactlyOnceWith("DELETE MY ACCOUNT");
  });

  it("forgets the typed phrase when cancelled", async () => {
    const { user, field, dialog } = await openDialog();
    await user.type(field, "DELETE MY ACCOUNT");
    await user.click(within(dialog).getByRole("button", { name: "キャンセル" }));
    await user.click(screen.getByRole("button", { name: "アカウントを削除" }));
    expect(screen.getByRole("textbox", { name: /DELETE MY ACCOUNT/ })).toHaveValue("");
  });
});
