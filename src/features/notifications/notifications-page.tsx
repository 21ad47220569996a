import { usePaginatedQuery, useQuery } from "convex/react";
import { Bell, CheckCheck } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useNow } from "@/lib/use-now";
import type { Viewer } from "@/lib/use-viewer";
import { useOpenNotification } from "./notification-bell";
import { NotificationContent } from "./notification-item";
import { filterFromParam, listArgs, NOTIFICATION_FILTERS, type NotificationFilter } from "./notification-tabs";
import { useMarkAllRead } from "./use-mark-all-read";

/** How many the page loads at first and on each もっと見る. */
const PAGE_SIZE = 20;

/** /notifications: every notification, latest first, live, with a filter tab per kind (?tab=). */
export function NotificationsPage() {
  return (
    <>
      <PageTitle title="通知" />
      <SignedInOnly reason="通知を見るには">{(viewer) => <Notifications viewer={viewer} />}</SignedInOnly>
    </>
  );
}

function Notifications({ viewer }: { viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParam(params.get("tab"));
  const unread = useQuery(api.notifications.unreadCount) ?? 0;
  const markAllRead = useMarkAllRead();
  return (
    <PageContainer width="narrow" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">通知</h1>
          <p className="mt-1 text-sm text-zinc-600">
            新しい順に表示します。同じ作品へのいいねやコメント、フォローは1件にまとめて届きます。
          </p>
        </div>
        {unread > 0 && (
          <Button variant="outline" onClick={markAllRead}>
            <CheckCheck aria-hidden />
            すべて既読にする
          </Button>
        )}
      </div>
      <Tabs value={filter} onValueChange={(value) => setParams(value === "all" ? {} : { tab: value }, { replace: true })}>
        {/* Six kinds do not fit one row on a phone: they wrap rather than hide past the edge. */}
        <TabsList aria-label="通知の種類" className="flex-wrap">
          {NOTIFICATION_FILTERS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {NOTIFICATION_FILTERS.map(({ value }) => (
          <TabsContent key={value} value={value}>
            {value === filter && <NotificationList viewer={viewer} filter={filter} />}
          </TabsContent>
        ))}
      </Tabs>
    </PageContainer>
  );
}

function NotificationList({ viewer, filter }: { viewer: Viewer; filter: NotificationFilter }) {
  const { results, status, loadMore } = usePaginatedQuery(api.notifications.listPage, listArgs(filter), {
    initialNumItems: PAGE_SIZE,
  });
  const openNotification = useOpenNotification(viewer);
  const now = useNow();
  const { label, empty } = NOTIFICATION_FILTERS.find((f) => f.value === filter)!;
  if (status === "LoadingFirstPage") {
    return (
      <div className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (results.length === 0) {
    return <EmptyState icon={<Bell aria-hidden />} title={empty} description="いいねやコメント、フォローがあるとここに届きます。" />;
  }
  return (
    <div className="flex flex-col gap-4">
      <Card className="overflow-hidden p-0">
        <ul className="divide-y divide-zinc-100" aria-label={filter === "all" ? "通知一覧" : `${label}の通知一覧`}>
          {results.map((item) => (
            <li key={item._id}>
              <button
                type="button"
                onClick={() => openNotification(item)}
                className={`w-full px-4 py-3.5 hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${item.read ? "" : "bg-brand-50/40"}`}
              >
                <NotificationContent item={item} now={now} />
              </button>
            </li>
          ))}
        </ul>
      </Card>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="outline" className="self-center" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)}>
          もっと見る
        </Button>
      )}
    </div>
  );
}
