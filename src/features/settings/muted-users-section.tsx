import { usePaginatedQuery, useMutation } from "convex/react";
import { useState } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";

/** Rows a page of the list loads (the server's page size for mutes.list). */
const PAGE_SIZE = 50;

export type MuteKind = "mute" | "block";

export type MutedUser = {
  user: { _id: Id<"users">; displayName: string; handle: string | null; photoUrl: string | null };
  kind: MuteKind;
  createdAt: number;
};

const KIND_LABELS: Record<MuteKind, string> = { mute: "ミュート", block: "ブロック" };

/** What the two controls do, shown above the list. */
export const MUTE_EXPLANATION = [
  { kind: "mute" as const, text: "相手の作品とコメントがあなたに表示されなくなります。相手には通知されません。" },
  {
    kind: "block" as const,
    text: "ミュートに加えて、相手はあなたの作品へのコメント、あなたのフォロー、あなたのチャレンジへの投票ができなくなります。",
  },
];

/** The /settings list of muted and blocked users, with live data and the 解除 action. */
export function MutedUsersSection() {
  const toast = useToast();
  const { results, status, loadMore } = usePaginatedQuery(api.mutes.list, {}, { initialNumItems: PAGE_SIZE });
  const setMute = useMutation(api.mutes.set);
  return (
    <MutedUsersList
      items={results}
      status={status}
      onLoadMore={() => loadMore(PAGE_SIZE)}
      onClear={async ({ user, kind }) => {
        try {
          await setMute({ userId: user._id, kind: null });
          toast.success(`${user.displayName}さんの${KIND_LABELS[kind]}を解除しました`);
        } catch (error) {
          toast.error("解除できませんでした", readServerError(error).message);
        }
      }}
    />
  );
}

type MutedUsersListProps = {
  items: readonly MutedUser[];
  status: "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";
  onLoadMore: () => void;
  onClear: (item: MutedUser) => Promise<void>;
};

/** The list without data access: everything comes in as props. */
export function MutedUsersList({ items, status, onLoadMore, onClear }: MutedUsersListProps) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-2 text-xs text-zinc-600 sm:text-sm">
        {MUTE_EXPLANATION.map(({ kind, text }) => (
          <div key={kind} className="flex gap-2">
            <dt className="shrink-0 font-semibold text-zinc-800">{KIND_LABELS[kind]}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {status === "LoadingFirstPage" ? (
        <ul className="flex flex-col gap-3" aria-busy aria-label="読み込み中">
          {[0, 1].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <Skeleton shape="circle" className="size-10" />
              <Skeleton className="h-4 w-32" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600">
          ミュート・ブロックしているユーザーはいません
        </p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200" aria-label="ミュート・ブロック中のユーザー">
          {items.map((item) => (
            <MutedUserRow key={item.user._id} item={item} onClear={onClear} />
          ))}
        </ul>
      )}
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="outline" className="w-full sm:w-auto sm:self-center" loading={status === "LoadingMore"} onClick={onLoadMore}>
          もっと見る
        </Button>
      )}
    </div>
  );
}

function MutedUserRow({ item, onClear }: { item: MutedUser; onClear: (item: MutedUser) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const { user, kind } = item;
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <Link
        to={paths.profile(user.handle ?? user._id)}
        className="flex min-w-0 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Avatar name={user.displayName} src={user.photoUrl} seed={user._id} size="md" decorative />
        <span className="min-w-0">
          <span className="block truncate text-sm font-bold text-zinc-900">{user.displayName}</span>
          {user.handle && <span className="block truncate text-xs text-zinc-500">@{user.handle}</span>}
        </span>
      </Link>
      <div className="flex shrink-0 items-center gap-2">
        <Badge color={kind === "block" ? "red" : "neutral"}>{KIND_LABELS[kind]}</Badge>
        <Button
          variant="outline"
          size="sm"
          loading={busy}
          aria-label={`${user.displayName}さんの${KIND_LABELS[kind]}を解除`}
          onClick={() => {
            setBusy(true);
            // The row leaves the live list on success; on failure the caller says why.
            void onClear(item).finally(() => setBusy(false));
          }}
        >
          解除
        </Button>
      </div>
    </li>
  );
}
