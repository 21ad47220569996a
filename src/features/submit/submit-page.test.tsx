// The share card after 投稿する / 更新する (share-card/send-share-card.ts): the work is saved and the
// person moves on at once; the card is drawn, uploaded, checked and put on the work afterwards,
// in the background, and a failure shows nothing. The wizard itself is work-wizard.test.tsx.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FunctionReturnType } from "convex/server";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { ToastContext, type ToastApi } from "@/components/ui/toast-context";
import { fakeId, FakeConvex, renderWithConvex } from "@/test/fake-convex";
import type { ShareCardInput } from "./share-card/make-share-card";
import type { CoverImage, ScreenshotIds } from "./use-screenshot-uploads";
import type { WorkFormInput } from "./work-form-state";
import type { WorkWizardProps } from "./work-wizard";
import { POSTED_MESSAGE, SubmitPage, UPDATED_MESSAGE } from "./submit-page";

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// What the wizard submits, what the server answers, and every call the page made.
type State = {
  submitted: null | { values: WorkFormInput; screenshots: ScreenshotIds[]; cover: CoverImage | null };
  forEdit: FunctionReturnType<typeof api.projects.getForEdit> | undefined;
  /** Each drawing the page started, and the card it resolves to when the test says so. */
  draws: Array<{ input: ShareCardInput; card: Deferred<Blob> }>;
  drawStarted: null | Deferred<void>;
  cardAttached: null | Deferred<void>;
  checkRefuses: boolean;
  /** drafts.mine and drafts.get answers (undefined: still loading). */
  drafts: FunctionReturnType<typeof api.drafts.mine> | undefined;
  draft: FunctionReturnType<typeof api.drafts.get> | undefined;
};
const state = vi.hoisted((): State => ({
  submitted: null,
  forEdit: undefined,
  draws: [],
  drawStarted: null,
  cardAttached: null,
  checkRefuses: false,
  drafts: [],
  draft: undefined,
}));

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () => ({ status: "signedIn", viewer: { _id: "u1", displayName: "佐藤はな", photoUrl: "https://img/me.png" } }),
}));

// The wizard is a button that submits what the test set.
vi.mock("./work-wizard", () => ({
  WorkWizard: ({ onSubmit, initialValues, initialScreenshots, draft }: WorkWizardProps) => (
    <>
      <button
        type="button"
        onClick={() => {
          const { values, screenshots, cover } = state.submitted!;
          void onSubmit(values, screenshots, cover, draft?.id ?? null);
        }}
      >
        送信
      </button>
      <output aria-label="ウィザード">
        {JSON.stringify({
          title: initialValues.title,
          images: initialScreenshots?.length ?? 0,
          draftId: draft?.id ?? null,
        })}
      </output>
    </>
  ),
}));

vi.mock("./share-card/make-share-card", () => ({
  makeShareCard: (input: ShareCardInput) => {
    const card = deferred<Blob>();
    state.draws.push({ input, card });
    state.drawStarted?.resolve();
    return card.promise;
  },
}));

vi.mock("@/lib/upload-file", () => ({ uploadFile: () => Promise.resolve("card-1") }));

const toast: ToastApi = { show: vi.fn(), success: vi.fn(), error: vi.fn() };
const picked = new File(["png"], "1.png", { type: "image/png" });
const drawnCard = new Blob(["webp"], { type: "image/webp" });

const values: WorkFormInput = {
  title: "ふんわり家計簿",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "tool",
  demoUrl: "https://example.com",
  demoVideoUrl: "",
  repositoryUrl: "",
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
  isZeroCode: true,
};
const shots = [
  { storageId: fakeId("_storage", "shot-1"), thumbnailStorageId: fakeId("_storage", "thumb-1") },
  { storageId: fakeId("_storage", "shot-2"), thumbnailStorageId: fakeId("_storage", "thumb-2") },
];

function WorkPageStandIn() {
  return <p>作品ページ {useParams().id}</p>;
}

let convex: FakeConvex;

function renderAt(url: string) {
  renderWithConvex(
    convex,
    <ToastContext value={toast}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/submit" element={<SubmitPage />} />
          <Route path="/profile/:id" element={<p>プロフィール</p>} />
          <Route path="/projects/:id" element={<WorkPageStandIn />} />
        </Routes>
      </MemoryRouter>
    </ToastContext>,
  );
  return userEvent.setup();
}

const callsOf = (fn: Parameters<FakeConvex["callsTo"]>[0]) => convex.callsTo(fn);

