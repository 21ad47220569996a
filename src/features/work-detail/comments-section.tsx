import { useState } from "react";
import { useMutation, usePaginatedQuery } from "convex/react";
import { MessageCircle, Trash2 } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Button } from "@/components/ui/button";
import { ContentMenu } from "@/components/moderation/content-menu";
import { CommentModerationNote } from "@/components/moderation/moderation-banner";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/use-toast";
import { AuthorAvatarLink } from "@/components/works/author-byline";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { formatDate, formatNumber, formatRelativeTime } from "@/lib/i18n/format";
import { useNow } from "@/lib/use-now";
import { useViewer } from "@/lib/use-viewer";
import { CommentForm } from "./comment-form";

const COMMENTS_PAGE = 10;

/** Newest first and live: a comment posted anywhere appears without reloading. */
export function CommentsSection({ projectId, commentsCount }: { projectId: Id<"projects">; commentsCount: number }) {
  const { status } = useViewer();
  const addComment = useMutation(api.comments.add);
  const { results, status: listStatus, loadMore } = usePaginatedQuery(api.comments.list, { projectId }, { initialNumItems: COMMENTS_PAGE });
  const now = useNow(30_000);

  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4">
      <h2 id="comments-heading" className="flex items-center gap-2 text-lg font-bold text-zinc-900">
        <MessageCircle aria-hidden className="size-5 text-brand-600" />
        コメント
        <span className="text-sm font-semibold text-zinc-500">({formatNumber(commentsCount)})</span>
      </h2>
      <CommentForm
        status={status}
        onSubmit={async (content) => {
          await addComment({ projectId, content });
        }}
        describeError={(error) => readServerError(error, "通信エラーが発生しました").message}
      />
      {listStatus === "LoadingFirstPage" ? (
        <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="読み込み中">
          {[0, 1].map((n) => (
            <Skeleton key={n} className="h-16" />
          ))}
        </div>
      ) : results.length === 0 ? (
        <p className="rounded-xl bg-zinc-50 px-4 py-6 text-center text-sm text-zinc-500">
          まだコメントはありません。最初のコメントを書いてみませんか？
        </p>
      ) : (
        <ol className="flex flex-col divide-y divide-zinc-100" aria-label="コメント一覧">
          {results.map((comment) => (
            <CommentItem key={comment._id} comment={comment} now={now} />
          ))}
        </ol>
      )}
      {(listStatus === "CanLoadMore" || listStatus === "LoadingMore") && (
        <Button variant="ghost" className="self-center" loading={listStatus === "LoadingMore"} onClick={() => loadMore(COMMENTS_PAGE)}>
          もっと見る
        </Button>
      )}
    </section>
  );
}

type CommentData = {
  _id: Id<"comments">;
  content: string;
  createdAt: number;
  isMine: boolean;
  canDelete: boolean;
  moderation: { state: "hidden" | "pending" | "held"; reason: string } | null;
  author: { _id: string | null; handle: string | null; displayName: string; photoUrl: string | null };
};

/** How dialogs name a comment: its first words. */
const commentLabel = (content: string) => {
  const oneLine = content.replace(/\s+/g, " ").trim();
  return Array.from(oneLine).length > 40 ? `${Array.from(oneLine).slice(0, 40).join("")}…` : oneLine;
};

function CommentItem({ comment, now }: { comment: CommentData; now: number }) {
  const toast = useToast();
  const removeComment = useMutation(api.comments.remove);
  const [confirming, setConfirming] = useState(false);
  const profileId = comment.author.handle ?? comment.author._id;

  return (
    <li className="flex gap-3 py-4">
      <AuthorAvatarLink author={comment.author} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          {profileId ? (
            <Link to={paths.profile(profileId)} className="text-sm font-semibold text-zinc-900 hover:underline">
              {comment.author.displayName}
            </Link>
          ) : (
            <span className="text-sm font-semibold text-zinc-900">{comment.author.displayName}</span>
          )}
          <time
            dateTime={new Date(comment.createdAt).toISOString()}
            title={formatDate(comment.createdAt)}
            className="text-xs text-zinc-500"
          >
            {formatRelativeTime(comment.createdAt, now)}
          </time>
        </div>
        <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-zinc-700">{comment.content}</p>
        {comment.moderation && <CommentModerationNote moderation={comment.moderation} isMine={comment.isMine} />}
      </div>
      <ContentMenu size="sm" target={{ type: "comment", id: comment._id, label: commentLabel(comment.content) }} isOwn={comment.isMine} />
      {comment.canDelete && (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label="コメントを削除"
            onClick={() => setConfirming(true)}
            className="size-8 text-zinc-500 hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 aria-hidden />
          </Button>
          <LazyConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="コメントを削除しますか？"
            description={
              comment.isMine
                ? "削除したコメントは元に戻せません。"
                : "あなたの作品へのコメントを削除します。削除したコメントは元に戻せません。"
            }
            confirmLabel="削除する"
            tone="danger"
            onConfirm={async () => {
              try {
                await removeComment({ commentId: comment._id });
                toast.success("コメントを削除しました");
              } catch (error) {
                toast.error("削除に失敗しました", readServerError(error).message);
                throw error;
              }
            }}
          />
        </>
      )}
    </li>
  );
}
