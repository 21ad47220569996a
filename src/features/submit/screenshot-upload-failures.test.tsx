// What the screenshots step does with uploads that cannot go through: a rate-limit refusal waits
// as long as the server says, then 再試行 sends the same file again; a file that is no real image
// is refused on picking and never takes one of the five slots.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast-provider";
import { unreadableImageProblem } from "@/lib/image-files";
import { stubObjectUrls } from "@/test/files";
import type { ScreenshotIds, ScreenshotUploader } from "./use-screenshot-uploads";
import { EMPTY_WORK, type WorkFormInput } from "./work-form-state";
import { WorkWizard } from "./work-wizard";

const filled: WorkFormInput = {
  ...EMPTY_WORK,
  title: "ふんわり家計簿",
  description: "レシートを撮るだけで記録できる家計簿です。",
  vibeDescription: "家計簿が続かない自分のために作りました。",
  genre: "webapp",
  demoUrl: "https://example.com",
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const realPng = (name: string) => new File([new Uint8Array(PNG_SIGNATURE)], name, { type: "image/png" });
/** A text file renamed .png: the picker and its type say image, its bytes do not. */
const fakePng = (name: string) => new File(["メモ: 明日の買い物リスト"], name, { type: "image/png" });

async function renderStepTwo(uploader: ScreenshotUploader) {
  render(
    <ToastProvider>
      {/* The step lives in the URL (?step=2). */}
      <MemoryRouter initialEntries={["/submit"]}>
        <WorkWizard mode="create" initialValues={filled} uploader={uploader} onSubmit={() => Promise.resolve(null)} onCancel={() => {}} />
      </MemoryRouter>
    </ToastProvider>,
  );
  await act(() => Promise.resolve(fireEvent.click(screen.getByRole("button", { name: /^次へ/ }))));
  expect(screen.getByRole("heading", { level: 2, name: "スクリーンショット" })).toBeVisible();
}

/** Reading a file takes a few event-loop turns in jsdom; a ceiling, not a budget. */
const READ = { timeout: 60_000 };

const pick = (files: File[]) =>
  act(() => Promise.resolve(fireEvent.change(screen.getByLabelText("スクリーンショット画像"), { target: { files } })));

beforeEach(stubObjectUrls);

describe("an upload refused for going too fast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("offers 再試行 after the wait the refusal names, counting down, and then uploads the same file", async () => {
    const ids: ScreenshotIds = { storageId: "orig-1", thumbnailStorageId: "thumb-1" };
    const upload = vi
      .fn<ScreenshotUploader["upload"]>()
      .mockRejectedValueOnce(
        new ConvexError({ code: "RATE_LIMITED", message: "操作が多すぎます。30秒後にもう一度お試しください", retryAfterMs: 30_000 }),
      )
      .mockResolvedValueOnce(ids);
    await renderStepTwo({ upload, discard: () => Promise.resolve() });
    const file = realPng("screen.png");
    await pick([file]);

    expect(screen.getByText("操作が多すぎます。30秒後にもう一度お試しください")).toBeVisible();
    const retry = () => screen.getByRole("button", { name: /^再試行/ });
    expect(retry()).toBeDisabled();
    expect(retry()).toHaveTextContent("再試行（あと30秒）");

    act(() => void vi.advanceTimersByTime(29_000));
    expect(retry()).toHaveTextContent("再試行（あと1秒）");
    fireEvent.click(retry());
    expect(upload).toHaveBeenCalledTimes(1);

    act(() => void vi.advanceTimersByTime(1_000));
    expect(retry()).toBeEnabled();
    expect(retry()).toHaveAccessibleName("再試行");
    await act(() => Promise.resolve(fireEvent.click(retry())));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]![0]).toBe(file);
    expect(screen.getByText("アップロード完了")).toBeVisible();
    expect(screen.queryByText(/操作が多すぎます/)).toBeNull();
  });

  it("a plain failure can be tried again at once", async () => {
    const upload = vi
      .fn<ScreenshotUploader["upload"]>()
      .mockRejectedValueOnce(new Error("network"))
      .mockResolvedValueOnce({ storageId: "o", thumbnailStorageId: "t" });
    await renderStepTwo({ upload, discard: () => Promise.resolve() });
    await pick([realPng("screen.png")]);
    expect(screen.getByText("画像のアップロードに失敗しました")).toBeVisible();
    await act(() => Promise.resolve(fireEvent.click(screen.getByRole("button", { name: "再試行" }))));
    expect(upload).toHaveBeenCalledTimes(2);
  });
});

describe("a file that is no real image", () => {
  it("is refused with its name when picked, is never uploaded, and leaves its slot free", async () => {
    const upload = vi.fn<ScreenshotUploader["upload"]>(() => new Promise<ScreenshotIds>(() => {}));
    await renderStepTwo({ inspect: unreadableImageProblem, upload, discard: () => Promise.resolve() });

    await pick([realPng("1.png"), realPng("2.png"), fakePng("notes.png"), realPng("3.png"), realPng("4.png")]);
    expect(
      await screen.findByText("「notes.png」は画像として読み込めませんでした。PNG、JPEG、GIF形式の画像を選択してください", {}, READ),
    ).toBeVisible();
    expect(screen.getByText("4/5枚")).toBeVisible();
    expect(screen.queryByRole("button", { name: "notes.pngを削除" })).toBeNull();
    expect(upload.mock.calls.map(([file]) => file.name)).toEqual(["1.png", "2.png", "3.png", "4.png"]);

    // The fifth slot is still there for a real image.
    await pick([realPng("5.png")]);
    expect(await screen.findByText("5/5枚", {}, READ)).toBeVisible();
    expect(upload).toHaveBeenCalledTimes(5);
  });
});
