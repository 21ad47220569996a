import { useId, useState, type FormEvent, type RefObject } from "react";
import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/use-toast";
import { readServerError } from "@/lib/convex-error";
import {
  MODERATION_NOTE_MAX,
  SUSPENSION_PERIODS,
  TARGET_TYPE_LABELS,
  type ModerationActKind,
  type ModerationTarget,
} from "@/lib/moderation";
import { focusOnClose } from "./focus";

type ActionCopy = { title: (noun: string) => string; description: string; confirm: string; done: string; danger: boolean };

/** What each action's dialog says. Suspension acts on a user, or on the author of the content. */
export const MODERATION_ACTION_COPY: Record<ModerationActKind, ActionCopy> = {
  dismiss: {
    title: () => "通報を却下する",
    description: "問題なしとして、この対象への未対応の通報をすべて閉じます。投稿者への通知はありません。",
    confirm: "却下する",
    done: "通報を却下しました",
    danger: false,
  },
  hide: {
    title: (noun) => `${noun}を非表示にする`,
    description: "投稿者とモデレーター以外には表示されなくなります。いいねやコメントは残り、あとで戻せます。投稿者に通知されます。",
    confirm: "非表示にする",
    done: "非表示にしました",
    danger: true,
  },
  restore: {
    title: (noun) => `${noun}の表示を戻す`,
    description: "ふたたび誰でも見られるようになります。投稿者に通知されます。",
    confirm: "表示を戻す",
    done: "表示を戻しました",
    danger: false,
  },
  delete: {
    title: (noun) => `${noun}を削除する`,
    description: "完全に削除します。この操作は取り消せません。投稿者に通知されます。",
    confirm: "削除する",
    done: "削除しました",
    danger: true,
  },
  suspend: {
    title: (noun) => (noun === "ユーザー" ? "このユーザーを停止する" : "投稿者を停止する"),
    description: "停止中も閲覧はできますが、投稿・コメント・いいね・フォロー・通報などはできなくなります。本人に通知されます。",
    confirm: "停止する",
    done: "アカウントを停止しました",
    danger: true,
  },
  unsuspend: {
    title: () => "停止を解除する",
    description: "すぐにふだんどおり投稿やコメントができるようになります。",
    confirm: "停止を解除する",
    done: "停止を解除しました",
    danger: false,
  },
};

export const MODERATION_NOTE_REQUIRED = "理由を入力してください";

type ModerationActionDialogProps = {
  /** The action to confirm; null keeps the dialog closed. */
  kind: ModerationActKind | null;
  target: ModerationTarget;
  onClose: () => void;
  /** After the server accepted the action (the desk moves to the next case). */
  onDone?: (kind: ModerationActKind) => void;
  /** Where focus goes when the dialog closes (the menu button it was opened from). */
  finalFocus?: RefObject<HTMLElement | null>;
};

/**
 * Confirms one moderation action with a short note (required: it is the audit log's "why").
 * The confirm button stays disabled until the note has text.
 */
export function ModerationActionDialog({ kind, target, onClose, onDone, finalFocus }: ModerationActionDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      {kind && <ActionForm key={kind} kind={kind} target={target} onClose={onClose} onDone={onDone} finalFocus={finalFocus} />}
    </Dialog>
  );
}

function ActionForm({
  kind,
  target,
  onClose,
  onDone,
  finalFocus,
}: Omit<ModerationActionDialogProps, "kind"> & { kind: ModerationActKind }) {
  const act = useMutation(api.moderation.act);
  const toast = useToast();
  const [note, setNote] = useState("");
  const [period, setPeriod] = useState<string>("7");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const hintId = useId();
  const periodId = useId();
  const copy = MODERATION_ACTION_COPY[kind];
  const noun = TARGET_TYPE_LABELS[target.type];
  const trimmed = note.trim();
  const tooLong = Array.from(note).length > MODERATION_NOTE_MAX;
  const ready = trimmed !== "" && !tooLong;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await act({
        targetType: target.type,
        targetId: target.id,
        kind,
        note: trimmed,
        ...(kind === "suspend" && period !== "forever" ? { days: Number(period) } : {}),
      });
    } catch (failure) {
      setError(readServerError(failure, "操作に失敗しました").message);
      setBusy(false);
      return;
    }
    toast.success(copy.done);
    onDone?.(kind);
    onClose();
  };

  return (
    <DialogContent
      onCloseAutoFocus={focusOnClose(finalFocus)}
      title={copy.title(noun)}
      description={
        <>
          <span className="font-semibold break-all text-zinc-800">
            {noun}「{target.label}」
          </span>
          <br />
          {copy.description}
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {kind === "suspend" && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={periodId}>停止期間</Label>
            <Select id={periodId} options={SUSPENSION_PERIODS} value={period} onValueChange={setPeriod} className="sm:w-48" />
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={noteId} required>
            理由のメモ
          </Label>
          <Textarea
            id={noteId}
            rows={3}
            maxCount={MODERATION_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="例: スパムの宣伝リンクのみの投稿"
            aria-describedby={hintId}
            required
          />
          <p id={hintId} className="text-xs text-zinc-500">
            監査ログに記録されます。非表示や停止の理由として、本人にも表示されます。
          </p>
        </div>
        {error && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <DialogFooter className="not-first:mt-1">
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              キャンセル
            </Button>
          </DialogClose>
          <Button type="submit" variant={copy.danger ? "danger" : "primary"} disabled={!ready} loading={busy}>
            {copy.confirm}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
