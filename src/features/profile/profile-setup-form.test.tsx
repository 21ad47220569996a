import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast-provider";
import type { HandleAvailability } from "./handle-field";
import { fakeFile, stubObjectUrls } from "@/test/files";
import { newUserValues, VALID_BIO } from "./profile-form.testkit";
import { ProfileSetupForm, type ProfileSetupFormProps } from "./profile-setup-form";

function renderSetup(overrides: Partial<ProfileSetupFormProps> = {}, userOptions = {}) {
  const props: ProfileSetupFormProps = {
    initialValues: newUserValues,
    seed: "user_1",
    currentPhotoUrl: null,
    availability: undefined,
    onHandleCheck: vi.fn(),
    onSubmit: vi.fn(() => Promise.resolve(null)),
    onSkip: vi.fn(),
    onPhotoRejected: vi.fn(),
    ...overrides,
  };
  const user = userEvent.setup(userOptions);
  const view = render(
    <ToastProvider>
      <ProfileSetupForm {...props} />
    </ToastProvider>,
  );
  const rerender = (next: Partial<ProfileSetupFormProps>) =>
    view.rerender(
      <ToastProvider>
        <ProfileSetupForm {...props} {...next} />
      </ToastProvider>,
    );
  return { user, props, rerender };
}

const handleField = () => screen.getByRole("textbox", { name: /ユーザーID/ });
const nameField = () => screen.getByRole("textbox", { name: /表示名/ });
const bioField = () => screen.getByRole("textbox", { name: /自己紹介/ });
const next = () => screen.getByRole("button", { name: "次へ" });

/** Fills step 1 with valid values (handle typed, the rest pasted). */
async function fillStepOne(user: ReturnType<typeof userEvent.setup>, handle = "taro_dev") {
  await user.type(handleField(), handle);
  await user.click(bioField());
  await user.paste(VALID_BIO);
}

