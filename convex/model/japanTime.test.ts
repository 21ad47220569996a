import { describe, expect, test } from "vitest";
import { addDays, endOfJapanDay, japanDate, japanDateTime } from "./japanTime";

describe("Japan time", () => {
  test("the calendar day turns at midnight in Japan, 15:00 UTC", () => {
    expect(japanDate(Date.UTC(2025, 3, 1, 14, 59))).toBe("2025-04-01");
    expect(japanDate(Date.UTC(2025, 3, 1, 15, 0))).toBe("2025-04-02");
    expect(japanDateTime(Date.UTC(2025, 3, 1, 15, 5))).toBe("2025-04-02 00:05");
  });

  test("a day's end is its last millisecond in Japan; days add across months and leap days", () => {
    expect(endOfJapanDay("2025-04-01")).toBe(Date.UTC(2025, 3, 1, 15, 0) - 1);
    expect(japanDate(endOfJapanDay("2025-04-01"))).toBe("2025-04-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });
});
