// The grid of work cards the list pages share (フォロー中, ストック, tag and tool pages), its
// loading placeholder with the cards' real proportions (nothing jumps when the works arrive), and
// the もっと見る button of a paginated list.
import type { PaginationStatus } from "convex/react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { CARD_IMAGE_PROPS } from "./card-image";
import { WorkCard, type WorkCardData } from "./work-card";

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function WorkGrid({ works, now, label }: { works: readonly WorkCardData[]; now: number; label: string }) {
  return (
    <ul className={GRID} aria-label={label}>
      {works.map((work, position) => (
        <li key={work._id} className="flex min-w-0 [&>*]:flex-1">
          <WorkCard work={work} now={now} position={position} />
        </li>
      ))}
    </ul>
  );
}

type WorkGridSkeletonProps = {
  count?: number;
  /**
   * Pictures for the first cards that the prerendered page shows before any script has run: each
   * `<img>` names its URL in data-early-src, and the page's inline script sets it as the source
   * (scripts/vite-prerender.ts SHOW_EARLY_PICTURES), only on the address it was rendered for and
   * only for a browser not signed in.
   */
  earlyPictures?: readonly string[];
};

export function WorkGridSkeleton({ count = 6, earlyPictures = [] }: WorkGridSkeletonProps) {
  return (
    <ul className={GRID} aria-busy="true" aria-label="読み込み中">
      {Array.from({ length: count }, (_, n) => (
        <li key={n} className="overflow-hidden rounded-2xl border border-zinc-200 bg-white">
          <div className="relative aspect-[16/10]">
            <Skeleton shape="square" className="size-full" />
            {earlyPictures[n] && (
              <img
                data-early-src={earlyPictures[n]}
                alt=""
                width={CARD_IMAGE_PROPS.width}
                height={CARD_IMAGE_PROPS.height}
                fetchPriority={n === 0 ? "high" : "auto"}
                className="absolute inset-0 size-full object-cover"
              />
            )}
          </div>
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** もっと見る while a paginated list has more (and while the next page loads). */
export function LoadMoreButton({ status, onLoadMore }: { status: PaginationStatus; onLoadMore: () => void }) {
  if (status !== "CanLoadMore" && status !== "LoadingMore") return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" size="lg" loading={status === "LoadingMore"} onClick={onLoadMore} className="min-w-48">
        もっと見る
      </Button>
    </div>
  );
}
