import { Check, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/use-toast";
import { useCopied } from "@/lib/use-copied";

/**
 * 共有: the system share sheet where the browser has one, otherwise the link is copied and the
 * button reads 'コピー済み' for 2 seconds. The link is a share URL (src/lib/share-link.ts: a card
 * on X, LINE or Slack, then the page), not the SPA page itself.
 */
export function ShareButton({ url, title, className }: { url: string; title: string; className?: string }) {
  const toast = useToast();
  const { copied, copy } = useCopied("リンクをコピーできませんでした");

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the share sheet is not a failure.
        if (!(error instanceof DOMException && error.name === "AbortError")) toast.error("共有できませんでした");
      }
      return;
    }
    await copy(url);
  };

  return (
    <Button variant="outline" className={className} onClick={() => void share()} aria-live="polite">
      {copied ? <Check aria-hidden className="text-emerald-600" /> : <Share2 aria-hidden />}
      {copied ? "コピー済み" : "共有"}
    </Button>
  );
}
