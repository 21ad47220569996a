import { usePaginatedQuery } from "convex/react";
import { Inbox, ShieldCheck } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useNow } from "@/lib/use-now";
import type { Viewer } from "@/lib/use-viewer";
import { AdminNav } from "./admin-nav";
import { CaseCard } from "./case-card";
import { CaseDetailPanel } from "./case-detail";
import { ModeratorOnly } from "./moderator-only";
import { StaffSection } from "./staff-section";

const QUEUE_PAGE = 20;

/** /admin: the moderation desk (moderators only). */
export function AdminPage() {
  return (
    <>
      <PageTitle title="モデレーション" />
      <ModeratorOnly>{(viewer) => <Desk viewer={viewer} />}</ModeratorOnly>
    </>
  );
}

function Desk({ viewer }: { viewer: Viewer }) {
  return (
    <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-zinc-900 sm:text-3xl">
            <ShieldCheck aria-hidden className="size-7 text-brand-600" />
            モデレーション
          </h1>
          <p className="mt-2 text-sm text-zinc-600">通報の多いもの、古いものから順に並んでいます。</p>
        </div>
        <AdminNav current="queue" />
      </header>
      <QueryErrorBoundary resetKey="queue" fallback={(message) => <ErrorState message={message} />}>
        <Queue />
      </QueryErrorBoundary>
      {viewer.role === "admin" && (
        <QueryErrorBoundary resetKey="staff" fallback={(message) => <ErrorState message={message} />}>
          <StaffSection viewerId={viewer._id} />
        </QueryErrorBoundary>
      )}
    </PageContainer>
  );
}

function Queue() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get("case") as Id<"reportCases"> | null;
  const { results, status, loadMore } = usePaginatedQuery(api.moderation.queue, {}, { initialNumItems: QUEUE_PAGE });
  const now = useNow();
  const select = (caseId: string | null) =>
    setSearchParams(caseId ? { case: caseId } : {}, { replace: caseId !== null && selected !== null });

  if (status === "LoadingFirstPage") {
    return (
      <div role="status" aria-label="読み込み中" className="grid gap-3 lg:w-96">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (results.length === 0 && !selected) {
    return (
      <EmptyState icon={<Inbox aria-hidden />} title="未対応の通報はありません" description="新しい通報が届くと、ここに表示されます。" />
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <section aria-labelledby="queue-heading" className={cn("flex flex-col gap-3", selected && "max-lg:hidden")}>
        <h2 id="queue-heading" className="text-sm font-bold text-zinc-700">
          未対応のケース
        </h2>
        {results.length === 0 ? (
          <p className="text-sm text-zinc-500">未対応の通報はありません。</p>
        ) : (
          <ul className="flex flex-col gap-2.5">
            {results.map((item) => (
              <li key={item.caseId}>
                <CaseCard item={item} now={now} selected={item.caseId === selected} onSelect={() => select(item.caseId)} />
              </li>
            ))}
          </ul>
        )}
        {(status === "CanLoadMore" || status === "LoadingMore") && (
          <Button variant="ghost" className="self-center" loading={status === "LoadingMore"} onClick={() => loadMore(QUEUE_PAGE)}>
            もっと見る
          </Button>
        )}
      </section>
      <div className={cn(!selected && "max-lg:hidden")}>
        {selected ? (
          <QueryErrorBoundary resetKey={selected} fallback={(message) => <ErrorState message={message} />}>
            <CaseDetailPanel key={selected} caseId={selected} onBack={() => select(null)} onResolved={() => select(null)} />
          </QueryErrorBoundary>
        ) : (
          <p className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-16 text-center text-sm text-zinc-500">
            ケースを選ぶと、通報の内容と投稿者の履歴がここに表示されます。
          </p>
        )}
      </div>
    </div>
  );
}
