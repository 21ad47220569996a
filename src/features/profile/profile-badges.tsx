import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { badgeIcon } from "@/lib/badge-icons";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/i18n/format";

type EarnedBadge = NonNullable<NonNullable<FunctionReturnType<typeof api.users.getProfile>>["badges"]>[number];

/** Badge colours as a tinted icon disc (the five colours of the design system's Badge). */
export const BADGE_DISC: Record<EarnedBadge["color"], string> = {
  blue: "bg-blue-50 text-blue-600 ring-blue-600/15",
  purple: "bg-brand-50 text-brand-600 ring-brand-600/15",
  yellow: "bg-amber-50 text-amber-600 ring-amber-600/20",
  green: "bg-emerald-50 text-emerald-600 ring-emerald-600/15",
  red: "bg-red-50 text-red-600 ring-red-600/15",
};

/** The badges a creator earned: what each means and when it came. */
export function ProfileBadges({ badges }: { badges: EarnedBadge[] }) {
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby="profile-badges">
      <h2 id="profile-badges" className="mb-3 text-base font-bold text-zinc-900">
        獲得バッジ
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {badges.map((badge) => {
          const Icon = badgeIcon(badge.icon);
          return (
            <li key={badge.badgeId} className="flex items-start gap-3 rounded-2xl border border-zinc-200 bg-white p-3.5">
              <span
                className={cn("flex size-10 shrink-0 items-center justify-center rounded-full ring-1 ring-inset", BADGE_DISC[badge.color])}
              >
                <Icon aria-hidden className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-bold text-zinc-900">{badge.name}</p>
                <p className="text-xs text-zinc-600">{badge.description}</p>
                <p className="mt-1 text-xs text-zinc-500">{formatDate(badge.awardedAt)} 獲得</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
