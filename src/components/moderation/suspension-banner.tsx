import { Ban } from "lucide-react";
import { suspensionUntilText } from "@/lib/moderation";
import { useViewer } from "@/lib/use-viewer";

/** A slim bar under the header while the signed-in account is suspended. */
export function SuspensionBanner() {
  const { viewer } = useViewer();
  const suspension = viewer?.suspension;
  if (!suspension) return null;
  const until = suspension.until === null ? "無期限" : suspensionUntilText(suspension.until);
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2.5 text-xs leading-relaxed sm:px-6 sm:text-sm">
        <Ban aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>アカウントが停止されています（{until}）。閲覧はできますが、投稿・コメント・いいねなどはできません。</span>
      </p>
    </div>
  );
}
