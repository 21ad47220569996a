import { Award, Crown, Heart, MessageCircle, Rocket, Sparkles, Star, TrendingUp, Trophy, type LucideIcon } from "lucide-react";

/** Badge definitions name their icon (convex/model/badgeDefinitions.ts); this maps it to lucide. */
const ICONS: Record<string, LucideIcon> = {
  rocket: Rocket,
  sparkles: Sparkles,
  heart: Heart,
  "message-circle": MessageCircle,
  "trending-up": TrendingUp,
  trophy: Trophy,
  star: Star,
  crown: Crown,
};

export function badgeIcon(name: string): LucideIcon {
  return ICONS[name] ?? Award;
}
