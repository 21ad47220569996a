import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLoadedCountMemory } from "./use-loaded-count-memory";

function List({ loaded, canLoadMore, loadMore }: { loaded: number; canLoadMore: boolean; loadMore: () => void }) {
  useLoadedCountMemory({ listId: "gallery", loaded, canLoadMore, loadMore });
  return null;
}

const at = (node: React.ReactNode) => <MemoryRouter initialEntries={[{ pathname: "/projects", key: "entry-1" }]}>{node}</MemoryRouter>;

describe("useLoadedCountMemory", () => {
  afterEach(() => sessionStorage.clear());

  it("brings a list back to the length it had on this history entry, then stops", () => {
    const first = render(at(<List loaded={20} canLoadMore loadMore={vi.fn()} />));
    first.rerender(at(<List loaded={60} canLoadMore loadMore={vi.fn()} />));
    first.unmount();

    // Back on the same entry: the first page arrives; more is asked for until 60 are shown.
    const loadMore = vi.fn();
    const back = render(at(<List loaded={20} canLoadMore loadMore={loadMore} />));
    expect(loadMore).toHaveBeenCalledTimes(1);
    back.rerender(at(<List loaded={20} canLoadMore={false} loadMore={loadMore} />));
    back.rerender(at(<List loaded={40} canLoadMore loadMore={loadMore} />));
    expect(loadMore).toHaveBeenCalledTimes(2);
    back.rerender(at(<List loaded={60} canLoadMore loadMore={loadMore} />));
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it("asks for nothing more on a new visit", () => {
    render(at(<List loaded={20} canLoadMore loadMore={vi.fn()} />)).unmount();
    sessionStorage.clear();
    const loadMore = vi.fn();
    render(at(<List loaded={20} canLoadMore loadMore={loadMore} />));
    expect(loadMore).not.toHaveBeenCalled();
  });
});
