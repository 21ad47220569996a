import { useQuery } from "convex/react";
import { Bell, CheckCheck } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { LIMITS } from "../../../convex/constants";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useNow } from "@/lib/use-now";
import type { Viewer } from "@/lib/use-viewer";
import { useOpenNotification } from "./notification-bell";
import { NotificationContent } from "./notification-item";
import { useMarkAllRead } from "./use-mark-all-read";

/** /notifications: the 50 newest, live. */
export function NotificationsPage() {
  return (
    <>
      <PageTitle title="通知" />
      <SignedInOnly reason="通知を見るには">{(viewer) => <Notifications viewer={viewer} />}</SignedInOnly>
    </>
  );
}

function Notifications({ viewer }: { viewer: Viewer }) {
  const items = useQuery(api.notifications.list, { limit: LIMITS.notificationsQueryLimit });
  const markAllRead = useMarkAllRead();
  const openNotification = useOpenNotification(viewer);
  const now = useNow();
  const hasUnread = items?.some((item) => !item.read) ?? false;
  return (
    <PageContainer width="narrow" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">通知</h1>
          <p className="mt-1 text-sm text-zinc-600">新しい順に最大{LIMITS.notificationsQueryLimit}件を表示します。</p>
        </div>
        {hasUnread && (
          <Button variant="outline" onClick={markAllRead}>
            <CheckCheck aria-hidden />
            すべて既読にする
          </Button>
        )}
      </div>
      {items === undefined ? (
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={<Bell aria-hidden />} title="通知はまだありません" description="いいねやコメント、フォローがあるとここに届きます。" />
      ) : (
        <Card className="overflow-hidden p-0">
          <ul className="divide-y divide-zinc-100" aria-label="通知一覧">
            {items.map((item) => (
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
      )}
    </PageContainer>
  );
}
