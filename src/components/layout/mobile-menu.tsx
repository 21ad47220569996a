import { lazy, Suspense, useState } from "react";
import { Menu } from "lucide-react";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(loadSheet);
/** Warms the download; a failure shows when the menu is opened (the page's error screen). */
const preload = () => void loadSheet().catch(() => undefined);

const triggerClassName = "inline-flex size-10 items-center justify-center rounded-xl text-zinc-700 hover:bg-zinc-100 lg:hidden";

/**
 * Hamburger menu below the md breakpoint: search plus the same links as the desktop header.
 * Until it is first opened it is a plain button; the sheet (Radix Dialog) downloads then (or on
 * hover or focus, to be ready) and replaces it, opened.
 */
export function MobileMenu() {
  const [opened, setOpened] = useState(false);
  const button = (
    <button
      type="button"
      aria-label="メニューを開く"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={triggerClassName}
      onClick={() => setOpened(true)}
      onPointerEnter={preload}
      onFocus={preload}
    >
      <Menu aria-hidden className="size-5" />
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <MobileMenuSheet defaultOpen triggerClassName={triggerClassName} />
    </Suspense>
  );
}
