import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { useLeaveGuard, type LeaveCheck } from "@/lib/leave-guard";

export const LEAVE_GUARD_TITLE = "保存していない変更があります。このページを離れますか？";

/**
 * Asks before the page is left while `when` holds (links, the browser's Back and Forward, a
 * reload or a closed tab). `shouldBlock` lets chosen navigations through.
 */
export function LeaveGuard({ when, shouldBlock, description }: { when: boolean; shouldBlock?: LeaveCheck; description?: string }) {
  const { holding, proceed, stay } = useLeaveGuard(when, shouldBlock);
  return (
    <LazyConfirmDialog
      open={holding}
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      title={LEAVE_GUARD_TITLE}
      description={description ?? "離れると、保存していない変更は失われます。"}
      confirmLabel="離れる"
      cancelLabel="このページに留まる"
      tone="danger"
      onConfirm={proceed}
    />
  );
}
