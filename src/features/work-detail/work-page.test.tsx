import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FunctionReturnType } from "convex/server";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { ToastContext, type ToastApi } from "@/components/ui/toast-context";
import { fakeId, FakeConvex, onePage, renderWithConvex } from "@/test/fake-convex";
import { WorkPage } from "./work-page";

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () => ({ status: "signedIn", viewer: { _id: "author", role: null, suspension: null } }),
}));

type WorkAnswer = FunctionReturnType<typeof api.projects.get>;
type ShownWork = Exclude<NonNullable<WorkAnswer>, { unavailable: true }>;
let convex: FakeConvex;
let answer: WorkAnswer | undefined;

const toast: ToastApi = { show: vi.fn(), success: vi.fn(), error: vi.fn() };

const work = (extra: Partial<ShownWork> = {}): ShownWork => ({
  _id: fakeId("projects", "w1"),
  _creationTime: 1,
  title: "今日のパレット",
  description: "配色を提案するツール",
  vibeDescription: "",
  genre: "design",
  demoUrl: "https://example.com",
  demoVideoUrl: null,
  repositoryUrl: null,
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
  isZeroCode: false,
  featured: false,
  screenshots: [],
  likesCount: 0,
  commentsCount: 0,
  viewsCount: 0,
  author: { _id: fakeId("users", "author"), handle: "hana", displayName: "佐藤はな", photoUrl: null },
  viewerHasLiked: false,
  isOwner: true,
  createdAt: 1,
  updatedAt: 1,
  moderation: null,
  ...extra,
});

function renderPage() {
  renderWithConvex(
    convex,
    <ToastContext value={toast}>
      <MemoryRouter initialEntries={["/projects/w1"]}>
        <Routes>
          <Route path="/projects/:id" element={<WorkPage />} />
        </Routes>
      </MemoryRouter>
    </ToastContext>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  answer = undefined;
  convex = new FakeConvex()
    .onQuery(api.projects.get, () => answer)
    .onQuery(api.projects.related, () => [])
    .onQuery(api.comments.list, () => onePage([]))
    .onQuery(api.saves.status, () => false)
    .onMutation(api.views.record, () => null)
    .onMutation(api.moderation.requestReview, () => null);
});

describe("WorkPage while the work loads", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("shows the work's cover, named by the address alone, where the screenshots go; then the carousel keeps it behind the first one", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://vibe.convex.site");
    renderPage();
    expect(screen.getByRole("status", { name: "読み込み中" })).toBeVisible();
    const cover = document.querySelector("img[data-path-src]");
    expect(cover).toHaveAttribute("src", "https://vibe.convex.site/covers/projects/w1");
    // A work without a cover answers 404: the image hides rather than show as broken.
    fireEvent.error(cover!);
    expect(cover).not.toBeVisible();

    answer = work({ screenshots: [{ url: "/shot-1.png", thumbnailUrl: "/thumb-1.png" }] });
    convex.push();
    const shot = await screen.findByRole("img", { name: "今日のパレットのスクリーンショット 1/1" });
    expect(shot.parentElement).toHaveStyle({ backgroundImage: 'url("https://vibe.convex.site/covers/projects/w1")' });
  });

  it("never asks for the cover when the work is there at once (opened from within the app)", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://vibe.convex.site");
    answer = work({ screenshots: [{ url: "/shot-1.png", thumbnailUrl: "/thumb-1.png" }] });
    renderPage();
    const shot = await screen.findByRole("img", { name: "今日のパレットのスクリーンショット 1/1" });
    expect(shot.parentElement!.style.backgroundImage).toBe("");
    expect(document.querySelector("img[data-path-src]")).toBeNull();
  });

  it("shows only the skeleton without a known HTTP-action site", () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "");
    vi.stubEnv("VITE_CONVEX_URL", "http://127.0.0.1:3210");
    renderPage();
    expect(screen.getByRole("status", { name: "読み込み中" })).toBeVisible();
    expect(document.querySelector("img")).toBeNull();
  });
});

describe("WorkPage and moderation", () => {
  it("shows a calm page, with a way back to the gallery, for a work it may not show", () => {
    answer = { unavailable: true };
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "この作品は表示できません" })).toBeVisible();
    expect(screen.getByRole("link", { name: "作品一覧へ" })).toHaveAttribute("href", "/projects");
    // Nothing is counted as a view of a work nobody may see.
    expect(convex.callsTo(api.views.record)).toEqual([]);
  });

  it("shows no banner for a work that is not moderated", () => {
    answer = work();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "今日のパレット" })).toBeVisible();
    expect(screen.queryByText(/非公開になっています/)).not.toBeInTheDocument();
  });

  it("tells the author why the work is hidden and lets them ask for a review once", async () => {
    answer = work({ moderation: { state: "hidden", reason: "無断転載の疑い", reviewRequested: false } });
    const user = renderPage();
    const banner = screen.getByRole("region", { name: "この作品は非公開になっています" });
    expect(banner).toHaveTextContent("理由: 無断転載の疑い");

    await user.click(screen.getByRole("button", { name: "再審査を依頼" }));

    expect(convex.callsTo(api.moderation.requestReview)).toEqual([{ targetType: "work", targetId: "w1" }]);
    expect(await screen.findByText("再審査を依頼しました")).toBeVisible();
    expect(screen.queryByRole("button", { name: "再審査を依頼" })).not.toBeInTheDocument();
  });

  it("explains a pending hide and shows a review already asked for", () => {
    answer = work({ moderation: { state: "pending", reason: "通報が一定数に達しました", reviewRequested: true } });
    renderPage();
    expect(screen.getByRole("region", { name: "通報が多いため、確認が済むまで非公開になっています" })).toBeVisible();
    expect(screen.getByText("再審査を依頼しました")).toBeVisible();
    expect(screen.queryByRole("button", { name: "再審査を依頼" })).not.toBeInTheDocument();
  });

  it("shows moderators where things stand without the review button", () => {
    answer = work({ isOwner: false, moderation: { state: "hidden", reason: "スパム", reviewRequested: false } });
    renderPage();
    expect(screen.getByText("投稿者とモデレーターにだけ表示されています。")).toBeVisible();
    expect(screen.queryByRole("button", { name: "再審査を依頼" })).not.toBeInTheDocument();
  });
});
