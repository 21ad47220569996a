import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Search, X } from "lucide-react";
import { useLocation } from "react-router-dom";
import { Kbd } from "@/components/ui/kbd";
import { cn } from "@/lib/cn";
import { isApplePlatform, isSearchShortcut } from "@/lib/platform";
import { useHydrated } from "@/lib/use-hydrated";
import { SearchForm } from "./search-form";

/**
 * Search toggle plus a panel that opens below the header's row. Ctrl/⌘+K opens it from anywhere,
 * Escape closes it and returns focus to the toggle. The header places the two: the panel sits in
 * the header's flow, so it moves the page down instead of covering its heading.
 */
export function useHeaderSearch(): { toggle: ReactNode; panel: ReactNode } {
  const location = useLocation();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Open "at" a location: any navigation (including the search itself) closes the panel.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;

  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) toggleRef.current?.focus();
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // defaultPrevented: a dialog (e.g. the mobile menu) already handled this key.
      if (event.defaultPrevented) return;
      if (isSearchShortcut(event)) {
        event.preventDefault();
        setOpenAt(location.key);
        inputRef.current?.focus(); // already open: bring focus back to the field
      } else if (event.key === "Escape" && open) {
        event.preventDefault();
        setOpenAt(null);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [location.key, open]);

  // The keyboard is the browser's to know: the prerendered header (built without one) and its
  // hydration show no hint, the next render the right one.
  const hydrated = useHydrated();
  const shortcut = isApplePlatform() ? "⌘K" : "Ctrl K";

  return {
    toggle: (
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => (open ? close(false) : setOpenAt(location.key))}
        className={cn(
          "inline-flex h-10 items-center gap-2 rounded-xl text-sm transition-colors",
          "w-10 justify-center hover:bg-zinc-100 hover:text-zinc-900",
          "lg:w-60 lg:justify-start lg:border lg:border-zinc-200 lg:px-3 lg:hover:border-zinc-300 lg:hover:bg-white",
          open ? "bg-zinc-100 text-zinc-900" : "text-zinc-500 lg:bg-zinc-50",
        )}
      >
        {open ? <X aria-hidden className="size-5 lg:size-4" /> : <Search aria-hidden className="size-5 lg:size-4" />}
        <span className="sr-only lg:not-sr-only lg:flex-1 lg:text-left">{open ? "検索を閉じる" : "作品を検索"}</span>
        <span aria-hidden className="hidden lg:inline-flex">
          {hydrated && <Kbd>{shortcut}</Kbd>}
        </span>
      </button>
    ),
    panel: open && (
      <div id={panelId} className="border-t border-zinc-200 animate-slide-down">
        <div className="mx-auto max-w-2xl px-4 py-3 sm:px-6">
          <SearchForm inputRef={inputRef} autoFocus onSearched={() => setOpenAt(null)} />
          <p className="mt-2 hidden text-xs text-zinc-500 sm:block">
            <Kbd>Enter</Kbd> で検索、<Kbd>Esc</Kbd> で閉じる
          </p>
        </div>
      </div>
    ),
  };
}
