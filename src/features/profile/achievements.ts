// The 実績 tab (docs/product.md "Profile"): each achievement earned, or in progress towards its
// target. Computed from the profile's stored counters.
import { BADGE_THRESHOLDS } from "../../../convex/constants";
import type { BadgeColor } from "@/components/ui/badge";
import { formatNumber } from "@/lib/i18n/format";

export type Achievement = {
  id: "zeroCodeMaster" | "zeroCodeMasterGold" | "popularCreator" | "spotlight" | "earlyAdopter";
  name: string;
  description: string;
  icon: string;
  color: Exclude<BadgeColor, "neutral">;
  earned: boolean;
  /** How far along; null for an achievement without steps. */
  progress: { current: number; target: number } | null;
  /** Shown on limited achievements. */
  limited?: boolean;
};

export type AchievementStats = { zeroCodeCount: number; totalLikes: number; totalViews: number };

/** Progress toward `target`, never past it. */
function towards(current: number, target: number) {
  return { current: Math.min(current, target), target };
}

/** The gold tier's name, on the avatar's mark and in the 実績 tab alike. */
export const GOLD_ZERO_CODE_MASTER = "ゼロコードマスター（ゴールド）";

/**
 * ゼロコードマスター comes in two tiers, both the product's thresholds: the badge at 3 zero-code
 * works, then the gold tier (the avatar's gold mark) at 5. Shown as one name at two targets,
 * the badge looked broken next to a tab still saying 3/5.
 */
export function achievementsFor(stats: AchievementStats): Achievement[] {
  const badgeTarget = BADGE_THRESHOLDS.zeroCodeMasterAward;
  const goldTarget = BADGE_THRESHOLDS.zeroCodeMasterDisplay;
  const likesTarget = BADGE_THRESHOLDS.popularCreatorLikes;
  const viewsTarget = BADGE_THRESHOLDS.trendsetterViews;
  return [
    {
      id: "zeroCodeMaster",
      name: "ゼロコードマスター",
      description: `ゼロコードの作品を${badgeTarget}つ投稿する`,
      icon: "sparkles",
      color: "purple",
      earned: stats.zeroCodeCount >= badgeTarget,
      progress: towards(stats.zeroCodeCount, badgeTarget),
    },
    {
      id: "zeroCodeMasterGold",
      name: GOLD_ZERO_CODE_MASTER,
      description: `ゼロコードの作品を${goldTarget}つ投稿する（アイコンに金のマークが付きます）`,
      icon: "crown",
      color: "yellow",
      earned: stats.zeroCodeCount >= goldTarget,
      progress: towards(stats.zeroCodeCount, goldTarget),
    },
    {
      id: "popularCreator",
      name: "人気クリエイター",
      description: `作品の合計いいねが${likesTarget}に届く`,
      icon: "heart",
      color: "red",
      earned: stats.totalLikes >= likesTarget,
      progress: towards(stats.totalLikes, likesTarget),
    },
    {
      id: "spotlight",
      name: "スポットライト",
      description: `作品の合計閲覧数が${formatNumber(viewsTarget)}回に届く`,
      icon: "trending-up",
      color: "yellow",
      earned: stats.totalViews >= viewsTarget,
      progress: towards(stats.totalViews, viewsTarget),
    },
    {
      id: "earlyAdopter",
      name: "アーリーアダプター",
      description: "サービス初期からの参加者に贈られる限定の実績",
      icon: "rocket",
      color: "blue",
      earned: true,
      progress: null,
      limited: true,
    },
  ];
}

/** The gold mark on the avatar: 5 or more zero-code works (docs/product.md "Profile"). */
export function hasGoldMark(zeroCodeCount: number): boolean {
  return zeroCodeCount >= BADGE_THRESHOLDS.zeroCodeMasterDisplay;
}
