import { useMutation } from "convex/react";
import { Heart } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { useToast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { isAboutThePerson, readServerError } from "@/lib/convex-error";
import { formatNumber } from "@/lib/i18n/format";
import { useViewer } from "@/lib/use-viewer";

const SIGN_IN_MESSAGE = "いいねするにはログインが必要です";
const LIKE_ERROR = "いいねの処理中にエラーが発生しました";

/** What the page shows the moment the heart is pressed, before the server answers. */
export function toggledLike<T extends { viewerHasLiked: boolean; likesCount: number }>(work: T): T {
  return {
    ...work,
    viewerHasLiked: !work.viewerHasLiked,
    likesCount: Math.max(0, work.likesCount + (work.viewerHasLiked ? -1 : 1)),
  };
}

type LikeButtonProps = { projectId: Id<"projects">; liked: boolean; count: number };

/**
 * Like toggle. The optimistic update flips the work page's query at once; if the server refuses,
 * Convex drops the optimistic value by itself (the rollback) and we tell the person.
 */
export function LikeButton({ projectId, liked, count }: LikeButtonProps) {
  const toast = useToast();
  const { status } = useViewer();
  const toggle = useMutation(api.likes.toggle).withOptimisticUpdate((store, args) => {
    for (const { args: queryArgs, value } of store.getAllQueries(api.projects.get)) {
      if (value && !("unavailable" in value) && value._id === args.projectId)
        store.setQuery(api.projects.get, queryArgs, toggledLike(value));
    }
  });

  const onClick = () => {
    if (status === "signedOut") {
      toast.error(SIGN_IN_MESSAGE);
      return;
    }
    // While the session is still being read, let the server decide (it refuses signed-out likes).
    toggle({ projectId }).catch((error: unknown) => {
      // Signed out, too many toggles or suspended: the server's words help; anything else gets the generic one.
      const { message, code } = readServerError(error, LIKE_ERROR);
      toast.error(isAboutThePerson(code) || message === SIGN_IN_MESSAGE ? message : LIKE_ERROR);
    });
  };

  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`いいね ${count}件`}
      onClick={onClick}
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-xl border px-4 text-sm font-semibold transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        liked
          ? "border-pink-300 bg-pink-50 text-pink-700 hover:bg-pink-100"
          : "border-zinc-300 bg-white text-zinc-800 hover:border-zinc-400 hover:bg-zinc-50",
      )}
    >
      <Heart aria-hidden className={cn("size-4 transition-transform", liked && "scale-110 fill-pink-500 text-pink-500")} />
      <span>いいね</span>
      <span className="tabular-nums">{formatNumber(count)}</span>
    </button>
  );
}
