/**
 * Japanese formatters. Pure: anything time-dependent takes `now`, so tests and server-sent dates
 * give the same text everywhere.
 *
 * Dates and whole numbers are written out rather than formatted with Intl: the first Intl
 * formatter a page creates loads the locale's data, 30–40 ms on a fast machine and four times
 * that on a phone, in one piece during the page's first render (every card shows a date and
 * counts). Intl stays for what only it does well (fractions, 1.5万), created on first use.
 */

type DateInput = Date | number;

let numberFormatter: Intl.NumberFormat | undefined;
let compactFormatter: Intl.NumberFormat | undefined;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** From this age on, a relative time reads better as a calendar date. */
const RELATIVE_DAYS_LIMIT = 7;

const toMillis = (value: DateInput) => (typeof value === "number" ? value : value.getTime());

/** 2026年11月22日, in the browser's time zone (as Intl.DateTimeFormat("ja-JP") gives it). */
export function formatDate(value: DateInput): string {
  const date = new Date(toMillis(value));
  return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
}

/** 45,678 */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return (numberFormatter ??= new Intl.NumberFormat("ja-JP")).format(value);
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${grouped}` : grouped;
}

/** 1,284 / 1.5万 — for counters in tight places (cards, tiles). */
export function formatCompactNumber(value: number): string {
  // Japanese compact notation starts at 万; below it, plain grouped digits read better ("1,284").
  return Math.abs(value) < 10_000
    ? formatNumber(value)
    : (compactFormatter ??= new Intl.NumberFormat("ja-JP", { notation: "compact", maximumFractionDigits: 1 })).format(value);
}

/**
 * たった今 (under a minute, and for times slightly in the future from clock skew),
 * N分前, N時間前, N日前 (under 7 days), then the date.
 */
export function formatRelativeTime(value: DateInput, now: DateInput): string {
  const elapsed = toMillis(now) - toMillis(value);
  if (elapsed < MINUTE) return "たった今";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分前`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}時間前`;
  const days = Math.floor(elapsed / DAY);
  if (days < RELATIVE_DAYS_LIMIT) return `${days}日前`;
  return formatDate(value);
}
