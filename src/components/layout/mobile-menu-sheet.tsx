import { useRef, useState, type KeyboardEvent } from "react";
import { CircleHelp, CirclePlus, Compass, Crown, House, Menu, Trophy, Users, type LucideIcon } from "lucide-react";
import { useLocation } from "react-router-dom";
import { NavLink } from "@/components/ui/link";
import { Sheet, SheetContent, SheetTrigger } from "@/components/ui/sheet";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { isSearchShortcut } from "@/lib/platform";
import { useViewer } from "@/lib/use-viewer";
import { mainNavItems, visibleNavItems, type NavItem } from "./nav-items";
import { SearchForm } from "./search-form";

const navIcons: Record<NavItem["id"], LucideIcon> = {
  home: House,
  projects: Compass,
  ranking: Crown,
  following: Users,
  challenges: Trophy,
  submit: CirclePlus,
};
const navItems = mainNavItems.map((item) => ({ ...item, Icon: navIcons[item.id] }));

const linkClassName = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-xl px-3 py-3 text-base font-semibold transition-colors",
    isActive ? "bg-brand-50 text-brand-700" : "text-zinc-700 hover:bg-zinc-100",
  );

/** The hamburger and its sheet (Radix Dialog), loaded by MobileMenu when first opened. */
export default function MobileMenuSheet({ defaultOpen, triggerClassName }: { defaultOpen: boolean; triggerClassName: string }) {
  const location = useLocation();
  const signedIn = useViewer().status === "signedIn";
  const searchRef = useRef<HTMLInputElement>(null);
  // Open "at" a location, so following any link (or searching) closes the sheet by itself.
  const [openAt, setOpenAt] = useState<string | null>(defaultOpen ? location.key : null);
  const open = openAt === location.key;

  // Inside the sheet, Ctrl/⌘+K goes to the sheet's own search field instead of the header's.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isSearchShortcut(event)) return;
    event.preventDefault();
    searchRef.current?.focus();
  };

  return (
    <Sheet open={open} onOpenChange={(next) => setOpenAt(next ? location.key : null)}>
      <SheetTrigger aria-label="メニューを開く" className={triggerClassName}>
        <Menu aria-hidden className="size-5" />
      </SheetTrigger>
      <SheetContent title="メニュー" onKeyDown={onKeyDown}>
        <SearchForm inputRef={searchRef} placeholder="作品を検索" />
        <nav aria-label="メインナビゲーション（モバイル）" className="mt-5">
          <ul className="flex flex-col gap-1">
            {visibleNavItems(navItems, signedIn).map(({ label, to, Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={linkClassName}>
                  <Icon aria-hidden className="size-5 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          <hr className="my-4 border-zinc-100" />
          <NavLink to={paths.help()} className={linkClassName}>
            <CircleHelp aria-hidden className="size-5 shrink-0" />
            ヘルプ
          </NavLink>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
