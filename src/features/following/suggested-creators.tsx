import { useMutation, useQuery } from "convex/react";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { formatNumber } from "@/lib/i18n/format";

const FOLLOW_ERROR = "フォローの処理中にエラーが発生しました";

/**
 * The empty feed's suggestions: popular creators (most likes received) the viewer does not follow
 * yet, each with one-click フォローする. A followed creator leaves the list by itself (the query
 * is live), and their latest works fill the feed above.
 */
export function SuggestedCreators() {
  const creators = useQuery(api.feed.suggestions, {});
  const toggle = useMutation(api.follows.toggle);
  const toast = useToast();
  const [pending, setPending] = useState<ReadonlySet<Id<"users">>>(new Set());

  const follow = (userId: Id<"users">, name: string) => {
    setPending((current) => new Set(current).add(userId));
    toggle({ userId })
      .then(() => toast.success(`${name}さんをフォローしました`))
      .catch((error: unknown) => toast.error(readServerError(error, FOLLOW_ERROR).message))
      .finally(() =>
        setPending((current) => {
          const next = new Set(current);
          next.delete(userId);
          return next;
        }),
      );
  };

  return (
    <section aria-labelledby="suggested-creators-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="suggested-creators-heading" className="text-lg font-bold text-zinc-900">
          人気のクリエイター
        </h2>
        <p className="mt-1 text-sm text-zinc-600">いいねを多く集めているクリエイターです。フォローして作品を追いかけましょう。</p>
      </div>
      {creators === undefined ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="読み込み中">
          {[0, 1, 2, 3].map((n) => (
            <li key={n}>
              <Skeleton className="h-28 rounded-2xl" />
            </li>
          ))}
        </ul>
      ) : creators.length === 0 ? (
        <p className="rounded-2xl border border-zinc-200 bg-white px-4 py-6 text-center text-sm text-zinc-600">
          いまおすすめできるクリエイターはいません。作品一覧から気になる人を探してみてください。
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="おすすめのクリエイター">
          {creators.map((creator) => (
            <li key={creator._id} className="flex [&>*]:flex-1">
              <Card className="flex min-w-0 items-start gap-3 p-4">
                <Avatar name={creator.displayName} seed={creator._id} src={creator.photoUrl} size="lg" decorative />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link to={paths.profile(creator.handle ?? creator._id)} className="truncate font-bold text-zinc-900 hover:underline">
                    {creator.displayName}
                  </Link>
                  <p className="text-xs text-zinc-600">
                    フォロワー {formatNumber(creator.followersCount)}人・作品 {formatNumber(creator.projectsCount)}件
                  </p>
                  {creator.bio && <p className="line-clamp-2 text-sm text-zinc-700">{creator.bio}</p>}
                  <div className="mt-2">
                    <Button
                      size="sm"
                      loading={pending.has(creator._id)}
                      onClick={() => follow(creator._id, creator.displayName)}
                      aria-label={`${creator.displayName}さんをフォローする`}
                    >
                      <UserPlus aria-hidden />
                      フォローする
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
