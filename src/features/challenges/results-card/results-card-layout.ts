// What the results' share card shows, and where the words break: the challenge's title under
// the 「結果発表」 label, the winning work's title and author under its screenshot, and a row per
// award (優秀賞 before 特別賞) at the foot of the text column. Pure: the widths come from an
// injected measure (the canvas in the browser, a fake in tests).
import { AWARD_LABELS, type Award } from "../../../../convex/model/judgingRules";
import { fitLine, fitTitle, type Measure, type TitleSize } from "@/lib/share-card/title-layout";

export type ResultsCardText = {
  challengeTitle: string;
  winner: { title: string; authorName: string };
  awards: ReadonlyArray<{ award: Award; title: string }>;
};

/** The text column (left) and the stage with the winner (right); shared with the drawing. */
export const RESULTS_CARD = {
  pad: 64,
  stageX: 600,
  textWidth: 600 - 64 - 48,
  /** The winner's words under the screenshot, on the stage. */
  winnerWidth: 1200 - 648 - 48,
  /** The award's label pill, then a gap, then the title. */
  awardLabelWidth: 96,
  awardGap: 16,
} as const;

/** Largest first; a long title steps down, then is cut with an ellipsis on its third line. */
export const CHALLENGE_TITLE_SIZES: readonly TitleSize[] = [
  { fontSize: 52, maxLines: 2 },
  { fontSize: 44, maxLines: 3 },
  { fontSize: 38, maxLines: 3 },
];
/** The winner's title: one line if it can, else two smaller ones. */
export const WINNER_TITLE_SIZES: readonly TitleSize[] = [
  { fontSize: 34, maxLines: 1 },
  { fontSize: 30, maxLines: 2 },
];
export const AWARD_TITLE_SIZE = 24;
export const AUTHOR_SIZE = 24;

/** Which font each piece is set in, so the layout and the drawing measure the same thing. */
export type MeasureFor = (weight: number, fontSize: number) => Measure;

export type ResultsCardLayout = {
  challengeTitle: { fontSize: number; lines: string[] };
  winnerTitle: { fontSize: number; lines: string[] };
  author: string;
  awards: Array<{ label: string; title: string }>;
};

export function layoutResultsCard(text: ResultsCardText, measureFor: MeasureFor): ResultsCardLayout {
  const { textWidth, winnerWidth, awardLabelWidth, awardGap } = RESULTS_CARD;
  const challengeTitle = fitTitle(text.challengeTitle, textWidth, CHALLENGE_TITLE_SIZES, (size) => measureFor(800, size));
  const winnerTitle = fitTitle(text.winner.title, winnerWidth, WINNER_TITLE_SIZES, (size) => measureFor(800, size));
  const author = fitLine(`${text.winner.authorName}さん`, winnerWidth, measureFor(600, AUTHOR_SIZE));
  const order: Award[] = ["excellence", "special"];
  const awards = order.flatMap((award) => {
    const given = text.awards.find((row) => row.award === award);
    if (!given) return [];
    const title = fitLine(given.title, textWidth - awardLabelWidth - awardGap, measureFor(700, AWARD_TITLE_SIZE));
    return [{ label: AWARD_LABELS[award], title }];
  });
  return {
    challengeTitle: { fontSize: challengeTitle.fontSize, lines: challengeTitle.lines },
    winnerTitle: { fontSize: winnerTitle.fontSize, lines: winnerTitle.lines },
    author,
    awards,
  };
}
