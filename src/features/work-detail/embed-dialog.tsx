import { useId } from "react";
import { Check, Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { EMBED_HEIGHT, EMBED_WIDTH, embedCode, embedPath } from "../../../convex/model/embedLinks";
import { useCopied } from "@/lib/use-copied";

/**
 * 埋め込みコード: the <iframe> that shows this work as a card on note, Zenn or a blog, with a live
 * preview of that card and a copy button (EmbedButton loads it when first pressed).
 */
export function EmbedDialog({
  site,
  projectId,
  title,
  open,
  onOpenChange,
}: {
  site: string;
  projectId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const codeId = useId();
  const { copied, copy } = useCopied("コードをコピーできませんでした");
  const code = embedCode(site, projectId, title);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="埋め込みコード" description="ブログやnote、Zennに貼り付けると、この作品のカードが表示されます。">
        <div className="flex flex-col gap-4">
          <iframe
            src={site + embedPath(projectId)}
            title={`${title}の埋め込みカードのプレビュー`}
            width="100%"
            height={EMBED_HEIGHT}
            loading="lazy"
            className="mx-auto block rounded-2xl border-0"
            style={{ maxWidth: EMBED_WIDTH }}
          />
          <label htmlFor={codeId} className="text-sm font-semibold text-zinc-900">
            コード
          </label>
          <textarea
            id={codeId}
            readOnly
            value={code}
            rows={4}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none rounded-xl border border-zinc-300 bg-zinc-50 p-3 font-mono text-xs break-all text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <Button onClick={() => void copy(code)} aria-live="polite" className="self-end">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? "コピー済み" : "コードをコピー"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
