import { Avatar } from "@/components/ui/avatar";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";

type Author = { _id: string | null; handle: string | null; displayName: string; photoUrl: string | null };

/**
 * A card's author: avatar and name, linking to their profile. The link sits above the card's
 * stretched link (z-10), so it can be clicked on its own. A deleted author is plain text.
 */
export function AuthorByline({ author }: { author: Author }) {
  const profileId = author.handle ?? author._id;
  const content = (
    <>
      <Avatar name={author.displayName} seed={author._id ?? author.displayName} src={author.photoUrl} size="xs" decorative />
      <span className="truncate text-sm text-zinc-700">{author.displayName}</span>
    </>
  );
  if (!profileId) return <span className="flex min-w-0 items-center gap-2">{content}</span>;
  return (
    <Link
      to={paths.profile(profileId)}
      aria-label={`作成者: ${author.displayName}`}
      className="relative z-10 -m-1 flex min-w-0 items-center gap-2 rounded-lg p-1 hover:bg-zinc-100 hover:[&>span]:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {content}
    </Link>
  );
}

/**
 * An author's avatar linking to their profile, beside a name that links there too: the avatar
 * is a second way in for the pointer, skipped by keyboard and screen readers (no double stop).
 */
export function AuthorAvatarLink({ author, size }: { author: Author; size: "sm" | "lg" }) {
  const profileId = author.handle ?? author._id;
  const avatar = <Avatar name={author.displayName} src={author.photoUrl} seed={author._id ?? author.displayName} size={size} decorative />;
  if (!profileId) return avatar;
  return (
    <Link to={paths.profile(profileId)} tabIndex={-1} aria-hidden className="shrink-0 rounded-full">
      {avatar}
    </Link>
  );
}
