import { formatCompactNumber, formatDate, formatNumber, formatRelativeTime } from "@/lib/i18n/format";
import { StyleguideSection } from "./styleguide-section";

const MINUTE = 60_000;

export function FormattingSection({ now }: { now: number }) {
  const rows = [
    { label: "日付 formatDate", value: formatDate(now) },
    { label: "数値 formatNumber", value: formatNumber(45678) },
    { label: "短縮 formatCompactNumber", value: formatCompactNumber(15230) },
    { label: "30秒前", value: formatRelativeTime(now - 30_000, now) },
    { label: "5分前", value: formatRelativeTime(now - 5 * MINUTE, now) },
    { label: "3時間前", value: formatRelativeTime(now - 180 * MINUTE, now) },
    { label: "2日前", value: formatRelativeTime(now - 2 * 24 * 60 * MINUTE, now) },
    { label: "10日前（日付で表示）", value: formatRelativeTime(now - 10 * 24 * 60 * MINUTE, now) },
  ];
  return (
    <StyleguideSection id="formatting" title="日付と数値の表記">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-4 border-b border-zinc-100 pb-2">
            <dt className="text-xs text-zinc-500">{row.label}</dt>
            <dd className="font-semibold text-zinc-900 tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
    </StyleguideSection>
  );
}
