import { useId } from "react";
import { useQuery } from "convex/react";
import { Heart } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { GENRES, type Genre } from "../../../convex/constants";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Avatar } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Link } from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { WorkCard } from "@/components/works/work-card";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/i18n/format";
import { useNow } from "@/lib/use-now";
import { parseRankingParams, RANKING_WINDOWS, toRankingParams, type RankingParams, type RankingWindow } from "./ranking-params";

const ALL = "all";
const genreOptions = [{ value: ALL, label: "すべて" }, ...GENRES.map((g) => ({ value: g.id, label: g.label }))];

/** /ranking: works by likes gained in a window (今日 / 今週 / 今月 / 全期間), and this week's creators. */
export function RankingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseRankingParams(searchParams);
  const genreId = useId();
  const change = (update: Partial<RankingParams>) => setSearchParams(toRankingParams({ ...params, ...update }), { replace: true });

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title="ランキング" />
      <div>
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">ランキング</h1>
        <p className="mt-2 text-sm text-zinc-600 sm:text-base">期間内にいいねを多く集めた作品とクリエイターです。</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs value={params.window} onValueChange={(value) => change({ window: value as RankingWindow })} className="min-w-0">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <TabsList aria-label="期間">
              {RANKING_WINDOWS.map((w) => (
                <TabsTrigger key={w.id} value={w.id}>
                  {w.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <div className="flex items-center gap-2">
              <Label htmlFor={genreId} className="shrink-0">
                ジャンル
              </Label>
              <Select
                id={genreId}
                className="w-40"
                options={genreOptions}
                value={params.genre ?? ALL}
                onValueChange={(value) => change({ genre: value === ALL ? undefined : (value as Genre) })}
              />
            </div>
          </div>
          {RANKING_WINDOWS.map((w) => (
            <TabsContent key={w.id} value={w.id} className="mt-5">
              <p className="mb-4 text-sm text-zinc-600">{w.caption}（上位50件）</p>
              <QueryErrorBoundary resetKey={`${w.id}-${params.genre ?? ""}`}>
                <WorkRanking window={w.id} genre={params.genre} />
              </QueryErrorBoundary>
            </TabsContent>
          ))}
        </Tabs>
        <aside aria-labelledby="creator-ranking-heading" className="min-w-0">
          <h2 id="creator-ranking-heading" className="text-lg font-bold text-zinc-900">
            今週のクリエイター
          </h2>
          <p className="mt-1 text-sm text-zinc-600">直近7日間に受け取ったいいね</p>
          <QueryErrorBoundary resetKey="creators">
            <CreatorRanking />
          </QueryErrorBoundary>
        </aside>
      </div>
    </PageContainer>
  );
}

/** 1位–3位 stand out; the rest are plain numbers. */
function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        "inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-sm font-bold tabular-nums",
        rank === 1
          ? "bg-amber-400 text-amber-950"
          : rank === 2
            ? "bg-zinc-300 text-zinc-900"
            : rank === 3
              ? "bg-orange-300 text-orange-950"
              : "bg-zinc-100 text-zinc-700",
      )}
    >
      {rank}位
    </span>
  );
}

function WorkRanking({ window, genre }: { window: RankingWindow; genre: Genre | undefined }) {
  const now = useNow();
  const entries = useQuery(api.trending.works, { window, ...(genre ? { genre } : {}) });
  if (entries === undefined) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="読み込み中">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <li key={n} className="flex flex-col gap-2">
            <Skeleton className="h-7 w-32" />
            <Skeleton shape="square" className="aspect-[16/10] rounded-2xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (entries.length === 0) {
    return <EmptyState title="この期間にいいねされた作品はまだありません" description="作品を見て、気に入ったらいいねしてみましょう。" />;
  }
  return (
    <ol className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="作品ランキング">
      {entries.map((entry) => (
        <li key={entry.work._id} className="flex flex-col gap-2" aria-label={`${entry.rank}位 ${entry.work.title}`}>
          <div className="flex items-center gap-2 text-sm text-zinc-700">
            <RankBadge rank={entry.rank} />
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden className="size-4 text-rose-500" />
              {window === "all" ? "" : "+"}
              {formatNumber(entry.likes)}
              <span className="sr-only">いいね</span>
            </span>
          </div>
          <div className="flex flex-1">
            <WorkCard work={entry.work} now={now} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function CreatorRanking() {
  const creators = useQuery(api.trending.creators, {});
  if (creators === undefined) {
    return (
      <ul className="mt-4 flex flex-col gap-2" aria-busy="true" aria-label="読み込み中">
        {[0, 1, 2, 3, 4].map((n) => (
          <li key={n}>
            <Skeleton className="h-12" />
          </li>
        ))}
      </ul>
    );
  }
  if (creators.length === 0) {
    return <p className="mt-4 text-sm text-zinc-600">今週いいねを受け取ったクリエイターはまだいません。</p>;
  }
  return (
    <Card className="mt-4 p-2">
      <ol aria-label="今週のクリエイターランキング">
        {creators.map(({ rank, likes, author }) => {
          const profileId = author.handle ?? author._id;
          const body = (
            <>
              <RankBadge rank={rank} />
              <Avatar name={author.displayName} seed={author._id ?? author.displayName} src={author.photoUrl} size="sm" decorative />
              <span className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-900">{author.displayName}</span>
              <span className="inline-flex items-center gap-1 text-sm text-zinc-700 tabular-nums">
                <Heart aria-hidden className="size-4 text-rose-500" />
                {formatNumber(likes)}
                <span className="sr-only">いいね</span>
              </span>
            </>
          );
          return (
            <li key={author._id ?? rank}>
              {profileId ? (
                <Link to={paths.profile(profileId)} className="flex items-center gap-3 rounded-lg p-2 hover:bg-zinc-50">
                  {body}
                </Link>
              ) : (
                <div className="flex items-center gap-3 p-2">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
