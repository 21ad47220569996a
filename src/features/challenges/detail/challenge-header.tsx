import { CalendarDays, Gift, ListChecks, Tag, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { formatDate, formatNumber } from "@/lib/i18n/format";
import { useNow } from "@/lib/use-now";
import { ChallengeStatusBadge, DaysLeft, PrizeBadge } from "../challenge-status";
import type { ChallengeDetail } from "./challenge-types";

/** Everything about the challenge itself: what it asks for, when, by whom, for what prize. */
type ChallengeHeaderProps = { challenge: ChallengeDetail; actions: ReactNode; menu?: ReactNode };

export function ChallengeHeader({ challenge, actions, menu }: ChallengeHeaderProps) {
  const now = useNow();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex flex-wrap items-center gap-2">
          <ChallengeStatusBadge status={challenge.status} />
          {challenge.prize && <PrizeBadge />}
          {menu && <div className="-my-2 ml-auto">{menu}</div>}
        </div>
        <h1 className="text-2xl font-bold break-words text-zinc-900 sm:text-3xl">{challenge.title}</h1>
        <p className="text-base whitespace-pre-line break-words text-zinc-700">{challenge.description}</p>
        <Section icon={<ListChecks aria-hidden />} title="要件・ルール">
          <p className="whitespace-pre-line break-words">{challenge.requirements}</p>
        </Section>
        {challenge.prize && challenge.prizeDescription && (
          <Section icon={<Gift aria-hidden />} title="賞品">
            <p className="whitespace-pre-line break-words">{challenge.prizeDescription}</p>
          </Section>
        )}
        {challenge.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="タグ">
            {challenge.tags.map((tag) => (
              <li key={tag} className="inline-flex items-center gap-1 rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">
                <Tag aria-hidden className="size-3" />
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <aside className="flex flex-col gap-4">
        <Card className="flex flex-col gap-4 p-5">
          <dl className="grid grid-cols-2 gap-4">
            <Fact label="提出作品" icon={<Users aria-hidden />}>
              {formatNumber(challenge.submissionsCount)}件
            </Fact>
            <Fact label="開始日" icon={<CalendarDays aria-hidden />}>
              {formatDate(challenge.startedAt)}
            </Fact>
            <Fact label="終了日" icon={<CalendarDays aria-hidden />}>
              {formatDate(challenge.endDate)}
            </Fact>
            {challenge.status === "active" && (
              <Fact label="残り">
                <DaysLeft endDate={challenge.endDate} now={now} />
              </Fact>
            )}
            {challenge.status === "voting" && challenge.votingEndsAt !== null && (
              <>
                <Fact label="投票締切" icon={<CalendarDays aria-hidden />}>
                  {formatDate(challenge.votingEndsAt)}
                </Fact>
                <Fact label="投票の残り">
                  <DaysLeft endDate={challenge.votingEndsAt} now={now} />
                </Fact>
              </>
            )}
          </dl>
          <Organiser organiser={challenge.organiser} />
        </Card>
        {actions}
      </aside>
    </div>
  );
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-zinc-200 bg-white p-4 text-sm text-zinc-700 sm:p-5">
      <h2 className="mb-2 flex items-center gap-2 text-sm font-bold text-zinc-900 [&_svg]:size-4 [&_svg]:text-brand-600">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1 text-xs text-zinc-500 [&_svg]:size-3.5">
        {icon}
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-semibold text-zinc-900">{children}</dd>
    </div>
  );
}

function Organiser({ organiser }: { organiser: ChallengeDetail["organiser"] }) {
  const profileId = organiser.handle ?? organiser._id;
  const body = (
    <>
      <Avatar name={organiser.displayName} src={organiser.photoUrl} seed={organiser._id ?? organiser.displayName} size="sm" decorative />
      <span className="min-w-0">
        <span className="block text-xs text-zinc-500">主催者</span>
        <span className="block truncate text-sm font-semibold text-zinc-900">{organiser.displayName}</span>
      </span>
    </>
  );
  return profileId ? (
    <Link
      to={paths.profile(profileId)}
      className="-m-1.5 flex items-center gap-2.5 rounded-xl p-1.5 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {body}
    </Link>
  ) : (
    <div className="flex items-center gap-2.5">{body}</div>
  );
}
