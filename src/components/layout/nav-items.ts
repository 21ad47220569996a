import { paths } from "@/config/paths";

export type NavItem = {
  /** Names the item, e.g. for the mobile menu's icon. */
  id: "home" | "projects" | "ranking" | "following" | "challenges" | "submit";
  label: string;
  to: string;
  /** Only exact matches are active (otherwise "/" would be active everywhere). */
  end?: boolean;
  /** Shown only to signed-in users (フォロー中). */
  signedInOnly?: boolean;
  /**
   * In the desktop header only from the xl width up, so the header's row still fits below it;
   * the mobile menu always lists it, and the user menu carries it between lg and xl.
   */
  wideOnly?: boolean;
};

/**
 * Main navigation, shared by the desktop header and the mobile menu. The icons live with the
 * mobile menu, the only place that shows them, so the header's first download goes without.
 */
export const mainNavItems: readonly NavItem[] = [
  { id: "home", label: "ホーム", to: paths.home(), end: true },
  { id: "projects", label: "作品を探す", to: paths.projects() },
  { id: "ranking", label: "ランキング", to: paths.ranking() },
  { id: "following", label: "フォロー中", to: paths.following(), signedInOnly: true, wideOnly: true },
  { id: "challenges", label: "チャレンジ", to: paths.challenges() },
  { id: "submit", label: "投稿する", to: paths.submit() },
];

/** The items a visitor or a signed-in user sees (フォロー中 only once signed in). */
export function visibleNavItems<T extends NavItem>(items: readonly T[], signedIn: boolean): readonly T[] {
  return signedIn ? items : items.filter((item) => !item.signedInOnly);
}
