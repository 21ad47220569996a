import { usePaginatedQuery } from "convex/react";
import { Users } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMoreButton, WorkGrid, WorkGridSkeleton } from "@/components/works/work-grid";
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
        <WorkGridSkeleton count={3} />
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
          <WorkGrid works={results} now={now} label="フォロー中のクリエイターの作品" />
          <LoadMoreButton status={status} onLoadMore={() => loadMore(FEED_PAGE_SIZE)} />
          {/* Following only a few so far: more people to follow below their works. */}
          {status === "Exhausted" && results.length < FEW_WORKS && <SuggestedCreators />}
        </div>
      )}
    </PageContainer>
  );
}
