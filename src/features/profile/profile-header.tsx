import type { FunctionReturnType } from "convex/server";
import { AtSign, Ban, Calendar, Code2, Globe, Mail, MapPin, Pencil } from "lucide-react";
import type { ReactElement } from "react";
import type { api } from "../../../convex/_generated/api";
import { feedPaths } from "../../../convex/model/feedLinks";
import { isHttpUrl } from "../../../convex/model/urls";
import { FeedLink } from "@/components/feed-link";
import { ContentMenu } from "@/components/moderation/content-menu";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { formatDate, formatNumber } from "@/lib/i18n/format";
import { hasGoldMark } from "./achievements";
import { FollowButton } from "./follow-button";
import type { FollowListKind } from "./follow-list-dialog";
import { ProfileAvatar } from "./profile-avatar";

export type Profile = NonNullable<FunctionReturnType<typeof api.users.getProfile>>;

type ProfileHeaderProps = { profile: Profile; onOpenList: (kind: FollowListKind) => void };

/** Who this is: avatar, names, the owner's 編集 or others' フォロー, counts, bio, links. */
export function ProfileHeader({ profile, onOpenList }: ProfileHeaderProps) {
  const gold = hasGoldMark(profile.stats?.zeroCodeCount ?? 0);
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-start sm:gap-8">
      <ProfileAvatar name={profile.displayName} src={profile.photoUrl} seed={profile._id} gold={gold} />
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold break-words text-zinc-900 sm:text-3xl">{profile.displayName}</h1>
            {profile.handle && <p className="text-zinc-500">@{profile.handle}</p>}
            {/* Others see the works, so anyone may: the creator's feed. */}
            {profile.handle && !profile.isOwner && profile.showProjects && (
              <FeedLink path={feedPaths.user(profile.handle)} title={`${profile.displayName}さんの作品`} className="-ml-2" />
            )}
          </div>
          <div className="flex items-center gap-1">
            {profile.isOwner ? (
              <ButtonLink to={paths.profileEdit()} variant="outline">
                <Pencil aria-hidden />
                編集
              </ButtonLink>
            ) : (
              // A private profile takes no new followers; one who followed before may still undo it.
              (!profile.isPrivate || profile.viewerFollows) && (
                <FollowButton userId={profile._id} following={profile.viewerFollows ?? false} displayName={profile.displayName} />
              )
            )}
            <ContentMenu
              target={{ type: "user", id: profile._id, label: profile.displayName }}
              isOwn={profile.isOwner}
              muteUserId={profile.isOwner ? undefined : profile._id}
            />
          </div>
        </div>
        {profile.suspended && (
          <p className="inline-flex w-fit items-center gap-1.5 rounded-lg bg-zinc-100 px-2.5 py-1 text-sm font-medium text-zinc-700">
            <Ban aria-hidden className="size-4 text-zinc-500" />
            このアカウントは停止されています
          </p>
        )}
        {profile.followersCount !== undefined && profile.followingCount !== undefined && (
          <div className="flex gap-4 text-sm">
            <CountButton label="フォロワー" count={profile.followersCount} onClick={() => onOpenList("followers")} />
            <CountButton label="フォロー中" count={profile.followingCount} onClick={() => onOpenList("following")} />
          </div>
        )}
        {profile.bio && <p className="max-w-2xl break-words whitespace-pre-line text-zinc-700">{profile.bio}</p>}
        <ProfileMeta profile={profile} />
      </div>
    </header>
  );
}

function CountButton({ label, count, onClick }: { label: string; count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-lg text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="font-bold text-zinc-900 tabular-nums">{formatNumber(count)}</span> {label}
    </button>
  );
}

/** Location, join date, e-mail (when shared) and the links, each opened safely in a new tab. */
function ProfileMeta({ profile }: { profile: Profile }) {
  const links = [
    { href: profile.websiteUrl, label: "ウェブサイト", icon: <Globe aria-hidden /> },
    { href: profile.githubUrl, label: "GitHub", icon: <Code2 aria-hidden /> },
    { href: profile.twitterUrl, label: "X（Twitter）", icon: <AtSign aria-hidden /> },
  ].filter((link): link is { href: string; label: string; icon: ReactElement } => !!link.href && isHttpUrl(link.href));
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-zinc-600 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-zinc-400">
      {profile.location && (
        <li className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden />
          {profile.location}
        </li>
      )}
      {profile.joinedAt !== undefined && (
        <li className="inline-flex items-center gap-1.5">
          <Calendar aria-hidden />
          {formatDate(profile.joinedAt)}から参加
        </li>
      )}
      {profile.email && (
        <li className="inline-flex min-w-0 items-center gap-1.5">
          <Mail aria-hidden />
          <a href={`mailto:${profile.email}`} className="truncate hover:underline">
            {profile.email}
          </a>
        </li>
      )}
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
          >
            {link.icon}
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
