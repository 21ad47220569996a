import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast-provider";
import { fakeFile, stubObjectUrls } from "@/test/files";
import type { ExistingScreenshot, ScreenshotIds, ScreenshotUploader, UploadPhase } from "./use-screenshot-uploads";
import { EMPTY_WORK, type WorkFormInput } from "./work-form-state";
import { UPLOAD_IN_PROGRESS_MESSAGE, WorkWizard, type WorkWizardProps } from "./work-wizard";

/** An uploader whose uploads finish when the test says so. */
function controlledUploader() {
  const pending = new Map<
    string,
    { resolve: (ids: ScreenshotIds) => void; reject: (error: unknown) => void; report: (phase: UploadPhase, progress: number) => void }
  >();
  let n = 0;
  const uploader: ScreenshotUploader = {
    upload: vi.fn(
      (file: File, report: (phase: UploadPhase, progress: number) => void) =>
        new Promise<ScreenshotIds>((resolve, reject) => {
          pending.set(file.name, { resolve, reject, report });
        }),
    ),
    discard: vi.fn(() => Promise.resolve()),
  };
  return {
    uploader,
    /** Reports progress of one file's upload. */
    progress: (name: string, fraction: number) => act(() => pending.get(name)!.report("uploading", fraction)),
    finish: async (name: string) => {
      n++;
      const ids = { storageId: `orig-${n}`, thumbnailStorageId: `thumb-${n}` };
      // Settling the upload's promise re-renders after a microtask; act waits for it.
      await act(() => Promise.resolve(pending.get(name)!.resolve(ids)));
    },
    fail: async (name: string, error: unknown) => {
      await act(() => Promise.resolve(pending.get(name)!.reject(error)));
    },
  };
}

function renderWizard(overrides: Partial<WorkWizardProps> = {}) {
  const control = controlledUploader();
  const props: WorkWizardProps = {
    mode: "create",
    initialValues: EMPTY_WORK,
    uploader: control.uploader,
    onSubmit: vi.fn(() => Promise.resolve(null)),
    onCancel: vi.fn(),
    ...overrides,
  };
  const user = userEvent.setup();
  render(
    <ToastProvider>
      {/* The step lives in the URL (?step=2). */}
      <MemoryRouter initialEntries={["/submit"]}>
        <WorkWizard {...props} />
      </MemoryRouter>
    </ToastProvider>,
  );
  return { user, props, ...control };
}

const next = () => screen.getByRole("button", { name: /^次へ/ });
const heading = (name: string) => screen.getByRole("heading", { level: 2, name });
const field = (name: RegExp) => screen.getByRole("textbox", { name });
const png = (name: string, size = 1000) => fakeFile(name, "image/png", size);
const fileInput = () => screen.getByLabelText<HTMLInputElement>("スクリーンショット画像");
/** Picks files; they are added once read (act waits for that). */
const pick = (files: File[]) => act(() => Promise.resolve(fireEvent.change(fileInput(), { target: { files } })));

const filled: WorkFormInput = {
  ...EMPTY_WORK,
  title: "ふんわり家計簿",
  description: "レシートを撮るだけで記録できる家計簿です。",
  vibeDescription: "家計簿が続かない自分のために作りました。",
  genre: "webapp",
  demoUrl: "https://example.com",
};

