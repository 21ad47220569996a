import { useAuthActions } from "@/lib/auth-actions";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Bookmark, ChartColumn, CircleHelp, LogOut, Settings, ShieldCheck, User, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { isModeratorRole } from "@/lib/moderation";
import type { Viewer } from "@/lib/use-viewer";

const itemClass =
  "flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900 [&_svg]:size-4 [&_svg]:text-zinc-500";

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The signed-in user's avatar, opening マイプロフィール / ストック / ダッシュボード / 設定 / ヘルプ / ログアウト. */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        aria-label="ユーザーメニュー"
      >
        <Avatar name={viewer.displayName} seed={viewer._id} src={viewer.photoUrl} size="sm" decorative />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg data-[state=open]:animate-in"
        >
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-bold text-zinc-900">{viewer.displayName}</p>
            {viewer.handle && <p className="truncate text-xs text-zinc-500">@{viewer.handle}</p>}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
          <MenuLink to={paths.profile(viewer.handle ?? viewer._id)} icon={<User aria-hidden />}>
            マイプロフィール
          </MenuLink>
          <MenuLink to={paths.saved()} icon={<Bookmark aria-hidden />}>
            ストック
          </MenuLink>
          <MenuLink to={paths.dashboard()} icon={<ChartColumn aria-hidden />}>
            ダッシュボード
          </MenuLink>
          {/* Also in the header from the xl width up (components/layout/nav-items.ts). */}
          <MenuLink to={paths.following()} icon={<Users aria-hidden />}>
            フォロー中
          </MenuLink>
          <MenuLink to={paths.settings()} icon={<Settings aria-hidden />}>
            設定
          </MenuLink>
          <MenuLink to={paths.help()} icon={<CircleHelp aria-hidden />}>
            ヘルプ
          </MenuLink>
          {isModeratorRole(viewer.role) && (
            <MenuLink to={paths.admin()} icon={<ShieldCheck aria-hidden />}>
              管理
            </MenuLink>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              void signOut().then(() => navigate(paths.home()));
            }}
          >
            <LogOut aria-hidden />
            ログアウト
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
