import { ArrowRight } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkCard, type WorkCardData } from "@/components/works/work-card";
import { paths } from "@/config/paths";
import { useNow } from "@/lib/use-now";

/** The three most-liked works; live, so a like elsewhere reorders them. */
export function TopWorksSection({ works }: { works: WorkCardData[] | undefined }) {
  const now = useNow();
  return (
    <section aria-labelledby="top-works-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-brand-700">人気の作品</p>
          <h2 id="top-works-heading" className="mt-1 text-xl font-bold text-zinc-900 sm:text-2xl">
            いいねが多い作品トップ3
          </h2>
        </div>
        <ButtonLink to={paths.projects()} variant="ghost" size="sm">
          すべての作品を見る
          <ArrowRight aria-hidden />
        </ButtonLink>
      </div>
      <div className="mt-6">
        {works === undefined ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="読み込み中">
            {[0, 1, 2].map((n) => (
              <li key={n}>
                <Skeleton shape="square" className="aspect-[16/10] rounded-2xl" />
              </li>
            ))}
          </ul>
        ) : works.length === 0 ? (
          <EmptyState title="まだ作品がありません" description="最初の作品を投稿してみませんか？" />
        ) : (
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {works.map((work) => (
              <li key={work._id} className="flex">
                <WorkCard work={work} now={now} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
