import { useQuery } from "convex/react";
import { FilePen } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { DraftList } from "@/components/drafts/draft-list";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";

/** The owner's drafts (the server returns only the caller's own). */
export function ProfileDrafts() {
  const drafts = useQuery(api.drafts.mine, {});
  if (drafts === undefined) return <LoadingState label="下書きを読み込んでいます…" className="py-12" />;
  if (drafts.length === 0) {
    return (
      <EmptyState
        icon={<FilePen aria-hidden />}
        title="下書きはありません"
        description="作品の投稿中に入力した内容は、下書きとして自動で保存されます。"
        action={<ButtonLink to={paths.submit()}>作品を投稿する</ButtonLink>}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-600">下書きはあなただけに表示されています。</p>
      <DraftList drafts={drafts} />
    </div>
  );
}
