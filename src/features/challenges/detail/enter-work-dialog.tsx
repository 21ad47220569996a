import { useMutation, useQuery } from "convex/react";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { Button, ButtonLink } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { readServerError } from "@/lib/convex-error";

export const ENTERED_MESSAGE = "チャレンジに作品を提出しました！";

type Props = { challengeId: Id<"challenges">; open: boolean; onOpenChange: (open: boolean) => void };

/** Picks one of the viewer's works and enters it (one entry per person). */
export function EnterWorkDialog({ challengeId, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="提出する作品を選択" description="あなたの作品から1つ選んでください。提出後の変更はできません。">
        {open && <WorkPicker challengeId={challengeId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function WorkPicker({ challengeId, onDone }: { challengeId: Id<"challenges">; onDone: () => void }) {
  const works = useQuery(api.challenges.pickableWorks);
  const enter = useMutation(api.challenges.enter);
  const toast = useToast();
  const [chosen, setChosen] = useState<Id<"projects"> | null>(null);
  const [busy, setBusy] = useState(false);

  if (works === undefined) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (works.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <p className="text-sm text-zinc-600">まだ作品がありません。新しい作品を投稿して参加しましょう。</p>
        <ButtonLink to={paths.submit({ challengeId })}>作品を投稿して参加</ButtonLink>
      </div>
    );
  }

  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await enter({ challengeId, projectId: chosen });
      toast.success(ENTERED_MESSAGE);
      onDone();
    } catch (error) {
      toast.error(readServerError(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div role="radiogroup" aria-label="あなたの作品" className="-mx-1 flex max-h-[50dvh] flex-col gap-1.5 overflow-y-auto px-1 py-1">
        {works.map((work) => {
          const selected = chosen === work._id;
          return (
            <button
              key={work._id}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => setChosen(work._id)}
              className={cn(
                "flex items-center gap-3 rounded-xl border p-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600",
                selected ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-zinc-200 hover:bg-zinc-50",
              )}
            >
              {work.thumbnailUrl ? (
                <img src={work.thumbnailUrl} alt="" className="h-12 w-20 shrink-0 rounded-lg object-cover" />
              ) : (
                <span className="flex h-12 w-20 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-400">
                  <ImageOff aria-hidden className="size-5" />
                </span>
              )}
              <span className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-900">{work.title}</span>
            </button>
          );
        })}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            キャンセル
          </Button>
        </DialogClose>
        <Button disabled={!chosen} loading={busy} onClick={() => void submit()}>
          この作品を提出
        </Button>
      </DialogFooter>
    </>
  );
}
