import { useMutation } from "convex/react";
import { FilePen, ImageOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Button, ButtonLink } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { formatRelativeTime } from "@/lib/i18n/format";
import { useNow } from "@/lib/use-now";

export const UNTITLED_DRAFT = "無題の下書き";

export type DraftSummary = {
  _id: Id<"drafts">;
  title: string;
  updatedAt: number;
  screenshotCount: number;
  thumbnailUrl: string | null;
};

/** Deletes a draft after confirming; toasts the outcome. */
export function useDiscardDraft() {
  const discard = useMutation(api.drafts.discard);
  const toast = useToast();
  return async (id: string) => {
    try {
      await discard({ id });
      toast.success("下書きを削除しました");
    } catch (error) {
      toast.error("下書きの削除に失敗しました", readServerError(error).message);
      throw error;
    }
  };
}

/** The creator's drafts, each with 続きを書く and 削除 (shown only to them). */
export function DraftList({ drafts }: { drafts: readonly DraftSummary[] }) {
  const now = useNow();
  const discard = useDiscardDraft();
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  return (
    <>
      <ul className="flex flex-col divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white">
        {drafts.map((draft) => (
          <li key={draft._id} className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
            <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-zinc-100 text-zinc-400">
              {draft.thumbnailUrl ? (
                <img src={draft.thumbnailUrl} alt="" className="size-full object-cover" loading="lazy" />
              ) : (
                <ImageOff aria-hidden className="size-5" />
              )}
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-zinc-900">{draft.title || UNTITLED_DRAFT}</p>
              <p className="text-xs text-zinc-500">最終更新: {formatRelativeTime(draft.updatedAt, now)}</p>
            </div>
            <ButtonLink to={paths.submit({ draft: draft._id })} variant="outline" size="sm">
              <FilePen aria-hidden />
              続きを書く
            </ButtonLink>
            <Button variant="ghost" size="sm" aria-label={`${draft.title || UNTITLED_DRAFT}を削除`} onClick={() => setDeleting(draft)}>
              <Trash2 aria-hidden />
              削除
            </Button>
          </li>
        ))}
      </ul>
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="下書きを削除しますか？"
        description="下書きとアップロードした画像は削除され、元に戻せません。"
        confirmLabel="削除する"
        tone="danger"
        onConfirm={() => discard(deleting!._id)}
      />
    </>
  );
}
