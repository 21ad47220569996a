import { describe, expect, it } from "vitest";
import { formatCompactNumber, formatDate, formatNumber, formatRelativeTime } from "./format";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Built from local date parts so the test holds in any time zone.
const now = new Date(2026, 10, 22, 15, 30).getTime();
const ago = (ms: number) => now - ms;

describe("formatRelativeTime", () => {
  it.each([
    [0, "たった今"],
    [59 * SECOND, "たった今"],
    [MINUTE, "1分前"],
    [59 * MINUTE + 59 * SECOND, "59分前"],
    [HOUR, "1時間前"],
    [23 * HOUR + 59 * MINUTE, "23時間前"],
    [DAY, "1日前"],
    [6 * DAY + 23 * HOUR, "6日前"],
  ])("%i ms ago → %s", (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it("switches to the calendar date from 7 days on", () => {
    expect(formatRelativeTime(ago(7 * DAY), now)).toBe("2026年11月15日");
    expect(formatRelativeTime(new Date(2025, 0, 3, 9), now)).toBe("2025年1月3日");
  });

  it("treats a time slightly in the future (clock skew) as just now", () => {
    expect(formatRelativeTime(now + 5 * SECOND, now)).toBe("たった今");
  });

  it("accepts Date objects as well as timestamps", () => {
    expect(formatRelativeTime(new Date(ago(3 * HOUR)), new Date(now))).toBe("3時間前");
  });
});

describe("formatDate / formatNumber", () => {
  it("formats dates the Japanese way", () => {
    expect(formatDate(new Date(2026, 10, 22))).toBe("2026年11月22日");
  });

  it("groups thousands", () => {
    expect(formatNumber(45678)).toBe("45,678");
    expect(formatNumber(0)).toBe("0");
  });

  it("writes dates and numbers exactly as Intl's ja-JP formats do", () => {
    const intlDate = new Intl.DateTimeFormat("ja-JP", { year: "numeric", month: "long", day: "numeric" });
    for (const date of [new Date(2026, 0, 1), new Date(2026, 11, 31, 23, 59), new Date(1999, 8, 9), new Date(2030, 1, 28, 0, 0, 1)]) {
      expect(formatDate(date)).toBe(intlDate.format(date));
      expect(formatDate(date.getTime())).toBe(intlDate.format(date));
    }
    const intlNumber = new Intl.NumberFormat("ja-JP");
    for (const value of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, 987_654_321_012, -1, -1234, -1_000_000, 1.5, 1234.567, -0.25]) {
      expect(formatNumber(value)).toBe(intlNumber.format(value));
    }
  });

  it("shortens large counts with Japanese units", () => {
    expect(formatCompactNumber(999)).toBe("999");
    expect(formatCompactNumber(1284)).toBe("1,284");
    expect(formatCompactNumber(10_000)).toBe("1万");
    expect(formatCompactNumber(15230)).toBe("1.5万");
  });
});
