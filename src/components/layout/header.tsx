import type { ReactNode } from "react";
import { NavLink } from "@/components/ui/link";
import { cn } from "@/lib/cn";
import { useViewer } from "@/lib/use-viewer";
import { useHeaderSearch } from "./header-search";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { mainNavItems, visibleNavItems } from "./nav-items";

type HeaderProps = {
  /** The notification bell and the account menu (or ログイン), which the app shell supplies. */
  userControls?: ReactNode;
};

export function Header({ userControls }: HeaderProps) {
  const signedIn = useViewer().status === "signedIn";
  const search = useHeaderSearch();
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:gap-8">
        <Logo />
        <nav aria-label="メインナビゲーション" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {visibleNavItems(mainNavItems, signedIn).map(({ label, to, end, wideOnly }) => (
              <li key={to} className={wideOnly ? "hidden xl:block" : undefined}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors",
                      isActive ? "bg-brand-50 text-brand-700" : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900",
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {search.toggle}
          {userControls}
          <MobileMenu />
        </div>
      </div>
      {search.panel}
    </header>
  );
}
