import { useMutation } from "convex/react";
import { UserCheck, UserPlus } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/use-toast";
import { readServerError } from "@/lib/convex-error";
import { useViewer } from "@/lib/use-viewer";

const SIGN_IN_MESSAGE = "フォローするにはログインが必要です";
const FOLLOW_ERROR = "フォローの処理中にエラーが発生しました";

/** What the profile shows the moment フォロー is pressed, before the server answers. */
export function toggledFollow<T extends { viewerFollows?: boolean; followersCount?: number }>(profile: T): T {
  const following = profile.viewerFollows ?? false;
  return {
    ...profile,
    viewerFollows: !following,
    ...(profile.followersCount === undefined ? {} : { followersCount: Math.max(0, profile.followersCount + (following ? -1 : 1)) }),
  };
}

type FollowButtonProps = { userId: Id<"users">; following: boolean; displayName: string };

/**
 * フォロー / フォロー中. Optimistic on the profile query; a refusal (rate limit, signed out)
 * rolls back by itself and is told as a toast.
 */
export function FollowButton({ userId, following, displayName }: FollowButtonProps) {
  const toast = useToast();
  const { status } = useViewer();
  const toggle = useMutation(api.follows.toggle).withOptimisticUpdate((store, args) => {
    for (const { args: queryArgs, value } of store.getAllQueries(api.users.getProfile)) {
      if (value && value._id === args.userId) store.setQuery(api.users.getProfile, queryArgs, toggledFollow(value));
    }
  });

  const onClick = () => {
    if (status === "signedOut") {
      toast.error(SIGN_IN_MESSAGE);
      return;
    }
    toggle({ userId }).catch((error: unknown) => toast.error(readServerError(error, FOLLOW_ERROR).message));
  };

  return (
    <Button
      variant={following ? "outline" : "primary"}
      aria-pressed={following}
      // Each name holds the visible text ("フォロー" / "フォロー中"), so speech users can say it.
      aria-label={following ? `${displayName}さんをフォロー中（押すと解除）` : `${displayName}さんをフォロー`}
      onClick={onClick}
      className="min-w-32"
    >
      {following ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
      {following ? "フォロー中" : "フォロー"}
    </Button>
  );
}
