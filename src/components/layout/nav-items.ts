import { paths } from "@/config/paths";

export type NavItem = {
  /** Names the item, e.g. for the mobile menu's icon. */
  id: "home" | "projects" | "challenges" | "submit";
  label: string;
  to: string;
  /** Only exact matches are active (otherwise "/" would be active everywhere). */
  end?: boolean;
};

/**
 * Main navigation, shared by the desktop header and the mobile menu. The icons live with the
 * mobile menu, the only place that shows them, so the header's first download goes without.
 */
export const mainNavItems: readonly NavItem[] = [
  { id: "home", label: "ホーム", to: paths.home(), end: true },
  { id: "projects", label: "作品を探す", to: paths.projects() },
  { id: "challenges", label: "チャレンジ", to: paths.challenges() },
  { id: "submit", label: "投稿する", to: paths.submit() },
];
