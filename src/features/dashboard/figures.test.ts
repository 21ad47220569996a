import { describe, expect, test } from "vitest";
import { changeText, csvName, dailyCsv, FIGURES, longDay, shortDay, type DayRow } from "./figures";

const day = (d: string, views: number, likes = 0, unlikes = 0): DayRow => ({
  day: d,
  views,
  likes,
  unlikes,
  comments: 0,
  saves: 0,
  unsaves: 0,
  shareOpens: 0,
  follows: 0,
  unfollows: 0,
});

describe("dashboard figures", () => {
  test("the change against the previous period", () => {
    expect(changeText(12, 10)).toBe("+20%");
    expect(changeText(5, 10)).toBe("−50%");
    expect(changeText(0, 0)).toBe("±0%");
    expect(changeText(3, 0)).toBe("新規");
    expect(changeText(2500, 1000)).toBe("+150%");
  });

  test("dates read in Japanese", () => {
    expect(shortDay("2025-04-07")).toBe("4/7");
    expect(longDay("2025-04-07")).toBe("2025年4月7日(月)");
  });

  test("the CSV: BOM, a header of Japanese labels, one row per day with gained and lost", () => {
    const csv = dailyCsv([day("2025-04-06", 3, 2, 1), day("2025-04-07", 1234)], FIGURES.slice(0, 2));
    expect(csv.startsWith("\uFEFF日付,閲覧数,いいね,いいね（取り消し）\r\n")).toBe(true);
    expect(csv).toContain("2025-04-06,3,2,1\r\n");
    expect(csv).toContain("2025-04-07,1234,0,0\r\n");
    expect(csvName("analytics", "2025-04-07", 30)).toBe("analytics-2025-04-07-30days.csv");
  });
});
