import { usePaginatedQuery } from "convex/react";
import { Users } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkCard } from "@/components/works/work-card";
import { paths } from "@/config/paths";
import { useNow } from "@/lib/use-now";
import { SuggestedCreators } from "./suggested-creators";

/** Works a page of the feed shows (the server's FEED_PAGE_SIZE). */
export const FEED_PAGE_SIZE = 20;
/** A feed shorter than this also suggests creators to follow. */
const FEW_WORKS = 6;

/** /following (フォロー中): works by the creators I follow, newest first, live. */
export function FollowingPage() {
  return (
    <>
      <PageTitle title="フォロー中" />
      <SignedInOnly reason="フォロー中のクリエイターの作品を見るには">{() => <Feed />}</SignedInOnly>
    </>
  );
}

function Feed() {
  const { results, status, loadMore } = usePaginatedQuery(api.feed.list, {}, { initialNumItems: FEED_PAGE_SIZE });
  const now = useNow();
  return (
    <PageContainer className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">フォロー中</h1>
        <p className="mt-1 text-sm text-zinc-600">フォローしているクリエイターの新しい作品が、ここに届きます。</p>
      </div>
      {status === "LoadingFirstPage" ? (
        <FeedSkeleton />
      ) : results.length === 0 ? (
        <div className="flex flex-col gap-8">
          <EmptyState
            icon={<Users aria-hidden />}
            headingLevel={2}
            title="フォロー中のクリエイターの作品はまだありません"
            description="気になるクリエイターをフォローすると、その人の作品がここに新しい順に並びます。"
            action={
              <ButtonLink to={paths.projects()} variant="outline">
                作品を探す
              </ButtonLink>
            }
          />
          <SuggestedCreators />
        </div>
      ) : (
        <div className="flex flex-col gap-8">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="フォロー中のクリエイターの作品">
            {results.map((work) => (
              <li key={work._id} className="flex [&>*]:flex-1">
                <WorkCard work={work} now={now} />
              </li>
            ))}
          </ul>
          {(status === "CanLoadMore" || status === "LoadingMore") && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                size="lg"
                loading={status === "LoadingMore"}
                onClick={() => loadMore(FEED_PAGE_SIZE)}
                className="min-w-48"
              >
                もっと見る
              </Button>
            </div>
          )}
          {/* Following only a few so far: more people to follow below their works. */}
          {status === "Exhausted" && results.length < FEW_WORKS && <SuggestedCreators />}
        </div>
      )}
    </PageContainer>
  );
}

function FeedSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="読み込み中">
      {[0, 1, 2].map((n) => (
        <li key={n} className="overflow-hidden rounded-2xl border border-zinc-200 bg-white">
          <Skeleton shape="square" className="aspect-[16/10]" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        </li>
      ))}
    </ul>
  );
}
