import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";

const PAGE_SIZE = 20;

export type FollowListKind = "followers" | "following";

const TITLES: Record<FollowListKind, string> = { followers: "フォロワー", following: "フォロー中" };
const EMPTY: Record<FollowListKind, string> = {
  followers: "まだフォロワーはいません",
  following: "まだ誰もフォローしていません",
};

type FollowListDialogProps = {
  userId: Id<"users">;
  kind: FollowListKind | null;
  onClose: () => void;
};

/** Who follows a creator, or whom they follow, newest first, 20 at a time. */
export function FollowListDialog({ userId, kind, onClose }: FollowListDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      {kind && (
        <DialogContent title={TITLES[kind]} size="sm">
          <FollowList userId={userId} kind={kind} onNavigate={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function FollowList({ userId, kind, onNavigate }: { userId: Id<"users">; kind: FollowListKind; onNavigate: () => void }) {
  const query = kind === "followers" ? api.follows.listFollowers : api.follows.listFollowing;
  const { results, status, loadMore } = usePaginatedQuery(query, { userId }, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") {
    return (
      <ul className="flex flex-col gap-3" aria-busy>
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 w-32" />
          </li>
        ))}
      </ul>
    );
  }
  if (results.length === 0) return <p className="py-6 text-center text-sm text-zinc-600">{EMPTY[kind]}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-zinc-100" aria-label={TITLES[kind]}>
        {results.map((user) => (
          <li key={user._id} className="py-2.5 first:pt-0">
            <Link
              to={paths.profile(user.handle ?? user._id)}
              onClick={onNavigate}
              className="flex items-center gap-3 rounded-xl p-1 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Avatar name={user.displayName} src={user.photoUrl} seed={user._id} size="md" decorative />
              <span className="min-w-0">
                <span className="block truncate text-sm font-bold text-zinc-900">{user.displayName}</span>
                {user.handle && <span className="block truncate text-xs text-zinc-500">@{user.handle}</span>}
                {user.bio && <span className="mt-0.5 line-clamp-1 text-xs text-zinc-600">{user.bio}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="outline" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)}>
          もっと見る
        </Button>
      )}
    </div>
  );
}
