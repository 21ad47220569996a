import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** docs/product.md "Settings": deletion needs this exact phrase, case and spaces included. */
export const DELETE_PHRASE = "DELETE MY ACCOUNT";

type DeleteAccountDialogProps = {
  /** Deletes, signs out and leaves; rejects to keep the dialog open (the caller reports why). */
  onDelete: (confirmation: string) => Promise<void>;
};

export function DeleteAccountDialog({ onDelete }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [phrase, setPhrase] = useState("");
  const [busy, setBusy] = useState(false);
  const matches = phrase === DELETE_PHRASE;

  const changeOpen = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) setPhrase("");
  };

  const submit = async () => {
    if (!matches) return;
    setBusy(true);
    try {
      await onDelete(phrase);
    } catch {
      // Reported by the caller; the dialog stays so the person can try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="danger" className="w-full sm:w-auto">
          <Trash2 aria-hidden />
          アカウントを削除
        </Button>
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        title="アカウントを削除しますか？"
        description="プロフィール、作品とその画像、コメント、いいね、通知、バッジ、チャレンジへの提出と投票がすべて削除されます。この操作は取り消せません。"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormField
            label={
              <span>
                確認のため <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-red-700">{DELETE_PHRASE}</code>{" "}
                と入力してください
              </span>
            }
          >
            {(control) => (
              <Input
                {...control}
                value={phrase}
                onChange={(event) => setPhrase(event.target.value)}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                className="font-mono"
                disabled={busy}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                キャンセル
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={!matches} loading={busy}>
              アカウントを削除する
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
