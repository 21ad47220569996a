import { FilePen, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { UNTITLED_DRAFT, useDiscardDraft, type DraftSummary } from "@/components/drafts/draft-list";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { formatRelativeTime } from "@/lib/i18n/format";
import { useNow } from "@/lib/use-now";
import { useViewer } from "@/lib/use-viewer";

type DraftPromptProps = {
  /** The person's drafts, newest first (never empty). */
  drafts: readonly DraftSummary[];
  onResume: (id: string) => void;
  onBlank: () => void;
};

/** /submit with drafts: resume the newest (下書きを再開), delete it (破棄), or start blank. */
export function DraftPrompt({ drafts, onResume, onBlank }: DraftPromptProps) {
  const newest = drafts[0]!;
  const now = useNow();
  const { viewer } = useViewer();
  const discard = useDiscardDraft();
  const [confirming, setConfirming] = useState(false);
  const others = drafts.length - 1;
  const title = newest.title || UNTITLED_DRAFT;

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-8">
      <div>
        <h2 className="text-xl font-bold text-zinc-900">書きかけの下書きがあります</h2>
        <p className="mt-1 text-sm text-zinc-600">続きから書くか、破棄して新しく書き始めるかを選んでください。</p>
      </div>
      <div className="rounded-xl border border-zinc-200 bg-zinc-50 p-4">
        <p className="font-semibold break-words text-zinc-900">{title}</p>
        <p className="mt-1 text-xs text-zinc-500">
          最終更新: {formatRelativeTime(newest.updatedAt, now)}・画像{newest.screenshotCount}枚
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => onResume(newest._id)}>
          <FilePen aria-hidden />
          下書きを再開
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          破棄
        </Button>
        <Button variant="ghost" onClick={onBlank}>
          <Plus aria-hidden />
          新しく書き始める
        </Button>
      </div>
      {viewer && (
        <p className="text-sm text-zinc-600">
          {others > 0 ? `ほかに${others}件の下書きがあります。` : ""}
          <Link to={`${paths.profile(viewer.handle ?? viewer._id)}?tab=drafts`} className="font-semibold text-brand-700 hover:underline">
            下書き一覧を見る
          </Link>
        </p>
      )}
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="下書きを破棄しますか？"
        description={`「${title}」とアップロードした画像は削除され、元に戻せません。`}
        confirmLabel="破棄する"
        tone="danger"
        onConfirm={async () => {
          await discard(newest._id);
          onBlank();
        }}
      />
    </Card>
  );
}
