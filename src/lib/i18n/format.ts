/**
 * Japanese formatters. Pure: anything time-dependent takes `now`, so tests and server-sent dates
 * give the same text everywhere. Formatter instances are cached because creating Intl objects
 * is comparatively slow and lists format many values.
 */

type DateInput = Date | number;

const dateFormatter = new Intl.DateTimeFormat("ja-JP", {
  year: "numeric",
  month: "long",
  day: "numeric",
});
const numberFormatter = new Intl.NumberFormat("ja-JP");
const compactFormatter = new Intl.NumberFormat("ja-JP", {
  notation: "compact",
  maximumFractionDigits: 1,
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** From this age on, a relative time reads better as a calendar date. */
const RELATIVE_DAYS_LIMIT = 7;

const toMillis = (value: DateInput) => (typeof value === "number" ? value : value.getTime());

/** 2026年11月22日 */
export function formatDate(value: DateInput): string {
  return dateFormatter.format(toMillis(value));
}

/** 45,678 */
export function formatNumber(value: number): string {
  return numberFormatter.format(value);
}

/** 1,284 / 1.5万 — for counters in tight places (cards, tiles). */
export function formatCompactNumber(value: number): string {
  // Japanese compact notation starts at 万; below it, plain grouped digits read better ("1,284").
  return Math.abs(value) < 10_000 ? formatNumber(value) : compactFormatter.format(value);
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
