import { useEffect, useId, useState, type FormEvent } from "react";
import { LayoutGrid, List, Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { SegmentedGroup, segmentClass } from "@/components/ui/segmented";
import { SortToggle } from "@/components/works/sort-toggle";
import { ZeroCodeToggle } from "@/components/works/zero-code-toggle";
import { FILTER_AI_TOOLS } from "../../../convex/model/aiTools";
import { GENRES, type Genre } from "../../../convex/model/genres";
import { hasActiveFilters, type GalleryFilters, type GallerySort, type GalleryView } from "./gallery-params";

const ALL = "all";
const genreOptions = [{ value: ALL, label: "すべて" }, ...GENRES.map((g) => ({ value: g.id, label: g.label }))];
const aiToolOptions = [{ value: ALL, label: "すべて" }, ...FILTER_AI_TOOLS.map((t) => ({ value: t, label: t }))];

/** Typing waits this long before the URL (and so the query) follows. */
export const SEARCH_DEBOUNCE_MS = 350;

type ToolbarProps = {
  filters: GalleryFilters;
  onChange: (update: Partial<GalleryFilters>) => void;
  onClear: () => void;
};

export function GalleryToolbar({ filters, onChange, onClear }: ToolbarProps) {
  const genreId = useId();
  const aiToolId = useId();
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs sm:p-5">
      <SearchBox value={filters.search} onSearch={(search) => onChange({ search })} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(2,minmax(0,12rem))_auto_1fr] md:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={genreId}>ジャンル</Label>
          <Select
            id={genreId}
            options={genreOptions}
            value={filters.genre ?? ALL}
            onValueChange={(value) => onChange({ genre: value === ALL ? undefined : (value as Genre) })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={aiToolId}>AIツール</Label>
          <Select
            id={aiToolId}
            options={aiToolOptions}
            value={filters.aiTool ?? ALL}
            onValueChange={(value) => onChange({ aiTool: value === ALL ? undefined : value })}
          />
        </div>
        <ZeroCodeToggle
          pressed={filters.zeroCode}
          onToggle={() => onChange({ zeroCode: !filters.zeroCode })}
          className="col-span-2 sm:h-10 md:col-span-1"
        />
        {hasActiveFilters(filters) && (
          <Button variant="ghost" onClick={onClear} className="col-span-2 justify-self-start md:col-span-1">
            <X aria-hidden />
            絞り込みをクリア
          </Button>
        )}
      </div>
    </div>
  );
}

/** Keeps its own text while typing and follows the URL when it changes elsewhere (header search). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const inputId = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" aria-label="作品の絞り込み検索" onSubmit={submit} className="relative">
      <label htmlFor={inputId} className="sr-only">
        キーワードで検索
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-zinc-400" />
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
        autoComplete="off"
        placeholder="作品を検索（例: 家計簿）"
        className="h-11 w-full rounded-xl border border-zinc-300 bg-white pr-10 pl-10 text-base text-zinc-900 placeholder:text-zinc-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/15 [&::-webkit-search-cancel-button]:hidden"
      />
      {text !== "" && (
        <button
          type="button"
          aria-label="検索語を消す"
          onClick={() => {
            setText("");
            onSearch("");
          }}
          className="absolute top-1/2 right-2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </form>
  );
}

/** 新着順 / 人気順 / 急上昇 and グリッド / リスト, shown above the results. */
export function ResultsControls({
  sort,
  view,
  onChange,
}: {
  sort: GallerySort;
  view: GalleryView;
  onChange: (update: Partial<GalleryFilters>) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <SortToggle sort={sort} onChange={(sort) => onChange({ sort })} />
      <SegmentedGroup label="表示形式">
        <button
          type="button"
          aria-pressed={view === "grid"}
          aria-label="グリッド表示"
          title="グリッド表示"
          onClick={() => onChange({ view: "grid" })}
          className={segmentClass(view === "grid")}
        >
          <LayoutGrid aria-hidden />
        </button>
        <button
          type="button"
          aria-pressed={view === "list"}
          aria-label="リスト表示"
          title="リスト表示"
          onClick={() => onChange({ view: "list" })}
          className={segmentClass(view === "list")}
        >
          <List aria-hidden />
        </button>
      </SegmentedGroup>
    </div>
  );
}
