import { lazy, Suspense } from "react";
import { useOpenedOnce } from "@/lib/use-opened-once";
import type { ConfirmDialogProps } from "./confirm-dialog";

const ConfirmDialog = lazy(() => import("./confirm-dialog").then((m) => ({ default: m.ConfirmDialog })));

/**
 * ConfirmDialog, downloaded the first time it opens: most visits to a page with a 削除 button
 * never press it, and the dialog's code (Radix Dialog, focus trap, scroll lock) is most of the
 * page's script.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
