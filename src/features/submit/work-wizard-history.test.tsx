// The wizard in the app's router: its steps are history entries, it asks before the page is left
// with input not yet saved, and it keeps a draft as the person writes.
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LEAVE_GUARD_TITLE } from "@/components/leave-guard";
import { renderApp } from "@/test/render-app";
import { AUTOSAVE_DELAY_MS } from "./use-draft-autosave";
import { useReplaceSearchParam } from "./use-wizard-step";
import type { ScreenshotIds, ScreenshotUploader } from "./use-screenshot-uploads";
import { EMPTY_WORK, type WorkFormInput } from "./work-form-state";
import { WorkWizard, type WizardDraft, type WorkWizardProps } from "./work-wizard";

const uploader: ScreenshotUploader = {
  upload: vi.fn((): Promise<ScreenshotIds> => new Promise(() => {})),
  discard: vi.fn(() => Promise.resolve()),
};

const filled: WorkFormInput = {
  ...EMPTY_WORK,
  title: "ふんわり家計簿",
  description: "レシートを撮るだけで記録できる家計簿です。",
  vibeDescription: "家計簿が続かない自分のために作りました。",
  genre: "webapp",
  demoUrl: "https://example.com",
};

/** The wizard as the submit page uses it: a new draft's id goes into the URL. */
function WizardWithDraftUrl(props: WorkWizardProps) {
  const replaceParam = useReplaceSearchParam();
  const draft = props.draft && { ...props.draft, onCreated: (id: string) => replaceParam("draft", id) };
  return <WorkWizard {...props} draft={draft} />;
}

function renderWizardApp(overrides: Partial<WorkWizardProps> = {}, entries = ["/", "/submit"]) {
  const props: WorkWizardProps = {
    mode: "create",
    initialValues: EMPTY_WORK,
    uploader,
    onSubmit: vi.fn(() => Promise.resolve(null)),
    onCancel: vi.fn(),
    ...overrides,
  };
  const routes = [
    { path: "/", element: <h1>ホーム</h1> },
    { path: "/submit", element: <WizardWithDraftUrl {...props} /> },
  ];
  return { props, ...renderApp({ entries, routes }) };
}

const stepHeading = (name: string) => screen.findByRole("heading", { level: 2, name });
const title = () => screen.getByRole("textbox", { name: /タイトル/ });

describe("the browser's Back and the wizard", () => {
  it("goes from step 2 back to step 1, keeping what was typed; leaving with unsaved input asks first", async () => {
    const { user, router } = renderWizardApp({ initialValues: filled });
    await stepHeading("基本情報");
    await user.type(title(), "・改");
    await user.click(screen.getByRole("button", { name: /^次へ/ }));
    await stepHeading("スクリーンショット");
    expect(router.state.location.search).toBe("?step=2");

    await act(() => router.navigate(-1));
    await stepHeading("基本情報");
    expect(router.state.location.pathname).toBe("/submit");
    expect(title()).toHaveValue("ふんわり家計簿・改");

    // One more Back would leave the wizard: it asks, and staying keeps everything.
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole("alertdialog", {
      name: LEAVE_GUARD_TITLE,
    });
    await user.click(within(dialog).getByRole("button", { name: "このページに留まる" }));
    expect(router.state.location.pathname).toBe("/submit");
    expect(title()).toHaveValue("ふんわり家計簿・改");
  });

  it("a step opened from the URL before the earlier steps are done falls back to the first unfinished one", async () => {
    const { router } = renderWizardApp({}, ["/submit?step=3"]);
    await stepHeading("基本情報");
    expect(router.state.location.search).toBe("");
  });
});

describe("autosaving a draft", () => {
  function draftProps() {
    const saves: Array<{ id: string | null; title: string }> = [];
    const draft: WizardDraft = {
      id: null,
      save: vi.fn((id: string | null, values: WorkFormInput) => {
        saves.push({ id, title: values.title });
        return Promise.resolve("d1");
      }),
      onCreated: vi.fn(),
      discard: vi.fn(() => Promise.resolve()),
    };
    return { draft, saves };
  }

  it("saves a second after typing stops, makes the draft once, then saves into it", async () => {
    const { draft, saves } = draftProps();
    const { user, router } = renderWizardApp({ draft });
    await stepHeading("基本情報");
    await user.type(title(), "家計簿");
    // The debounce is a second; the wait allows a busy machine far more.
    await waitFor(() => expect(saves).toEqual([{ id: null, title: "家計簿" }]), { timeout: AUTOSAVE_DELAY_MS * 10 });
    // Its id goes into the URL, so a reload resumes it.
    await waitFor(() => expect(router.state.location.search).toBe("?draft=d1"));
    expect(await screen.findByText("下書きを保存しました")).toBeInTheDocument();

    await user.type(title(), "アプリ");
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: "d1", title: "家計簿アプリ" }), { timeout: AUTOSAVE_DELAY_MS * 10 });
    expect(router.state.location.search).toBe("?draft=d1");
  });

  it("a draft made while the person moves on to step 2 puts its id in the URL without leaving step 2", async () => {
    let finish!: (id: string) => void;
    const draft: WizardDraft = {
      id: null,
      save: vi.fn(() => new Promise<string>((resolve) => (finish = resolve))),
      onCreated: vi.fn(),
      discard: vi.fn(() => Promise.resolve()),
    };
    const { user, router } = renderWizardApp({ draft, initialValues: filled });
    await stepHeading("基本情報");
    await user.type(title(), "!");
    // 次へ saves at once; the new draft's id arrives after step 2 is shown.
    await user.click(screen.getByRole("button", { name: /^次へ/ }));
    await stepHeading("スクリーンショット");
    await act(() => Promise.resolve(finish("d9")));
    expect(new URLSearchParams(router.state.location.search).get("draft")).toBe("d9");
    expect(new URLSearchParams(router.state.location.search).get("step")).toBe("2");
    expect(await stepHeading("スクリーンショット")).toBeInTheDocument();
  });

  it("asks before leaving only while a save is pending", async () => {
    const { draft, saves } = draftProps();
    const { user, router } = renderWizardApp({
      draft: { ...draft, id: "d1" },
      initialValues: filled,
    });
    await stepHeading("基本情報");
    await user.type(title(), "!");
    // Typed, not saved yet: Back asks.
    await act(() => router.navigate(-1));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: LEAVE_GUARD_TITLE })).getByRole("button", { name: "このページに留まる" }),
    );
    expect(router.state.location.pathname).toBe("/submit");

    // A step change saves at once; with everything saved, leaving needs no question.
    await user.click(screen.getByRole("button", { name: /^次へ/ }));
    await stepHeading("スクリーンショット");
    expect(saves.at(-1)).toEqual({ id: "d1", title: "ふんわり家計簿!" });
    await screen.findByText("下書きを保存しました");
    await act(() => router.navigate(-2));
    expect(await screen.findByRole("heading", { level: 1, name: "ホーム" })).toBeInTheDocument();
  });
});
