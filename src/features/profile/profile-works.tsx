import { usePaginatedQuery } from "convex/react";
import { Heart, LayoutGrid } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkCard } from "@/components/works/work-card";
import { paths } from "@/config/paths";
import { useNow } from "@/lib/use-now";

const PAGE_SIZE = 20;

type ProfileWorksProps = { userId: Id<"users">; kind: "works" | "likes"; isOwner: boolean };

/** A creator's works, or the works they liked: newest first, live, もっと見る for the next 20. */
export function ProfileWorks({ userId, kind, isOwner }: ProfileWorksProps) {
  const query = kind === "works" ? api.profiles.works : api.profiles.likedWorks;
  const { results, status, loadMore } = usePaginatedQuery(query, { userId }, { initialNumItems: PAGE_SIZE });
  const now = useNow();
  if (status === "LoadingFirstPage") {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-[4/5] rounded-2xl" />
        ))}
      </div>
    );
  }
  if (results.length === 0) return <NoWorks kind={kind} isOwner={isOwner} />;
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={kind === "works" ? "作品" : "いいねした作品"}>
        {results.map((work, position) => (
          <li key={work._id} className="flex min-w-0">
            <WorkCard work={work} now={now} position={position} />
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="outline" className="self-center" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)}>
          もっと見る
        </Button>
      )}
    </div>
  );
}

function NoWorks({ kind, isOwner }: { kind: "works" | "likes"; isOwner: boolean }) {
  if (kind === "likes") {
    return (
      <EmptyState
        icon={<Heart aria-hidden />}
        title="まだいいねした作品がありません"
        description="気に入った作品にいいねすると、ここに並びます。"
        action={
          <ButtonLink to={paths.projects()} variant="outline">
            作品を探す
          </ButtonLink>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<LayoutGrid aria-hidden />}
      title="まだ作品がありません"
      description={isOwner ? "AIと一緒につくった作品を、最初のひとつとして投稿してみましょう。" : undefined}
      action={isOwner ? <ButtonLink to={paths.submit()}>最初の作品を投稿する</ButtonLink> : undefined}
    />
  );
}
