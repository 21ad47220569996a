import { lazy, Suspense, useState } from "react";
import { Code2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { convexSiteUrl } from "@/lib/share-link";
import { useOpenedOnce } from "@/lib/use-opened-once";

// The dialog (Radix Dialog with its focus trap and scroll lock) downloads when first wanted.
const loadDialog = () => import("./embed-dialog");
const EmbedDialog = lazy(() => loadDialog().then((m) => ({ default: m.EmbedDialog })));
const preload = () => void loadDialog().catch(() => {});

/**
 * 埋め込み: opens the work's 埋め込みコード. Hidden where the deployment's HTTP-action site (which
 * serves the card) is unknown.
 */
export function EmbedButton({ projectId, title }: { projectId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const site = convexSiteUrl();
  if (!site) return null;
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        <Code2 aria-hidden />
        埋め込み
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <EmbedDialog site={site} projectId={projectId} title={title} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
