import { usePaginatedQuery, useQuery } from "convex/react";
import { Bookmark, Lock } from "lucide-react";
import { useState } from "react";
import { api } from "../../../convex/_generated/api";
import { SignInButton } from "@/components/auth/sign-in-button";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadingState } from "@/components/ui/spinner";
import { WorkCard, type WorkCardData } from "@/components/works/work-card";
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
        {status === "loading" ? (
          <LoadingState className="min-h-[30vh]" />
        ) : status === "signedIn" ? (
          <AccountSaves />
        ) : (
          <BrowserSaves />
        )}
      </QueryErrorBoundary>
    </PageContainer>
  );
}

function AccountSaves() {
  const { results, status, loadMore } = usePaginatedQuery(api.saves.list, {}, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return <GridSkeleton />;
  return (
    <SavedWorks
      works={results}
      canLoadMore={status === "CanLoadMore" || status === "LoadingMore"}
      loadingMore={status === "LoadingMore"}
      onLoadMore={() => loadMore(PAGE_SIZE)}
    />
  );
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
        <GridSkeleton />
      ) : (
        <SavedWorks
          works={current}
          canLoadMore={newestFirst.length > shown}
          loadingMore={cards === undefined}
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

type SavedWorksProps = {
  works: WorkCardData[];
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

function SavedWorks({ works, canLoadMore, loadingMore, onLoadMore }: SavedWorksProps) {
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
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="ストックした作品">
        {works.map((work) => (
          <li key={work._id} className="flex min-w-0 [&>*]:flex-1">
            <WorkCard work={work} now={now} />
          </li>
        ))}
      </ul>
      {canLoadMore && (
        <Button variant="outline" size="lg" className="min-w-48 self-center" loading={loadingMore} onClick={onLoadMore}>
          もっと見る
        </Button>
      )}
    </div>
  );
}

function GridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="読み込み中">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="aspect-[4/5] rounded-2xl" />
      ))}
    </div>
  );
}
