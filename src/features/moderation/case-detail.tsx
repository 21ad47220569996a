import { useState } from "react";
import { useQuery } from "convex/react";
import { ArrowLeft, Bot, ExternalLink, RotateCcw } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { REPORT_REASON_LABELS } from "../../../convex/constants";
import type { Id } from "../../../convex/_generated/dataModel";
import { japanDateTime } from "../../../convex/model/suspension";
import { ModerationActionDialog } from "@/components/moderation/moderation-action-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatDate, formatRelativeTime } from "@/lib/i18n/format";
import { ACTION_KIND_LABELS, ROLE_LABELS, TARGET_TYPE_LABELS, suspensionUntilText, type ModerationActKind } from "@/lib/moderation";
import { useNow } from "@/lib/use-now";
import { ReasonChips, TargetStateBadge, TargetThumb } from "./case-card";
import type { AuditEntry, CaseDetail, CaseSummary } from "./types";

type DeskAction = { kind: ModerationActKind; label: string; tone: "outline" | "danger" };

/** The buttons a case offers, by what the target is and where it stands. */
export function deskActions(summary: CaseSummary, authorSuspended: boolean): DeskAction[] {
  const { targetType, target } = summary;
  const actions: DeskAction[] = [{ kind: "dismiss", label: "却下", tone: "outline" }];
  if (targetType !== "user" && target.state !== "deleted") {
    actions.push(
      target.state === "visible"
        ? { kind: "hide", label: "非表示", tone: "outline" }
        : { kind: "restore", label: "表示を戻す", tone: "outline" },
    );
    actions.push({ kind: "delete", label: "削除", tone: "danger" });
  }
  const suspended = targetType === "user" ? target.state === "suspended" : authorSuspended;
  if (targetType === "user" || target.author) {
    actions.push(
      suspended ? { kind: "unsuspend", label: "停止を解除", tone: "outline" } : { kind: "suspend", label: "停止", tone: "danger" },
    );
  }
  return actions;
}

type CaseDetailPanelProps = { caseId: Id<"reportCases">; onBack: () => void; onResolved: () => void };

/** Everything a moderator needs to decide a case, and the buttons to decide it. */
export function CaseDetailPanel({ caseId, onBack, onResolved }: CaseDetailPanelProps) {
  const detail = useQuery(api.moderation.caseDetail, { caseId });
  const [action, setAction] = useState<ModerationActKind | null>(null);
  const now = useNow();

  return (
    <section aria-labelledby="case-heading" className="flex flex-col gap-5">
      <Button variant="ghost" size="sm" onClick={onBack} className="w-fit lg:hidden">
        <ArrowLeft aria-hidden />
        一覧に戻る
      </Button>
      {detail === undefined ? (
        <div role="status" aria-label="読み込み中" className="flex flex-col gap-3">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
      ) : detail === null ? (
        <p
          id="case-heading"
          className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-10 text-center text-sm text-zinc-600"
        >
          このケースは対応済みか、見つかりませんでした。
        </p>
      ) : (
        <>
          <TargetSection detail={detail} />
          <div className="flex flex-col gap-2 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5">
            <h3 className="text-sm font-bold text-zinc-900">対応</h3>
            <p className="text-xs text-zinc-500">どの操作にも短い理由のメモが必要です。操作は監査ログに記録されます。</p>
            <div className="mt-1 flex flex-wrap gap-2">
              {deskActions(detail.summary, detail.author?.suspension != null).map((item) => (
                <Button
                  key={item.kind}
                  size="sm"
                  variant="outline"
                  onClick={() => setAction(item.kind)}
                  className={cn("max-sm:flex-1", item.tone === "danger" && "text-red-700 hover:border-red-300 hover:bg-red-50")}
                >
                  {item.label}
                </Button>
              ))}
            </div>
          </div>
          <ReportsSection reports={detail.reports} now={now} />
          {detail.author && <AuthorSection author={detail.author} now={now} />}
          <ModerationActionDialog
            kind={action}
            target={{ type: detail.summary.targetType, id: detail.summary.targetId, label: detail.summary.target.label }}
            onClose={() => setAction(null)}
            onDone={onResolved}
          />
        </>
      )}
    </section>
  );
}

