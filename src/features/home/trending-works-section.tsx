import { ArrowRight } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkCard, type WorkCardData } from "@/components/works/work-card";
import { paths } from "@/config/paths";
import { useNow } from "@/lib/use-now";

/**
 * 急上昇の作品: the six works with the most recent engagement (trend score), beside the all-time
 * top 3. Six placeholders hold the space while they load, so the page below does not jump.
 */
export function TrendingWorksSection({ works }: { works: WorkCardData[] | undefined }) {
  const now = useNow();
  return (
    <section aria-labelledby="trending-works-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-brand-700">急上昇</p>
          <h2 id="trending-works-heading" className="mt-1 text-xl font-bold text-zinc-900 sm:text-2xl">
            いま注目されている作品
          </h2>
        </div>
        <div className="flex flex-wrap gap-1">
          <ButtonLink to={paths.ranking()} variant="ghost" size="sm">
            ランキング
            <ArrowRight aria-hidden />
          </ButtonLink>
          <ButtonLink to={`${paths.projects()}?sort=trending`} variant="ghost" size="sm">
            急上昇の作品をもっと見る
            <ArrowRight aria-hidden />
          </ButtonLink>
        </div>
      </div>
      <div className="mt-6">
        {works === undefined ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="読み込み中">
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <li key={n} className={n >= 2 ? "max-sm:hidden" : undefined}>
                <Skeleton shape="square" className="aspect-[16/10] rounded-2xl" />
              </li>
            ))}
          </ul>
        ) : works.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600">
            ここ2週間に反応のあった作品はまだありません。気になる作品にいいねやコメントをしてみましょう。
          </p>
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
