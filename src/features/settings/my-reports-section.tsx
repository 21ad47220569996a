import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { REPORT_REASON_LABELS } from "../../../convex/constants";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/i18n/format";
import { REPORT_STATUS_LABELS, TARGET_TYPE_LABELS } from "@/lib/moderation";

const PAGE = 20;
const STATUS_COLORS: Record<keyof typeof REPORT_STATUS_LABELS, BadgeColor> = {
  open: "yellow",
  actioned: "green",
  dismissed: "neutral",
};

/** 通報の履歴: what the viewer reported and where each report stands. Nobody else sees it. */
export function MyReportsSection() {
  const { results, status, loadMore } = usePaginatedQuery(api.reports.mine, {}, { initialNumItems: PAGE });
  if (status === "LoadingFirstPage") {
    return (
      <div role="status" aria-label="読み込み中" className="flex flex-col gap-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (results.length === 0) {
    return <p className="rounded-xl bg-zinc-50 px-4 py-5 text-center text-sm text-zinc-500">通報した内容はありません。</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-200">
        {results.map((report) => (
          <li key={report._id} className="flex flex-col gap-1.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className="min-w-0 truncate text-sm">
                <span className="text-zinc-500">{TARGET_TYPE_LABELS[report.targetType]}: </span>
                {report.targetPath ? (
                  <Link to={report.targetPath} className="font-semibold text-zinc-900 hover:underline">
                    {report.targetLabel}
                  </Link>
                ) : (
                  <span className="font-semibold text-zinc-700">{report.targetLabel}</span>
                )}
              </p>
              <p className="text-xs text-zinc-500">
                {REPORT_REASON_LABELS[report.reason]}・
                <time dateTime={new Date(report.createdAt).toISOString()}>{formatDate(report.createdAt)}</time>
              </p>
            </div>
            <Badge color={STATUS_COLORS[report.status]} className="self-start sm:self-center">
              {REPORT_STATUS_LABELS[report.status]}
            </Badge>
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="ghost" size="sm" className="self-center" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE)}>
          もっと見る
        </Button>
      )}
    </div>
  );
}
