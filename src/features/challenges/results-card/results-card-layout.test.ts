import { describe, expect, it } from "vitest";
import { graphemes } from "@/lib/share-card/title-layout";
import { layoutResultsCard, RESULTS_CARD, type MeasureFor } from "./results-card-layout";

/** Every character one font size wide (as Japanese is). */
const measureFor: MeasureFor = (_weight, fontSize) => (text) => graphemes(text).length * fontSize;

const base = {
  challengeTitle: "夏のゲームジャム",
  winner: { title: "ねこの家計簿", authorName: "山田" },
  awards: [],
};

describe("layoutResultsCard", () => {
  it("a short card: the title on one line at the largest size, the winner's title and author, no award rows", () => {
    const layout = layoutResultsCard(base, measureFor);
    expect(layout.challengeTitle).toEqual({ fontSize: 52, lines: ["夏のゲームジャム"] });
    expect(layout.winnerTitle).toEqual({ fontSize: 34, lines: ["ねこの家計簿"] });
    expect(layout.author).toBe("山田さん");
    expect(layout.awards).toEqual([]);
  });

  it("a long challenge title steps down and is cut with an ellipsis on its third line", () => {
    const layout = layoutResultsCard({ ...base, challengeTitle: "長".repeat(60) }, measureFor);
    expect(layout.challengeTitle.fontSize).toBe(38);
    expect(layout.challengeTitle.lines).toHaveLength(3);
    expect(layout.challengeTitle.lines[2]!.endsWith("…")).toBe(true);
    for (const line of layout.challengeTitle.lines) expect(graphemes(line).length * 38).toBeLessThanOrEqual(RESULTS_CARD.textWidth);
  });

  it("the winner's title takes two smaller lines when one is not enough, then an ellipsis; a long name is cut", () => {
    const two = layoutResultsCard({ ...base, winner: { title: "あ".repeat(20), authorName: "名".repeat(40) } }, measureFor);
    expect(two.winnerTitle.fontSize).toBe(30);
    expect(two.winnerTitle.lines).toHaveLength(2);
    expect(two.author.endsWith("…")).toBe(true);
    expect(graphemes(two.author).length * 24).toBeLessThanOrEqual(RESULTS_CARD.winnerWidth);
    const cut = layoutResultsCard({ ...base, winner: { title: "あ".repeat(80), authorName: "山田" } }, measureFor);
    expect(cut.winnerTitle.lines).toHaveLength(2);
    expect(cut.winnerTitle.lines[1]!.endsWith("…")).toBe(true);
  });

  it("the awards given, 優秀賞 before 特別賞 whatever their order, each title on one line", () => {
    const layout = layoutResultsCard(
      {
        ...base,
        awards: [
          { award: "special", title: "特".repeat(40) },
          { award: "excellence", title: "優れた作品" },
        ],
      },
      measureFor,
    );
    expect(layout.awards.map((row) => row.label)).toEqual(["優秀賞", "特別賞"]);
    expect(layout.awards[0]!.title).toBe("優れた作品");
    expect(layout.awards[1]!.title.endsWith("…")).toBe(true);
    expect(graphemes(layout.awards[1]!.title).length * 24).toBeLessThanOrEqual(
      RESULTS_CARD.textWidth - RESULTS_CARD.awardLabelWidth - RESULTS_CARD.awardGap,
    );
    expect(layoutResultsCard({ ...base, awards: [{ award: "special", title: "一つだけ" }] }, measureFor).awards).toEqual([
      { label: "特別賞", title: "一つだけ" },
    ]);
  });
});