describe("step 1", () => {
  it("refuses 次へ with every required message, focuses the first, and clears a message on edit", async () => {
    const { user } = renderWizard();
    expect(screen.getByText("ステップ 1/4")).toBeVisible();
    await user.click(next());
    expect(field(/タイトル/)).toHaveAccessibleDescription(/タイトルは必須です/);
    expect(field(/^説明/)).toHaveAccessibleDescription(/説明は必須です/);
    expect(field(/Vibeの説明/)).toHaveAccessibleDescription(/Vibeの説明は必須です/);
    expect(screen.getByRole("combobox", { name: /ジャンル/ })).toHaveAccessibleDescription(/ジャンルを選択してください/);
    expect(field(/^デモURL/)).toHaveAccessibleDescription(/デモURLは必須です/);
    expect(field(/タイトル/)).toHaveFocus();
    expect(heading("基本情報")).toBeVisible();

    await user.type(field(/タイトル/), "作");
    expect(field(/タイトル/)).not.toHaveAccessibleDescription(/タイトルは必須です/);
    expect(field(/^説明/)).toHaveAccessibleDescription(/説明は必須です/);
  });

  it("picks a genre without any React warning", async () => {
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    try {
      const { user } = renderWizard();
      await user.click(screen.getByRole("combobox", { name: /ジャンル/ }));
      await user.click(await screen.findByRole("option", { name: "Webアプリ" }));
      expect(screen.getByRole("combobox", { name: /ジャンル/ })).toHaveTextContent("Webアプリ");
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it("accepts only http(s) links", async () => {
    const { user } = renderWizard({ initialValues: { ...filled, demoUrl: "javascript:alert(1)", repositoryUrl: "ftp://example.com" } });
    await user.click(next());
    expect(field(/^デモURL/)).toHaveAccessibleDescription(/正しいURL形式で入力してください/);
    expect(field(/リポジトリURL/)).toHaveAccessibleDescription(/正しいURL形式で入力してください/);
  });

  it("キャンセル goes straight home when nothing was entered, and asks first otherwise", async () => {
    const { user, props } = renderWizard();
    await user.click(screen.getByRole("button", { name: "キャンセル" }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);

    const second = renderWizard();
    await second.user.type(screen.getAllByRole("textbox", { name: /タイトル/ })[1]!, "途中");
    await second.user.click(screen.getAllByRole("button", { name: "キャンセル" })[1]!);
    const dialog = screen.getByRole("alertdialog", { name: "入力内容を破棄しますか？" });
    expect(second.props.onCancel).not.toHaveBeenCalled();
    await second.user.click(within(dialog).getByRole("button", { name: "破棄する" }));
    expect(second.props.onCancel).toHaveBeenCalledTimes(1);
  });
});

describe("step 2: screenshots", () => {
  beforeEach(stubObjectUrls);

  async function toStepTwo(overrides: Partial<WorkWizardProps> = {}) {
    const view = renderWizard({ initialValues: filled, ...overrides });
    await view.user.click(next());
    expect(heading("スクリーンショット")).toBeVisible();
    return view;
  }

  it("needs at least one image, shows each upload's progress, and waits for uploads", async () => {
    const { user, progress, finish } = await toStepTwo();
    await user.click(next());
    expect(screen.getByText("スクリーンショットを少なくとも1枚アップロードしてください")).toBeVisible();

    await pick([png("a.png")]);
    // Picking clears the message.
    expect(screen.queryByText("スクリーンショットを少なくとも1枚アップロードしてください")).toBeNull();
    progress("a.png", 0.42);
    expect(screen.getByRole("progressbar", { name: "a.pngのアップロード" })).toHaveAttribute("aria-valuenow", "42");
    await user.click(next());
    expect(screen.getByText(UPLOAD_IN_PROGRESS_MESSAGE)).toBeVisible();

    await finish("a.png");
    expect(screen.getByText("アップロード完了")).toBeVisible();
    await user.click(next());
    expect(heading("技術情報")).toBeVisible();
  });

  it("refuses a 6th image, wrong types and files over 5 MB before uploading them", async () => {
    const { uploader } = await toStepTwo();
    await pick([png("1.png"), png("2.png"), png("3.png"), png("4.png"), png("5.png"), png("6.png")]);
    expect(screen.getByText("スクリーンショットは最大5枚まで追加できます")).toBeVisible();
    expect(uploader.upload).toHaveBeenCalledTimes(5);
    expect(screen.getByText("5/5枚")).toBeVisible();
    expect(screen.getByRole("button", { name: "画像を選択" })).toBeDisabled();

    fireEvent.click(screen.getByRole("button", { name: "5.pngを削除" }));
    await pick([fakeFile("doc.pdf", "application/pdf", 100)]);
    expect(screen.getByText("PNG、JPEG、GIF形式の画像を選択してください")).toBeVisible();
    await pick([png("huge.png", 5 * 1024 * 1024 + 1)]);
    expect(screen.getByText("画像サイズは5MB以下にしてください")).toBeVisible();
    expect(uploader.upload).toHaveBeenCalledTimes(5);
  });

  it("shows a failed upload's reason with 再試行, and a removed finished upload is discarded", async () => {
    const { user, uploader, fail, finish } = await toStepTwo();
    await pick([png("bad.png"), png("good.png")]);
    await fail("bad.png", new Error("network"));
    await finish("good.png");
    expect(screen.getByText("画像のアップロードに失敗しました")).toBeVisible();
    await user.click(next());
    expect(screen.getByText("アップロードに失敗した画像を削除するか、再試行してください")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "再試行" }));
    expect(uploader.upload).toHaveBeenCalledTimes(3);

    await user.click(screen.getByRole("button", { name: "good.pngを削除" }));
    expect(uploader.discard).toHaveBeenCalledWith(["orig-1", "thumb-1"]);
  });

  it("edit mode shows the work's images apart from new ones; both can be removed", async () => {
    const existing: ExistingScreenshot[] = [
      { kind: "existing", key: "e1", storageId: "s1", thumbnailStorageId: "t1", url: "https://img/1" },
      {
        kind: "existing",
        key: "e2",
        storageId: "s2",
        thumbnailStorageId: "t2",
        url: "https://img/2",
        originalUrl: "https://img/2-original",
      },
    ];
    const onSubmit = vi.fn<WorkWizardProps["onSubmit"]>(() => Promise.resolve(null));
    const { user, finish } = await toStepTwo({ mode: "edit", initialScreenshots: existing, onSubmit });
    const current = screen.getByRole("list", { name: "現在の画像" });
    expect(within(current).getAllByRole("img")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "現在の画像1を削除" }));
    await pick([png("new.png")]);
    await finish("new.png");
    expect(within(screen.getByRole("list", { name: "新しく追加する画像" })).getByRole("img", { name: "new.png" })).toBeVisible();

    await user.click(next());
    await user.click(screen.getByRole("button", { name: /^Claude/ }));
    await user.click(next());
    await user.click(screen.getByRole("button", { name: "更新する" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ title: "ふんわり家計簿" }),
      [
        { storageId: "s2", thumbnailStorageId: "t2" },
        { storageId: "orig-1", thumbnailStorageId: "thumb-1" },
      ],
      // The share card draws the first image from the full original where the work has one.
      { storageId: "s2", source: "https://img/2-original" },
      // Editing keeps no draft.
      null,
    );
  });
});

