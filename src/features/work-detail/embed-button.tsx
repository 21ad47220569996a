import { useId } from "react";
import { Check, Code2, Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { convexSiteUrl } from "@/lib/share-link";
import { EMBED_HEIGHT, EMBED_WIDTH, embedCode, embedPath } from "../../../convex/model/embedLinks";
import { useCopied } from "./use-copied";

/**
 * 埋め込みコード: the <iframe> that shows this work as a card on note, Zenn or a blog, with a live
 * preview of that card and a copy button. Hidden where the deployment's HTTP-action site (which
 * serves the card) is unknown.
 */
export function EmbedButton({ projectId, title }: { projectId: string; title: string }) {
  const site = convexSiteUrl();
  const codeId = useId();
  const { copied, copy } = useCopied("コードをコピーできませんでした");
  if (!site) return null;
  const code = embedCode(site, projectId, title);

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Code2 aria-hidden />
          埋め込み
        </Button>
      </DialogTrigger>
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
