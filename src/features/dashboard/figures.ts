// What the dashboard shows of the daily figures (convex/model/analytics.ts): labels, colours,
// totals, the change against the previous period, Japan dates and Intl numbers. Plain functions.
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { csvDocument } from "@/lib/csv";

export type Period = FunctionReturnType<typeof api.analytics.overview>;
export type DayRow = Period["series"][number];
export type Totals = Period["previous"];

export const PERIODS = [
  { days: 7, label: "過去7日間" },
  { days: 30, label: "過去30日間" },
  { days: 90, label: "過去90日間" },
] as const;
export type PeriodDays = (typeof PERIODS)[number]["days"];

export function periodOf(value: string | null): PeriodDays {
  return value === "30" ? 30 : value === "90" ? 90 : 7;
}

/** One figure as the page shows it: gained, and what was taken back (unlikes, unfollows…). */
export type FigureDef = {
  key: "views" | "likes" | "comments" | "saves" | "shareOpens" | "follows";
  label: string;
  lost?: "unlikes" | "unsaves" | "unfollows";
  lostLabel?: string;
  color: string;
  /** Creator-wide only (a work has no followers). */
  creatorOnly?: boolean;
};

export const FIGURES: readonly FigureDef[] = [
  { key: "views", label: "閲覧数", color: "#6d28d9" },
  { key: "likes", label: "いいね", lost: "unlikes", lostLabel: "取り消し", color: "#db2777" },
  { key: "comments", label: "コメント", color: "#0369a1" },
  { key: "saves", label: "ストック", lost: "unsaves", lostLabel: "解除", color: "#b45309" },
  { key: "shareOpens", label: "共有リンクの表示", color: "#047857" },
  { key: "follows", label: "フォロワー", lost: "unfollows", lostLabel: "解除", color: "#4338ca", creatorOnly: true },
];

const numberFormat = new Intl.NumberFormat("ja-JP");
export const formatNumber = (n: number) => numberFormat.format(n);

export function totalsOf(series: readonly DayRow[]): Totals {
  const total = { views: 0, likes: 0, unlikes: 0, comments: 0, saves: 0, unsaves: 0, shareOpens: 0, follows: 0, unfollows: 0 };
  for (const row of series) for (const key of Object.keys(total) as (keyof Totals)[]) total[key] += row[key];
  return total;
}

/** "+12%", "−3%", "±0%", or "新規" when the previous period had none. */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "±0%" : "新規";
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return "±0%";
  return percent > 0 ? `+${formatNumber(percent)}%` : `−${formatNumber(-percent)}%`;
}

export function changeTone(current: number, previous: number): "up" | "down" | "flat" {
  return current > previous ? "up" : current < previous ? "down" : "flat";
}

/** "4/7" for the axis, "2025年4月7日(月)" for tables: the day string is already Japan time. */
export function shortDay(day: string): string {
  const [, m, d] = day.split("-");
  return `${Number(m)}/${Number(d)}`;
}

const longDayFormat = new Intl.DateTimeFormat("ja-JP", {
  year: "numeric",
  month: "long",
  day: "numeric",
  weekday: "short",
  timeZone: "UTC",
});
export const longDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));

/** The daily figures as CSV: one row per day, Japan dates, every figure. */
export function dailyCsv(series: readonly DayRow[], figures: readonly FigureDef[] = FIGURES): string {
  const header = ["日付"];
  for (const figure of figures) {
    header.push(figure.label);
    if (figure.lost) header.push(`${figure.label}（${figure.lostLabel}）`);
  }
  const rows = series.map((row) => {
    const cells = [row.day];
    for (const figure of figures) {
      cells.push(String(row[figure.key]));
      if (figure.lost) cells.push(String(row[figure.lost]));
    }
    return cells;
  });
  return csvDocument([header, ...rows]);
}

/** `analytics-2025-04-07-30days.csv`: ASCII only, safe everywhere. */
export function csvName(prefix: string, today: string, days: number): string {
  return `${prefix}-${today}-${days}days.csv`;
}
