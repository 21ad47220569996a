import { CirclePlus, Compass, House, Trophy, type LucideIcon } from "lucide-react";
import { paths } from "@/config/paths";

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Only exact matches are active (otherwise "/" would be active everywhere). */
  end?: boolean;
};

/** Main navigation, shared by the desktop header and the mobile menu. */
export const mainNavItems: readonly NavItem[] = [
  { label: "ホーム", to: paths.home(), icon: House, end: true },
  { label: "作品を探す", to: paths.projects(), icon: Compass },
  { label: "チャレンジ", to: paths.challenges(), icon: Trophy },
  { label: "投稿する", to: paths.submit(), icon: CirclePlus },
];
