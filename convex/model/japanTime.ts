// Japan time, for calendar days and clock times everywhere (challenge deadlines, once-a-day
// views, trending days, sitemap months, CSV times): Asia/Tokyo is UTC+9 all year, with no
// daylight saving, so a fixed offset is exact and needs no time-zone data. Plain functions, no
// server imports: the browser uses them too.

export const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The Japanese calendar day of an instant, as YYYY-MM-DD. */
export function japanDate(ms: number): string {
  return new Date(ms + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Japanese date and time of an instant, as YYYY-MM-DD HH:MM. */
export function japanDateTime(ms: number): string {
  return new Date(ms + JAPAN_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** The day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last millisecond of a Japanese calendar day: when something ending that day closes. */
export function endOfJapanDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) + DAY_MS - 1 - JAPAN_OFFSET_MS;
}
