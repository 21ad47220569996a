import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProfileEditForm, type ProfileEditFormProps } from "./profile-edit-form";
import { fakeFile, stubObjectUrls } from "@/test/files";
import { savedValues } from "./profile-form.testkit";

function renderEdit(overrides: Partial<ProfileEditFormProps> = {}) {
  const props: ProfileEditFormProps = {
    initialValues: savedValues,
    seed: "user_1",
    currentPhotoUrl: "https://example.com/me.png",
    canRemovePhoto: true,
    availability: undefined,
    onHandleCheck: vi.fn(),
    onSubmit: vi.fn(() => Promise.resolve(null)),
    onLeave: vi.fn(),
    onPhotoRejected: vi.fn(),
    ...overrides,
  };
  return { user: userEvent.setup(), props, ...render(<ProfileEditForm {...props} />) };
}

const field = (name: RegExp | string) => screen.getByRole("textbox", { name });
const saveButton = () => screen.getByRole("button", { name: "保存" });
const backButton = () => screen.getByRole("button", { name: "戻る" });

describe("profile edit", () => {
  beforeEach(stubObjectUrls);

  it("is prefilled with the loaded profile, links included", () => {
    renderEdit();
    expect(field(/ユーザーID/)).toHaveValue("taro_dev");
    expect(field(/表示名/)).toHaveValue("山田 太郎");
    expect(field(/自己紹介/)).toHaveValue(savedValues.bio);
    expect(field("場所")).toHaveValue("東京都");
    expect(field("GitHub")).toHaveValue("https://github.com/taro");
  });

  it("keeps 保存 disabled until something actually changes", async () => {
    const { user } = renderEdit();
    expect(saveButton()).toBeDisabled();

    await user.type(field("場所"), "渋谷区");
    expect(saveButton()).toBeEnabled();

    // Back to the loaded value: nothing to save again.
    await user.clear(field("場所"));
    await user.type(field("場所"), "東京都");
    expect(saveButton()).toBeDisabled();

    // Surrounding spaces alone are not a change.
    await user.type(field(/表示名/), " ");
    expect(saveButton()).toBeDisabled();
  });

  it("counts a new photo or removing the photo as a change", async () => {
    const { user } = renderEdit();
    await user.upload(screen.getByLabelText("プロフィール画像"), fakeFile("me.png", "image/png", 1000));
    expect(saveButton()).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "元に戻す" }));
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "画像を削除" }));
    expect(saveButton()).toBeEnabled();
    expect(screen.getByTestId("avatar-fallback")).toBeInTheDocument();
  });

  it("offers removing only an uploaded photo", () => {
    renderEdit({ canRemovePhoto: false });
    expect(screen.queryByRole("button", { name: "画像を削除" })).not.toBeInTheDocument();
  });

  it("refuses a photo over 5MB and leaves 保存 disabled", async () => {
    const { user, props } = renderEdit();
    await user.upload(screen.getByLabelText("プロフィール画像"), fakeFile("big.jpg", "image/jpeg", 8 * 1024 * 1024));
    expect(screen.getByText("画像サイズは5MB以下にしてください")).toBeVisible();
    expect(props.onPhotoRejected).toHaveBeenCalledWith("画像サイズは5MB以下にしてください");
    expect(saveButton()).toBeDisabled();
  });

  it("shows the edit rules' messages on 保存", async () => {
    const { user, props } = renderEdit();
    await user.clear(field(/表示名/));
    await user.clear(field(/自己紹介/));
    await user.paste("あ".repeat(201));
    await user.clear(field("GitHub"));
    await user.type(field("GitHub"), "ftp://github.com/taro");
    await user.click(saveButton());

    expect(field(/表示名/)).toHaveAccessibleDescription(/表示名は必須です/);
    expect(field(/自己紹介/)).toHaveAccessibleDescription(/自己紹介は200文字以内で入力してください/);
    expect(field("GitHub")).toHaveAccessibleDescription(/正しいURL形式で入力してください/);
    expect(field(/表示名/)).toHaveFocus();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("allows a short or empty bio (only setup needs 20 characters)", async () => {
    const { user, props } = renderEdit();
    await user.clear(field(/自己紹介/));
    await user.click(saveButton());
    expect(props.onSubmit).toHaveBeenCalledExactlyOnceWith({ ...savedValues, bio: "" }, { kind: "keep" });
  });

  it("checks a changed user id with the same rules", async () => {
    const { user, props } = renderEdit();
    await user.clear(field(/ユーザーID/));
    await user.type(field(/ユーザーID/), "ab");
    await user.click(saveButton());
    expect(field(/ユーザーID/)).toHaveAccessibleDescription(/3文字以上で入力してください/);

    await user.clear(field(/ユーザーID/));
    await user.click(saveButton());
    expect(field(/ユーザーID/)).toHaveAccessibleDescription(/ユーザーIDは必須です/);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's field messages after a refused save", async () => {
    const onSubmit = vi.fn(() => Promise.resolve({ handle: "このユーザーIDは既に使用されています" }));
    const { user } = renderEdit({ onSubmit });
    await user.clear(field(/ユーザーID/));
    await user.type(field(/ユーザーID/), "hanako");
    await user.click(saveButton());
    await waitFor(() => expect(field(/ユーザーID/)).toHaveAccessibleDescription(/このユーザーIDは既に使用されています/));
  });
});

describe("user id check on edit", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubObjectUrls();
  });
  afterEach(() => vi.useRealTimers());

  it("asks only when the id differs from the user's own", () => {
    const { props } = renderEdit();
    const handle = field(/ユーザーID/);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.change(handle, { target: { value: "taro_dev" } });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(props.onHandleCheck).not.toHaveBeenCalled();
    expect(screen.queryByText("確認中…")).not.toBeInTheDocument();

    fireEvent.change(handle, { target: { value: "taro_dev2" } });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(props.onHandleCheck).toHaveBeenCalledExactlyOnceWith("taro_dev2");
  });
});

describe("leaving the edit page", () => {
  beforeEach(stubObjectUrls);

  it("goes straight back when nothing changed", async () => {
    const { user, props } = renderEdit();
    await user.click(backButton());
    expect(props.onLeave).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("asks before discarding changes, and stays when told to keep editing", async () => {
    const { user, props } = renderEdit();
    await user.type(field("場所"), "渋谷区");
    await user.click(backButton());

    expect(screen.getByRole("alertdialog", { name: "変更を破棄しますか？" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "編集を続ける" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(props.onLeave).not.toHaveBeenCalled();
    expect(field("場所")).toHaveValue("東京都渋谷区");

    await user.click(backButton());
    await user.click(screen.getByRole("button", { name: "破棄する" }));
    expect(props.onLeave).toHaveBeenCalledOnce();
  });
});