describe("step 3 and the review", () => {
  beforeEach(stubObjectUrls);

  async function toStepThree(overrides: Partial<WorkWizardProps> = {}) {
    const view = renderWizard({ initialValues: filled, ...overrides });
    await view.user.click(next());
    await pick([png("1.png"), png("2.png"), png("3.png"), png("4.png")]);
    for (const name of ["1.png", "2.png", "3.png", "4.png"]) await view.finish(name);
    await view.user.click(next());
    expect(heading("技術情報")).toBeVisible();
    return view;
  }

  it("needs an AI tool, allows 5 without duplicates, and adds custom tools", async () => {
    const { user } = await toStepThree();
    await user.click(next());
    expect(screen.getByText("使用したAIツールを少なくとも1つ選択してください")).toBeVisible();

    for (const tool of ["Claude", "Cursor", "v0", "Lovable"])
      await user.click(screen.getByRole("button", { name: new RegExp(`^${tool}`) }));
    expect(screen.queryByText("使用したAIツールを少なくとも1つ選択してください")).toBeNull();
    const custom = screen.getByRole("textbox", { name: "リストにないツール" });
    await user.type(custom, "claude{Enter}");
    expect(screen.getByText("このAIツールは既に追加されています")).toBeVisible();
    await user.clear(custom);
    await user.type(custom, "Windsurf{Enter}");
    expect(within(screen.getByRole("list", { name: "選択中のAIツール" })).getAllByRole("listitem")).toHaveLength(5);
    await user.click(screen.getByRole("button", { name: /^Gemini/ }));
    expect(screen.getByText("AIツールは最大5個まで追加できます")).toBeVisible();
    expect(screen.getByRole("button", { name: /^Gemini/ })).toHaveAttribute("aria-pressed", "false");
  });

  it("takes tags with Enter or 、, ignores blanks, and stops at 10", async () => {
    const { user } = await toStepThree();
    const tags = screen.getByRole("textbox", { name: /^タグ/ });
    await user.type(tags, "#家計簿{Enter}  {Enter}節約、");
    expect(
      within(screen.getByRole("list", { name: "タグ" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["#家計簿", "#節約"]);
    await user.type(tags, "3,4,5,6,7,8,9,10,11,");
    expect(screen.getByText("タグは最大10個まで追加できます")).toBeVisible();
    expect(within(screen.getByRole("list", { name: "タグ" })).getAllByRole("listitem")).toHaveLength(10);
  });

  it("reviews everything with the first 3 images and +N, posts, and goes back via the progress bar", async () => {
    const onSubmit = vi.fn<WorkWizardProps["onSubmit"]>(() => Promise.resolve(null));
    const { user } = await toStepThree({ onSubmit });
    await user.click(screen.getByRole("button", { name: /^Claude/ }));
    await user.click(screen.getByLabelText("ゼロコードで作りました"));
    await user.click(next());
    expect(heading("内容の確認")).toBeVisible();
    expect(screen.getByText("ふんわり家計簿")).toBeVisible();
    expect(within(screen.getByRole("list", { name: "スクリーンショット" })).getAllByRole("img")).toHaveLength(3);
    expect(screen.getByText("+1")).toBeVisible();
    expect(screen.getByText("ゼロコード作品として投稿します")).toBeVisible();

    // Only completed earlier steps are offered; going back keeps what was entered.
    const progress = screen.getByRole("navigation", { name: "投稿の進み具合" });
    expect(within(progress).getAllByRole("button")).toHaveLength(3);
    await user.click(within(progress).getByRole("button", { name: "ステップ1「基本情報」に戻る" }));
    expect(field(/タイトル/)).toHaveValue("ふんわり家計簿");
    expect(within(progress).queryAllByRole("button")).toHaveLength(0);
    await user.click(next());
    await user.click(next());
    await user.click(next());

    await user.click(screen.getByRole("button", { name: "投稿する" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [values, shots, cover] = onSubmit.mock.calls[0]!;
    expect(values).toMatchObject({ title: "ふんわり家計簿", aiTools: ["Claude"], isZeroCode: true });
    expect(shots).toHaveLength(4);
    // The first picked file is the share card's image.
    expect(cover).toEqual({ storageId: "orig-1", source: expect.objectContaining({ name: "1.png" }) as unknown });
  });

  it("a field the server refused sends the person to its step with the message", async () => {
    const onSubmit = vi.fn<WorkWizardProps["onSubmit"]>(() => Promise.resolve({ demoUrl: "正しいURL形式で入力してください" }));
    const { user } = await toStepThree({ onSubmit });
    await user.click(screen.getByRole("button", { name: /^Claude/ }));
    await user.click(next());
    await user.click(screen.getByRole("button", { name: "投稿する" }));
    expect(await screen.findByRole("heading", { level: 2, name: "基本情報" })).toBeVisible();
    expect(field(/^デモURL/)).toHaveAccessibleDescription(/正しいURL形式で入力してください/);
  });

  it("edit mode shows the zero-code declaration locked and says 更新する", async () => {
    await toStepThree({ mode: "edit", initialValues: { ...filled, isZeroCode: true } });
    expect(screen.getByLabelText("ゼロコードで作りました")).toBeDisabled();
    expect(screen.getByLabelText("ゼロコードで作りました")).toBeChecked();
    expect(screen.getByText("ゼロコード宣言は投稿後に変更できません")).toBeVisible();
  });
});