beforeEach(() => {
  convex = new FakeConvex()
    .onQuery(api.projects.getForEdit, () => state.forEdit)
    .onQuery(api.drafts.mine, () => state.drafts)
    .onQuery(api.drafts.get, () => state.draft)
    .onMutation(api.projects.create, () => fakeId("projects", "w1"))
    .onMutation(api.projects.update, () => null)
    .onMutation(api.screenshots.generateShareCardUploadUrl, () => "https://upload.example/1")
    .onAction(api.screenshots.checkShareCard, () => {
      if (state.checkRefuses) throw new Error("画像のアップロードに失敗しました");
      return null;
    })
    .onMutation(api.projects.setShareCard, () => {
      state.cardAttached?.resolve();
      return true;
    })
    .onMutation(api.screenshots.discardUploads, () => null)
    .onMutation(api.drafts.discard, () => null);
  state.draws = [];
  state.drawStarted = deferred();
  state.cardAttached = deferred();
  state.checkRefuses = false;
  state.drafts = [];
  state.draft = undefined;
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe("posting", () => {
  it("goes to the work at once; the card is drawn afterwards and put on the work as it was saved", async () => {
    state.submitted = { values, screenshots: shots, cover: { storageId: "shot-1", source: picked } };
    const user = renderAt("/submit");
    await user.click(await screen.findByRole("button", { name: "送信" }));

    // Saved without a card, and the person is on the work page while the card is still being drawn.
    await screen.findByText("作品ページ w1");
    expect(callsOf(api.projects.create)).toEqual([{ ...values, screenshots: shots }]);
    expect(toast.success).toHaveBeenCalledWith(POSTED_MESSAGE);
    await state.drawStarted!.promise;
    expect(state.draws.map((draw) => draw.input)).toEqual([
      {
        title: "ふんわり家計簿",
        isZeroCode: true,
        screenshot: picked,
        author: { id: "u1", displayName: "佐藤はな", photoUrl: "https://img/me.png" },
      },
    ]);
    expect(callsOf(api.projects.setShareCard)).toEqual([]);

    // The wizard is gone; the card carries on.
    state.draws[0]!.card.resolve(drawnCard);
    await state.cardAttached!.promise;
    expect(callsOf(api.screenshots.checkShareCard)).toEqual([{ storageId: "card-1" }]);
    expect(callsOf(api.projects.setShareCard)).toEqual([
      { id: "w1", storageId: "card-1", title: "ふんわり家計簿", firstScreenshot: "shot-1" },
    ]);
    expect(callsOf(api.screenshots.discardUploads)).toEqual([]);
  });

  it("a card that fails shows nothing and its upload is discarded", async () => {
    state.submitted = { values, screenshots: shots, cover: { storageId: "shot-1", source: picked } };
    state.checkRefuses = true;
    const user = renderAt("/submit");
    await user.click(await screen.findByRole("button", { name: "送信" }));
    await screen.findByText("作品ページ w1");
    await state.drawStarted!.promise;
    state.draws[0]!.card.resolve(drawnCard);
    await waitFor(() => expect(callsOf(api.screenshots.discardUploads)).toEqual([{ storageIds: ["card-1"] }]));
    expect(callsOf(api.projects.setShareCard)).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("editing", () => {
  const storedWork = (hasShareCard: boolean): State["forEdit"] => ({
    status: "ok",
    work: {
      _id: fakeId("projects", "w1"),
      ...values,
      genre: "tool",
      hasShareCard,
      screenshots: shots.map((shot) => ({
        ...shot,
        url: `https://img/${shot.storageId}-original`,
        thumbnailUrl: `https://img/${shot.storageId}`,
      })),
    },
  });
  const storedCover = { storageId: "shot-1", source: "https://img/shot-1-original" };

  it("draws no card while the old one still shows the work; a new title gets one, from the stored image", async () => {
    state.forEdit = storedWork(true);
    state.submitted = { values: { ...values, description: "説明を変えた" }, screenshots: shots, cover: storedCover };
    let user = renderAt("/submit?edit=w1");
    await user.click(await screen.findByRole("button", { name: "送信" }));
    await screen.findByText("作品ページ w1");
    expect(toast.success).toHaveBeenCalledWith(UPDATED_MESSAGE);
    expect(callsOf(api.projects.update)).toHaveLength(1);

    // A second edit renames it. Had the first started a card, its drawing would come first.
    state.submitted = { values: { ...values, title: "きっちり家計簿" }, screenshots: shots, cover: storedCover };
    user = renderAt("/submit?edit=w1");
    await user.click(await screen.findByRole("button", { name: "送信" }));
    await state.drawStarted!.promise;
    expect(state.draws.map((draw) => draw.input)).toEqual([
      {
        title: "きっちり家計簿",
        isZeroCode: true,
        screenshot: "https://img/shot-1-original",
        author: { id: "u1", displayName: "佐藤はな", photoUrl: "https://img/me.png" },
      },
    ]);
    state.draws[0]!.card.resolve(drawnCard);
    await state.cardAttached!.promise;
    expect(callsOf(api.projects.setShareCard)).toEqual([
      { id: "w1", storageId: "card-1", title: "きっちり家計簿", firstScreenshot: "shot-1" },
    ]);
  });

  it("a work without a card gets one on any edit; another first screenshot gets a new one", async () => {
    state.forEdit = storedWork(false);
    state.submitted = { values, screenshots: shots, cover: storedCover };
    let user = renderAt("/submit?edit=w1");
    await user.click(await screen.findByRole("button", { name: "送信" }));
    await screen.findByText("作品ページ w1");
    await state.drawStarted!.promise;
    expect(state.draws).toHaveLength(1);

    state.forEdit = storedWork(true);
    state.drawStarted = deferred();
    state.submitted = {
      values,
      screenshots: [shots[1]!, shots[0]!],
      cover: { storageId: "shot-2", source: "https://img/shot-2-original" },
    };
    user = renderAt("/submit?edit=w1");
    await user.click(await screen.findByRole("button", { name: "送信" }));
    await state.drawStarted.promise;
    expect(state.draws.map((draw) => draw.input.screenshot)).toEqual(["https://img/shot-1-original", "https://img/shot-2-original"]);
  });
});

describe("drafts on arrival", () => {
  type DraftSummary = NonNullable<State["drafts"]>[number];
  const newest: DraftSummary = {
    _id: fakeId("drafts", "d2"),
    title: "書きかけの家計簿",
    updatedAt: Date.now() - 60_000,
    screenshotCount: 1,
    thumbnailUrl: null,
  };
  const older: DraftSummary = {
    _id: fakeId("drafts", "d1"),
    title: "",
    updatedAt: Date.now() - 3_600_000,
    screenshotCount: 0,
    thumbnailUrl: null,
  };
  const loaded: State["draft"] = {
    _id: fakeId("drafts", "d2"),
    updatedAt: newest.updatedAt,
    values: {
      ...values,
      title: "書きかけの家計簿",
      vibeDescription: "長い話".repeat(300),
    },
    screenshots: [
      {
        storageId: fakeId("_storage", "shot-1"),
        thumbnailStorageId: fakeId("_storage", "thumb-1"),
        url: "https://img/1.png",
        thumbnailUrl: "https://img/t1.png",
      },
    ],
  };
  const wizard = () => JSON.parse(screen.getByRole("status", { name: "ウィザード" }).textContent) as unknown;

  it("without drafts the blank wizard opens at once", async () => {
    renderAt("/submit");
    await screen.findByRole("button", { name: "送信" });
    expect(wizard()).toEqual({ title: "", images: 0, draftId: null });
    expect(screen.queryByRole("button", { name: "下書きを再開" })).not.toBeInTheDocument();
  });

  it("offers the newest draft: 下書きを再開 opens the wizard with its text and images", async () => {
    state.drafts = [newest, older];
    state.draft = loaded;
    const user = renderAt("/submit");
    expect(await screen.findByText("書きかけの家計簿")).toBeInTheDocument();
    expect(screen.getByText(/ほかに1件の下書きがあります/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "下書き一覧を見る" })).toHaveAttribute("href", "/profile/u1?tab=drafts");
    await user.click(screen.getByRole("button", { name: "下書きを再開" }));
    await screen.findByRole("button", { name: "送信" });
    expect(wizard()).toEqual({
      title: "書きかけの家計簿",
      images: 1,
      draftId: "d2",
    });
  });

  it("破棄 deletes the newest draft after confirming and starts blank", async () => {
    state.drafts = [newest];
    const user = renderAt("/submit");
    await user.click(await screen.findByRole("button", { name: "破棄" }));
    await user.click(await screen.findByRole("button", { name: "破棄する" }));
    await screen.findByRole("button", { name: "送信" });
    expect(callsOf(api.drafts.discard)).toEqual([{ id: "d2" }]);
    expect(wizard()).toEqual({ title: "", images: 0, draftId: null });
  });

  it("?draft= resumes that draft without asking; posting names the draft so the server consumes it", async () => {
    state.drafts = [newest, older];
    state.draft = loaded;
    state.submitted = { values, screenshots: shots, cover: null };
    const user = renderAt("/submit?draft=d2");
    await user.click(await screen.findByRole("button", { name: "送信" }));
    await screen.findByText("作品ページ w1");
    expect(callsOf(api.projects.create)).toEqual([{ ...values, screenshots: shots, draftId: "d2" }]);
  });

  it("a draft that no longer exists says so and starts blank", async () => {
    state.draft = null;
    renderAt("/submit?draft=gone");
    await screen.findByRole("button", { name: "送信" });
    expect(toast.error).toHaveBeenCalledWith("下書きが見つかりません");
    expect(wizard()).toEqual({ title: "", images: 0, draftId: null });
  });
});
