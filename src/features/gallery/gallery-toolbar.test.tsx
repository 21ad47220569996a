import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearFilters } from "./gallery-params";
import { GalleryToolbar, ResultsControls, SEARCH_DEBOUNCE_MS } from "./gallery-toolbar";
import { useGalleryFilters } from "./use-gallery-filters";

function Harness() {
  const [filters, setFilters] = useGalleryFilters();
  const [params] = useSearchParams();
  return (
    <>
      <GalleryToolbar filters={filters} onChange={setFilters} onClear={() => setFilters(clearFilters)} />
      <ResultsControls sort={filters.sort} view={filters.view} onChange={setFilters} />
      <output data-testid="query">{params.toString()}</output>
    </>
  );
}

/** Lets the test go to another URL, as the header search does. */
let navigateTo: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  useLocation();
  navigateTo = (to) => void navigate(to);
  return null;
}

/** The toolbar under the app's kind of router (declarative, navigations in transitions). */
function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Navigator />
      <Routes>
        <Route path="/projects" element={<Harness />} />
      </Routes>
    </MemoryRouter>,
  );
  return { navigate: (to: string) => navigateTo(to) };
}
const query = () => screen.getByTestId("query").textContent;

afterEach(() => vi.useRealTimers());

describe("GalleryToolbar with the URL", () => {
  it("shows the filters of the URL, mapping genre=web to Webアプリ", () => {
    renderAt("/projects?genre=web&aiTool=Claude&zeroCode=1&search=タスク&sort=popular&view=list");
    expect(screen.getByRole("combobox", { name: "ジャンル" })).toHaveTextContent("Webアプリ");
    expect(screen.getByRole("combobox", { name: "AIツール" })).toHaveTextContent("Claude");
    expect(screen.getByRole("button", { name: "ゼロコードのみ" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("searchbox", { name: "キーワードで検索" })).toHaveValue("タスク");
    expect(screen.getByRole("button", { name: "人気順" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "リスト表示" })).toHaveAttribute("aria-pressed", "true");
  });

  it("writes toggles, sort and view into the URL", async () => {
    const user = userEvent.setup();
    renderAt("/projects");
    await user.click(screen.getByRole("button", { name: "ゼロコードのみ" }));
    expect(query()).toBe("zeroCode=1");
    await user.click(screen.getByRole("button", { name: "人気順" }));
    await user.click(screen.getByRole("button", { name: "リスト表示" }));
    expect(query()).toBe("zeroCode=1&sort=popular&view=list");
  });

  it("keeps both of two clicks made back to back, before the first one reaches the URL", async () => {
    renderAt("/projects?zeroCode=1");
    // Both clicks land before the router has applied (and React rendered) the first navigation,
    // as on a busy machine.
    act(() => {
      screen.getByRole("button", { name: "人気順" }).click();
      screen.getByRole("button", { name: "リスト表示" }).click();
    });
    await waitFor(() => expect(query()).toBe("zeroCode=1&sort=popular&view=list"));
  });

  it("keeps both of two updates applied in one handler", async () => {
    let setFilters: ReturnType<typeof useGalleryFilters>[1] | undefined;
    function Capture() {
      setFilters = useGalleryFilters()[1];
      return null;
    }
    render(
      <MemoryRouter initialEntries={["/projects"]}>
        <Capture />
        <Harness />
      </MemoryRouter>,
    );
    act(() => {
      setFilters?.({ sort: "popular" });
      setFilters?.((current) => ({ ...current, view: "list" }));
    });
    await waitFor(() => expect(query()).toBe("sort=popular&view=list"));
  });

  it("writes the search text after a pause, and at once on Enter", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt("/projects");
    await user.type(screen.getByRole("searchbox"), "家計簿");
    expect(query()).toBe("");
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(new URLSearchParams(query() ?? "").get("search")).toBe("家計簿");
    await user.clear(screen.getByRole("searchbox"));
    await user.type(screen.getByRole("searchbox"), "タスク{Enter}");
    expect(new URLSearchParams(query() ?? "").get("search")).toBe("タスク");
  });

  it("follows a search started elsewhere (the header)", () => {
    const router = renderAt("/projects?search=a");
    act(() => router.navigate("/projects?search=%E3%82%BF%E3%82%B9%E3%82%AF"));
    expect(screen.getByRole("searchbox")).toHaveValue("タスク");
  });

  it("clears the filters but keeps the sort and view", async () => {
    const user = userEvent.setup();
    renderAt("/projects?genre=game&zeroCode=1&search=x&sort=popular&view=list");
    await user.click(screen.getByRole("button", { name: "絞り込みをクリア" }));
    expect(query()).toBe("sort=popular&view=list");
    expect(screen.getByRole("searchbox")).toHaveValue("");
    expect(screen.queryByRole("button", { name: "絞り込みをクリア" })).not.toBeInTheDocument();
  });
});
