import { usePaginatedQuery } from "convex/react";
import { ClipboardList } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { japanDateTime } from "../../../convex/model/suspension";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ACTION_KIND_LABELS, ROLE_LABELS, TARGET_TYPE_LABELS, suspensionUntilText } from "@/lib/moderation";
import { AdminNav } from "./admin-nav";
import { ModeratorOnly } from "./moderator-only";
import type { AuditEntry } from "./types";

const LOG_PAGE = 50;

/** /admin/log: every moderation action, newest first. Read-only: the log is never edited. */
export function AdminLogPage() {
  return (
    <>
      <PageTitle title="監査ログ" />
      <ModeratorOnly>
        {() => (
          <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
            <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <div>
                <h1 className="flex items-center gap-2 text-2xl font-bold text-zinc-900 sm:text-3xl">
                  <ClipboardList aria-hidden className="size-7 text-brand-600" />
                  監査ログ
                </h1>
                <p className="mt-2 text-sm text-zinc-600">誰が・いつ・何に・なぜ対応したかの記録です。記録は変更できません。</p>
              </div>
              <AdminNav current="log" />
            </header>
            <QueryErrorBoundary resetKey="log" fallback={(message) => <ErrorState message={message} />}>
              <AuditLog />
            </QueryErrorBoundary>
          </PageContainer>
        )}
      </ModeratorOnly>
    </>
  );
}

/** What happened, with a suspension's end or the role granted. */
function actionText(entry: AuditEntry): string {
  const label = ACTION_KIND_LABELS[entry.kind];
  if (entry.kind === "suspend") return `${label}（${suspensionUntilText(entry.until)}）`;
  if ((entry.kind === "grant_role" || entry.kind === "revoke_role") && entry.role) return `${label}（${ROLE_LABELS[entry.role]}）`;
  return label;
}

const who = (entry: AuditEntry) => entry.moderator?.displayName ?? "自動";

function AuditLog() {
  const { results, status, loadMore } = usePaginatedQuery(api.moderation.log, {}, { initialNumItems: LOG_PAGE });
  if (status === "LoadingFirstPage") {
    return (
      <div role="status" aria-label="読み込み中" className="flex flex-col gap-2">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-12" />
        ))}
      </div>
    );
  }
  if (results.length === 0) return <EmptyState icon={<ClipboardList aria-hidden />} title="まだ記録はありません" />;
  return (
    <div className="flex flex-col gap-4">
      {/* Wide screens: a table. Phones: one card per entry (the table is display:none there). */}
      <div className="hidden overflow-hidden rounded-2xl border border-zinc-200 bg-white md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">監査ログ（新しい順）</caption>
          <thead className="bg-zinc-50 text-xs font-semibold text-zinc-500">
            <tr>
              <th scope="col" className="w-40 px-4 py-2.5">
                日時
              </th>
              <th scope="col" className="w-32 px-4 py-2.5">
                担当
              </th>
              <th scope="col" className="w-48 px-4 py-2.5">
                操作
              </th>
              <th scope="col" className="px-4 py-2.5">
                対象
              </th>
              <th scope="col" className="px-4 py-2.5">
                メモ
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 align-top">
            {results.map((entry) => (
              <tr key={entry._id}>
                <td className="px-4 py-3 text-xs text-zinc-500 tabular-nums">
                  <time dateTime={new Date(entry.createdAt).toISOString()}>{japanDateTime(entry.createdAt)}</time>
                </td>
                <td className="truncate px-4 py-3 text-zinc-800">{who(entry)}</td>
                <td className="px-4 py-3 font-semibold text-zinc-900">{actionText(entry)}</td>
                <td className="px-4 py-3 break-words text-zinc-700">
                  <Target entry={entry} />
                </td>
                <td className="px-4 py-3 break-words whitespace-pre-line text-zinc-600">{entry.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="flex flex-col gap-2.5 md:hidden" aria-label="監査ログ（新しい順）">
        {results.map((entry) => (
          <li key={entry._id} className="flex flex-col gap-1 rounded-2xl border border-zinc-200 bg-white p-4 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-zinc-900">{actionText(entry)}</span>
              <time dateTime={new Date(entry.createdAt).toISOString()} className="shrink-0 text-xs text-zinc-500 tabular-nums">
                {japanDateTime(entry.createdAt)}
              </time>
            </div>
            <p className="break-words text-zinc-700">
              <Target entry={entry} />
            </p>
            <p className="text-xs text-zinc-500">担当: {who(entry)}</p>
            {entry.note && <p className="break-words whitespace-pre-line text-zinc-600">{entry.note}</p>}
          </li>
        ))}
      </ol>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="ghost" className="self-center" loading={status === "LoadingMore"} onClick={() => loadMore(LOG_PAGE)}>
          もっと見る
        </Button>
      )}
    </div>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="text-zinc-500">{TARGET_TYPE_LABELS[entry.targetType]}</span> {entry.targetLabel}
      {entry.subject && entry.targetType !== "user" && <span className="text-zinc-500">（投稿者: {entry.subject.displayName}）</span>}
    </>
  );
}