function TargetSection({ detail }: { detail: CaseDetail }) {
  const { summary } = detail;
  const { target } = summary;
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 sm:flex-row sm:p-5">
      <TargetThumb type={summary.targetType} url={target.thumbnailUrl} className="aspect-[16/10] w-full sm:w-40" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge>{TARGET_TYPE_LABELS[summary.targetType]}</Badge>
          <TargetStateBadge state={target.state} />
          <Badge color="red">未対応 {summary.openCount}件</Badge>
        </div>
        <h2 id="case-heading" className="text-lg font-bold break-all text-zinc-900">
          {target.label}
        </h2>
        {target.excerpt && <p className="line-clamp-4 text-sm break-all whitespace-pre-line text-zinc-600">{target.excerpt}</p>}
        <ReasonChips reasons={summary.reasons} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {target.author && (
            <span className="text-zinc-600">
              投稿者: <PersonLink person={target.author} />
            </span>
          )}
          {target.path && (
            <Link to={target.path} target="_blank" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              ページを開く
              <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">（新しいタブで開きます）</span>
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

function PersonLink({ person }: { person: { _id?: string; displayName: string; handle: string | null } }) {
  const id = person.handle ?? person._id;
  if (!id) return <span className="font-semibold text-zinc-900">{person.displayName}</span>;
  return (
    <Link to={paths.profile(id)} className="font-semibold text-zinc-900 hover:underline">
      {person.displayName}
      {person.handle && <span className="font-normal text-zinc-500"> @{person.handle}</span>}
    </Link>
  );
}

const SOURCE_LABELS = { auto: "自動検出", review: "投稿者からの再審査の依頼" } as const;

function ReportsSection({ reports, now }: { reports: CaseDetail["reports"]; now: number }) {
  return (
    <section aria-labelledby="reports-heading" className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5">
      <h3 id="reports-heading" className="text-sm font-bold text-zinc-900">
        通報（{reports.length}件）
      </h3>
      <ol className="flex flex-col divide-y divide-zinc-100">
        {reports.map((report) => (
          <li key={report._id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {report.source === "report" ? (
                <Badge color="red">{REPORT_REASON_LABELS[report.reason]}</Badge>
              ) : (
                <Badge color="purple">
                  {report.source === "auto" ? <Bot aria-hidden /> : <RotateCcw aria-hidden />}
                  {SOURCE_LABELS[report.source]}
                </Badge>
              )}
              {report.reporter ? (
                <PersonLink person={report.reporter} />
              ) : (
                report.source === "report" && <span className="text-zinc-500">退会したユーザー</span>
              )}
              <time
                dateTime={new Date(report.createdAt).toISOString()}
                title={japanDateTime(report.createdAt)}
                className="text-xs text-zinc-500"
              >
                {formatRelativeTime(report.createdAt, now)}
              </time>
            </div>
            {report.note && <p className="text-sm break-words whitespace-pre-line text-zinc-700">{report.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

const DAY = 86_400_000;

function accountAge(createdAt: number, now: number): string {
  const days = Math.floor((now - createdAt) / DAY);
  if (days < 1) return "登録から1日未満";
  if (days < 60) return `登録から${days}日`;
  return `${formatDate(createdAt)}に登録`;
}

function AuthorSection({ author, now }: { author: NonNullable<CaseDetail["author"]>; now: number }) {
  return (
    <section aria-labelledby="author-heading" className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5">
      <h3 id="author-heading" className="text-sm font-bold text-zinc-900">
        投稿者
      </h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <PersonLink person={author} />
        {author.role && <Badge color="purple">{ROLE_LABELS[author.role]}</Badge>}
        {author.suspension && <Badge color="red">停止中（{suspensionUntilText(author.suspension.until)}）</Badge>}
      </div>
      <p className="text-sm text-zinc-600">{accountAge(author.createdAt, now)}</p>
      <div className="flex flex-col gap-2">
        <h4 className="text-xs font-semibold text-zinc-500">これまでの対応</h4>
        {author.history.length === 0 ? (
          <p className="text-sm text-zinc-500">これまでの対応はありません。</p>
        ) : (
          <ol className="flex flex-col gap-1.5">
            {author.history.map((entry) => (
              <HistoryRow key={entry._id} entry={entry} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function HistoryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="flex flex-col gap-0.5 rounded-lg bg-zinc-50 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3">
      <time dateTime={new Date(entry.createdAt).toISOString()} className="shrink-0 text-xs text-zinc-500 tabular-nums">
        {formatDate(entry.createdAt)}
      </time>
      <span className="font-semibold text-zinc-800">{ACTION_KIND_LABELS[entry.kind]}</span>
      <span className="min-w-0 truncate text-zinc-600">
        {TARGET_TYPE_LABELS[entry.targetType]}「{entry.targetLabel}」{entry.note && ` — ${entry.note}`}
      </span>
    </li>
  );
}
