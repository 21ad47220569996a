import { usePaginatedQuery, useQuery, type PaginationStatus } from "convex/react";
import { Bookmark, Lock } from "lucide-react";
import { useState } from "react";
import { api } from "../../../convex/_generated/api";
import { SignInButton } from "@/components/auth/sign-in-button";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingState } from "@/components/ui/spinner";
import type { WorkCardData } from "@/components/works/work-card";
import { LoadMoreButton, WorkGrid, WorkGridSkeleton } from "@/components/works/work-grid";
import { paths } from "@/config/paths";
import { useLocalSaves } from "@/lib/local-saves";
import { useNow } from "@/lib/use-now";
import { useViewer } from "@/lib/use-viewer";

const PAGE_SIZE = 20;

/**
 * /saved: the works I saved (ストック), newest saved first. Signed in: the account's list, private.
 * A visitor sees what they saved in this browser, with a note that signing in moves it into an
 * account (the work page let them save without signing in, so hiding those works behind a login
 * wall would look as if they were lost).
 */
export function SavedPage() {
  const { status } = useViewer();
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title="ストック" />
      <div>
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">ストック</h1>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-zinc-600 sm:text-base">
          <Lock aria-hidden className="size-4 shrink-0 text-zinc-500" />
          ストックした作品は自分だけが見られます。新しくストックした順に並びます。
        </p>
      </div>
      <QueryErrorBoundary>
        {status === "loading" ? <LoadingState className="min-h-[30vh]" /> : status === "signedIn" ? <AccountSaves /> : <BrowserSaves />}
      </QueryErrorBoundary>
    </PageContainer>
  );
}

function AccountSaves() {
  const { results, status, loadMore } = usePaginatedQuery(api.saves.list, {}, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return <WorkGridSkeleton count={3} />;
  return <SavedWorks works={results} status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />;
}

function BrowserSaves() {
  const local = useLocalSaves();
  const [shown, setShown] = useState(PAGE_SIZE);
  // The local list is oldest first; the page shows the newest first.
  const newestFirst = [...local].reverse();
  const ids = newestFirst.slice(0, shown);
  const cards = useQuery(api.saves.localCards, ids.length > 0 ? { projectIds: ids } : "skip");
  // Keep the shorter list while the longer one loads, instead of flashing a skeleton.
  const [last, setLast] = useState(cards);
  if (cards !== undefined && cards !== last) setLast(cards);
  const current = ids.length === 0 ? [] : (cards ?? last);
  return (
    <div className="flex flex-col gap-6">
      <SignInNote count={local.length} />
      {current === undefined ? (
        <WorkGridSkeleton count={3} />
      ) : (
        <SavedWorks
          works={current}
          status={cards === undefined ? "LoadingMore" : newestFirst.length > shown ? "CanLoadMore" : "Exhausted"}
          onLoadMore={() => setShown(shown + PAGE_SIZE)}
        />
      )}
    </div>
  );
}

function SignInNote({ count }: { count: number }) {
  return (
    <section
      aria-labelledby="saved-sign-in"
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50/60 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div>
        <h2 id="saved-sign-in" className="font-bold text-zinc-900">
          {count > 0 ? "このブラウザに保存されたストックです" : "ログインすると、どの端末でもストックを見られます"}
        </h2>
        <p className="mt-1 text-sm text-zinc-700">
          ログインすると、このブラウザでストックした作品がアカウントに移り、スマホやほかのパソコンからも見られます。
        </p>
      </div>
      <SignInButton size="md" className="shrink-0 self-start sm:self-center" />
    </section>
  );
}

type SavedWorksProps = { works: WorkCardData[]; status: PaginationStatus; onLoadMore: () => void };

function SavedWorks({ works, status, onLoadMore }: SavedWorksProps) {
  const now = useNow();
  if (works.length === 0) {
    return (
      <EmptyState
        icon={<Bookmark aria-hidden />}
        title="まだストックした作品はありません"
        description="気になる作品のページで「ストック」を押すと、ここにあとで見返せるように並びます。"
        action={
          <ButtonLink to={paths.projects()} variant="outline">
            作品を探す
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <WorkGrid works={works} now={now} label="ストックした作品" />
      <LoadMoreButton status={status} onLoadMore={onLoadMore} />
    </div>
  );
}