describe("profile setup, step 1", () => {
  beforeEach(stubObjectUrls);

  it("shows ステップ 1/2 and prefills the display name from Google", () => {
    renderSetup();
    expect(screen.getByText("ステップ 1/2")).toBeVisible();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    expect(nameField()).toHaveValue("山田 太郎");
  });

  it("blocks 次へ and shows every required message under its field", async () => {
    const { user } = renderSetup();
    await user.clear(nameField());
    await user.click(next());

    expect(handleField()).toHaveAccessibleDescription(/ユーザーIDは必須です/);
    expect(nameField()).toHaveAccessibleDescription(/表示名は必須です/);
    expect(bioField()).toHaveAccessibleDescription(/自己紹介は必須です/);
    expect(handleField()).toHaveAttribute("aria-invalid", "true");
    // Focus goes to the first field with a problem.
    expect(handleField()).toHaveFocus();
    expect(screen.getByText("ステップ 1/2")).toBeVisible();
  });

  it.each([
    ["ab", "3文字以上で入力してください"],
    ["a".repeat(21), "20文字以内で入力してください"],
  ])("rejects the user id %s with '%s'", async (handle, message) => {
    const { user } = renderSetup();
    await user.type(handleField(), handle);
    await user.click(next());
    expect(handleField()).toHaveAccessibleDescription(new RegExp(message));
  });

  it("counts the user id as it is typed and says at once when it is too long", async () => {
    const { user } = renderSetup();
    await user.type(handleField(), "taro_dev");
    expect(screen.getByText("8/20")).toBeVisible();
    await user.type(handleField(), "_0123456789ab");
    expect(screen.getByText("21/20")).toHaveClass("text-red-600");
    expect(handleField()).toHaveAttribute("aria-invalid", "true");
    expect(handleField()).toHaveAccessibleDescription(/20文字以内で入力してください/);
    await user.type(handleField(), "{Backspace}");
    expect(handleField()).not.toHaveAttribute("aria-invalid");
  });

  it("rejects a bio shorter than 20 or longer than 200 characters", async () => {
    const { user } = renderSetup();
    await user.type(handleField(), "taro_dev");
    await user.type(bioField(), "短い自己紹介です");
    await user.click(next());
    expect(bioField()).toHaveAccessibleDescription(/自己紹介は20文字以上で入力してください/);

    await user.clear(bioField());
    await user.paste("あ".repeat(201));
    await user.click(next());
    expect(bioField()).toHaveAccessibleDescription(/自己紹介は200文字以内で入力してください/);
    expect(screen.getByText("201/200")).toBeVisible();
  });

  it("forces the user id to lowercase and strips other characters as it is typed", async () => {
    const { user } = renderSetup();
    await user.type(handleField(), "Taro-Dev_01!");
    expect(handleField()).toHaveValue("tarodev_01");
  });

  it("says why a typed character vanished from the user id", async () => {
    const { user } = renderSetup();
    await user.type(handleField(), "たろう");
    expect(handleField()).toHaveValue("");
    expect(handleField()).toHaveAccessibleDescription(/英数字とアンダースコアのみ使用できます/);
    await user.type(handleField(), "taro");
    expect(handleField()).not.toHaveAccessibleDescription(/英数字とアンダースコア/);
  });

  it("clears a field's error as soon as that field is edited, and only that one", async () => {
    const { user } = renderSetup();
    await user.click(next());
    expect(screen.getAllByRole("alert")).toHaveLength(2);

    await user.type(bioField(), "A");
    expect(bioField()).not.toHaveAccessibleDescription(/自己紹介は必須です/);
    expect(bioField()).not.toHaveAttribute("aria-invalid");
    expect(handleField()).toHaveAccessibleDescription(/ユーザーIDは必須です/);

    await user.type(handleField(), "t");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("moves to step 2 once step 1 is valid, keeping the values for 戻る", async () => {
    const { user } = renderSetup();
    await fillStepOne(user);
    await user.click(next());

    expect(screen.getByText("ステップ 2/2")).toBeVisible();
    expect(screen.getByRole("heading", { name: "SNSリンクを追加" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "GitHub" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "戻る" }));
    expect(handleField()).toHaveValue("taro_dev");
    expect(bioField()).toHaveValue(VALID_BIO);
  });

  it("スキップ on step 1 postpones setup with what was typed, saving nothing", async () => {
    const { user, props } = renderSetup();
    await user.type(handleField(), "taro_dev");
    await user.type(bioField(), "途中まで");
    await user.click(screen.getByRole("button", { name: "スキップ" }));
    expect(props.onSkip).toHaveBeenCalledExactlyOnceWith({ ...newUserValues, handle: "taro_dev", bio: "途中まで" });
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("スキップ on step 2 completes setup with step 1's values and without the optional links", async () => {
    const { user, props } = renderSetup();
    await fillStepOne(user);
    await user.click(next());
    await user.type(screen.getByRole("textbox", { name: "GitHub" }), "not a url");
    await user.click(screen.getByRole("button", { name: "スキップ" }));
    expect(props.onSubmit).toHaveBeenCalledExactlyOnceWith(
      { ...newUserValues, handle: "taro_dev", bio: VALID_BIO, githubUrl: "" },
      expect.objectContaining({ kind: "keep" }),
    );
    expect(props.onSkip).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("user id availability", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubObjectUrls();
  });
  afterEach(() => vi.useRealTimers());

  // fireEvent rather than userEvent here: Testing Library's async wrapper waits on a real
  // setTimeout, which never fires under vitest's fake timers.
  const typeHandle = (value: string) => fireEvent.change(handleField(), { target: { value } });
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it("asks 500 ms after typing stops, and only with 3 or more valid characters", () => {
    const { props } = renderSetup();
    typeHandle("a");
    typeHandle("ab");
    wait(1000);
    expect(props.onHandleCheck).not.toHaveBeenCalled();

    typeHandle("abc");
    wait(499);
    expect(props.onHandleCheck).not.toHaveBeenCalled();
    typeHandle("abcd");
    wait(499);
    // Each keystroke restarts the wait.
    expect(props.onHandleCheck).not.toHaveBeenCalled();
    wait(1);
    expect(props.onHandleCheck).toHaveBeenCalledExactlyOnceWith("abcd");
    wait(5000);
    expect(props.onHandleCheck).toHaveBeenCalledOnce();
  });

  it("counts only valid characters and never asks about a too-long id", () => {
    const { props } = renderSetup();
    // Two valid characters once the rest is stripped.
    typeHandle("aあいう-b");
    wait(1000);
    expect(handleField()).toHaveValue("ab");
    typeHandle("a".repeat(21));
    wait(1000);
    expect(props.onHandleCheck).not.toHaveBeenCalled();

    typeHandle("A-B-C");
    wait(500);
    expect(props.onHandleCheck).toHaveBeenCalledExactlyOnceWith("abc");
  });

  it("shows 確認中… until the answer for this id arrives, then 使用できます or the taken message", () => {
    const { rerender } = renderSetup();
    typeHandle("taro");
    const status = () => within(handleField().closest("div.flex-col")!).getByRole("status");
    expect(status()).toHaveTextContent("確認中…");

    const available: HandleAvailability = { handle: "taro", available: true, message: null };
    rerender({ availability: available });
    expect(status()).toHaveTextContent("使用できます");

    rerender({ availability: { handle: "taro", available: false, message: "このユーザーIDは既に使用されています" } });
    expect(handleField()).toHaveAccessibleDescription(/このユーザーIDは既に使用されています/);
    expect(handleField()).toHaveAttribute("aria-invalid", "true");

    // An answer about an older id does not count for the new one.
    typeHandle("tarox");
    expect(status()).toHaveTextContent("確認中…");
    expect(handleField()).not.toHaveAttribute("aria-invalid");
  });

  it("keeps a taken id from passing 次へ", () => {
    const { rerender } = renderSetup();
    typeHandle("taken");
    fireEvent.change(bioField(), { target: { value: VALID_BIO } });
    rerender({ availability: { handle: "taken", available: false, message: "このユーザーIDは既に使用されています" } });
    fireEvent.click(next());
    expect(screen.getByText("ステップ 1/2")).toBeVisible();
    expect(handleField()).toHaveFocus();
  });
});

describe("profile setup, step 2 and finishing", () => {
  beforeEach(stubObjectUrls);

  async function toStepTwo(overrides: Partial<ProfileSetupFormProps> = {}) {
    const view = renderSetup(overrides);
    await fillStepOne(view.user);
    await view.user.click(next());
    return view;
  }

  it("refuses links that are not http(s) URLs", async () => {
    const { user, props } = await toStepTwo();
    const github = screen.getByRole("textbox", { name: "GitHub" });
    await user.type(github, "github.com/taro");
    await user.type(screen.getByRole("textbox", { name: "Webサイト" }), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "完了" }));

    expect(github).toHaveAccessibleDescription(/正しいURL形式で入力してください/);
    expect(screen.getByRole("textbox", { name: "Webサイト" })).toHaveAccessibleDescription(/正しいURL形式で入力してください/);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("submits everything, links included, with the chosen photo", async () => {
    const { user, props } = await toStepTwo();
    await user.type(screen.getByRole("textbox", { name: /Twitter/ }), "https://x.com/taro");
    await user.click(screen.getByRole("button", { name: "完了" }));

    expect(props.onSubmit).toHaveBeenCalledExactlyOnceWith(
      { ...newUserValues, handle: "taro_dev", bio: VALID_BIO, twitterUrl: "https://x.com/taro" },
      { kind: "keep" },
    );
  });

  it("sends the person back to step 1 when the server refuses a step-1 field", async () => {
    const onSubmit = vi.fn(() => Promise.resolve({ handle: "このユーザーIDは既に使用されています" }));
    const { user } = await toStepTwo({ onSubmit });
    await user.click(screen.getByRole("button", { name: "完了" }));

    expect(await screen.findByText("ステップ 1/2")).toBeVisible();
    expect(handleField()).toHaveAccessibleDescription(/このユーザーIDは既に使用されています/);
    // Focus moves in an effect after the step renders: on a busy machine, a moment later.
    await waitFor(() => expect(handleField()).toHaveFocus());
  });
});

describe("profile photo", () => {
  let urls: ReturnType<typeof stubObjectUrls>;
  beforeEach(() => {
    urls = stubObjectUrls();
  });

  const photoInput = () => screen.getByLabelText("プロフィール画像");

  it("refuses a photo over 5MB before any upload", async () => {
    const { user, props } = renderSetup();
    await user.upload(photoInput(), fakeFile("big.jpg", "image/jpeg", 5 * 1024 * 1024 + 1));

    expect(screen.getByText("画像サイズは5MB以下にしてください")).toBeVisible();
    expect(props.onPhotoRejected).toHaveBeenCalledExactlyOnceWith("画像サイズは5MB以下にしてください");
    expect(urls.createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByTestId("avatar-fallback")).toBeInTheDocument();

    // Finishing without a valid photo keeps the current one.
    await fillStepOne(user);
    await user.click(next());
    await user.click(screen.getByRole("button", { name: "完了" }));
    expect(props.onSubmit).toHaveBeenCalledWith(expect.anything(), { kind: "keep" });
  });

  it("accepts exactly 5MB, previews it and clears the earlier error", async () => {
    const { user, props } = renderSetup();
    await user.upload(photoInput(), fakeFile("big.png", "image/png", 6 * 1024 * 1024));
    expect(screen.getByText("画像サイズは5MB以下にしてください")).toBeVisible();

    const photo = fakeFile("me.png", "image/png", 5 * 1024 * 1024);
    await user.upload(photoInput(), photo);
    expect(screen.queryByText("画像サイズは5MB以下にしてください")).not.toBeInTheDocument();
    expect(document.querySelector('img[src^="blob:preview"]')).not.toBeNull();

    await fillStepOne(user);
    await user.click(next());
    await user.click(screen.getByRole("button", { name: "完了" }));
    expect(props.onSubmit).toHaveBeenCalledWith(expect.anything(), { kind: "upload", file: photo });
  });

  it("refuses files that are not PNG, JPEG or GIF", async () => {
    // applyAccept off: a browser's picker can still hand over any file ("All files").
    const { user } = renderSetup({}, { applyAccept: false });
    await user.upload(photoInput(), fakeFile("me.webp", "image/webp", 1000));
    expect(screen.getByText("PNG、JPEG、GIF形式の画像を選択してください")).toBeVisible();
  });
});
