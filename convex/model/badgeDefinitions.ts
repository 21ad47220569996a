import type { BadgeColor, BadgeId } from "../constants";

export type BadgeDefinition = {
  badgeId: BadgeId;
  name: string;
  description: string;
  /** A lucide icon name; the frontend maps it to the icon component. */
  icon: string;
  color: BadgeColor;
};

/** The badges (docs/product.md "Profile"). The `badges` table is seeded from this list. */
export const BADGE_DEFINITIONS: readonly BadgeDefinition[] = [
  {
    badgeId: "firstProject",
    name: "はじめての投稿",
    description: "はじめて作品を投稿しました",
    icon: "rocket",
    color: "blue",
  },
  {
    badgeId: "zeroCodeMaster",
    name: "ゼロコードマスター",
    description: "ゼロコードの作品を3つ投稿しました",
    icon: "sparkles",
    color: "purple",
  },
  {
    badgeId: "popularCreator",
    name: "人気クリエイター",
    description: "作品が合計100いいねを獲得しました",
    icon: "heart",
    color: "red",
  },
  {
    badgeId: "activeCommenter",
    name: "コメンテーター",
    description: "コメントを10件投稿しました",
    icon: "message-circle",
    color: "green",
  },
  {
    badgeId: "trendsetter",
    name: "トレンドセッター",
    description: "1つの作品が1,000回閲覧されました",
    icon: "trending-up",
    color: "yellow",
  },
  {
    badgeId: "challengeWinner",
    name: "チャレンジ優勝",
    description: "チャレンジで優勝しました",
    icon: "trophy",
    color: "yellow",
  },
];

export function badgeDefinition(badgeId: BadgeId): BadgeDefinition {
  const found = BADGE_DEFINITIONS.find((b) => b.badgeId === badgeId);
  if (!found) throw new Error(`Unknown badge ${badgeId}`);
  return found;
}
