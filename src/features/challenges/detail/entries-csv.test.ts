import { describe, expect, it } from "vitest";
import { csvField } from "@/lib/csv";
import { csvFileName, csvTime, entriesCsv } from "./entries-csv";

describe("entries CSV", () => {
  it("has a BOM, a Japanese header, one line per entry and Japan time", () => {
    const csv = entriesCsv(
      [{ title: "星空タイピング", author: "高橋みお", projectId: "p1", votesCount: 3, enteredAt: Date.UTC(2026, 10, 23, 15, 5) }],
      (id) => `https://example.com/projects/${id}`,
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "タイトル,作成者,作品URL,投票数,提出日時",
      "星空タイピング,高橋みお,https://example.com/projects/p1,3,2026-11-24 00:05",
      "",
    ]);
  });

  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField("1行目\n2行目")).toBe('"1行目\n2行目"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("普通")).toBe("普通");
  });

  it("formats times and names files safely", () => {
    expect(csvTime(Date.UTC(2026, 0, 1, 0, 0))).toBe("2026-01-01 09:00");
    expect(csvFileName('冬/を"楽しむ"')).toBe("冬 を楽しむ_提出作品.csv");
    expect(csvFileName("///")).toBe("challenge_提出作品.csv");
  });

  it("names a file after a title with markup by the title's words, not the tags' letters", () => {
    expect(csvFileName("<b>Q</b>&A <i>ハッカソン</i>")).toBe("Q &A ハッカソン_提出作品.csv");
    expect(csvFileName('<script>alert("x")</script>作品展')).toBe("alert(x) 作品展_提出作品.csv");
    expect(csvFileName("1 < 2 > 0")).toBe("1 2 0_提出作品.csv");
  });

  it("keeps the name short without splitting a character, and never a name Windows refuses", () => {
    const family = "👨‍👩‍👧";
    const name = csvFileName("あ".repeat(39) + family + "い");
    expect(name).toBe("あ".repeat(39) + family + "_提出作品.csv");
    expect(csvFileName("CON")).toBe("CON__提出作品.csv");
    expect(csvFileName("\u202Eevil\u202C title...")).toBe("evil title_提出作品.csv");
  });
});
