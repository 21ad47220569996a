import { lazy, Suspense, useState } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog";

const ConfirmDialog = lazy(() => import("./confirm-dialog").then((m) => ({ default: m.ConfirmDialog })));

/**
 * ConfirmDialog, downloaded the first time it opens: most visits to a page with a 削除 button
 * never press it, and the dialog's code (Radix Dialog, focus trap, scroll lock) is most of the
 * page's script.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  // Stays mounted once opened, so closing animates and reopening is instant.
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
