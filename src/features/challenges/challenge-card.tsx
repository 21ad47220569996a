import type { FunctionReturnType } from "convex/server";
import { CalendarDays, Users } from "lucide-react";
import type { api } from "../../../convex/_generated/api";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatDate, formatNumber } from "@/lib/i18n/format";
import { ChallengeStatusBadge, DaysLeft, PrizeBadge } from "./challenge-status";

export type ChallengeCardData = FunctionReturnType<typeof api.challenges.list>["page"][number];

/** A challenge in the list: state, title, a few lines of description, entries and deadline. */
export function ChallengeCard({ challenge, now }: { challenge: ChallengeCardData; now: number }) {
  return (
    <Card className="group relative flex w-full min-w-0 flex-col gap-3 p-5 transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <ChallengeStatusBadge status={challenge.status} />
          {challenge.prize && <PrizeBadge />}
        </div>
        {challenge.status === "active" && <DaysLeft endDate={challenge.endDate} now={now} />}
        {challenge.status === "voting" && challenge.votingEndsAt !== null && (
          <DaysLeft endDate={challenge.votingEndsAt} now={now} deadline="voting" />
        )}
      </div>
      <h3 className="line-clamp-2 text-lg leading-snug font-bold break-words text-zinc-900">
        {/* The stretched link makes the whole card clickable while staying one link. */}
        <Link
          to={paths.challenge(challenge._id)}
          className="after:absolute after:inset-0 after:rounded-2xl group-hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
        >
          {challenge.title}
        </Link>
      </h3>
      <p className="line-clamp-3 text-sm break-words text-zinc-600">{challenge.description}</p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-zinc-100 pt-3 text-sm text-zinc-600">
        <span className="inline-flex items-center gap-1.5">
          <Users aria-hidden className="size-4 text-zinc-400" />
          <span>
            提出作品 <span className="font-semibold text-zinc-900 tabular-nums">{formatNumber(challenge.submissionsCount)}</span>件
          </span>
        </span>
        <span className="inline-flex items-center gap-1.5 text-xs text-zinc-500">
          <CalendarDays aria-hidden className="size-3.5" />
          {formatDate(challenge.endDate)}締切
        </span>
      </div>
    </Card>
  );
}

export function ChallengeCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-5">
      <Skeleton className="h-5 w-16 rounded-full" />
      <Skeleton className="h-6 w-3/4" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <div className="mt-2 border-t border-zinc-100 pt-3">
        <Skeleton className="h-4 w-24" />
      </div>
    </div>
  );
}
