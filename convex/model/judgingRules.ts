// Rules of a challenge's judging (docs/product.md "Judging"), shared by the server and the create
// form so both refuse the same settings with the same Japanese message. Plain data only: no
// server imports.
import { cleanText, textProblem } from "./cleanText";

export const JUDGING_LIMITS = {
  criteriaMax: 5,
  nameMax: 20,
  descriptionMax: 100,
  weightMin: 1,
  weightMax: 10,
  /** Judges per challenge, invitations included. */
  judgesMax: 10,
  commentMax: 1000,
  scoreMin: 1,
  scoreMax: 5,
} as const;

/** The combined score's judges share when the organiser does not say: 審査員 70% / 投票 30%. */
export const DEFAULT_JUDGE_WEIGHT = 70;

export const JUDGING_MESSAGES = {
  criteriaRequired: "審査基準を1つ以上入力してください",
  criteriaTooMany: `審査基準は${JUDGING_LIMITS.criteriaMax}個までです`,
  criterionNameRequired: "審査基準の名前を入力してください",
  criterionNameTooLong: `審査基準の名前は${JUDGING_LIMITS.nameMax}文字以内で入力してください`,
  criterionDescriptionTooLong: `審査基準の説明は${JUDGING_LIMITS.descriptionMax}文字以内で入力してください`,
  criterionWeightInvalid: `重みは${JUDGING_LIMITS.weightMin}〜${JUDGING_LIMITS.weightMax}の整数で入力してください`,
  criteriaDuplicate: "同じ名前の審査基準があります",
  judgeWeightInvalid: "審査員の比重は0〜100の整数で入力してください",
  notJudged: "このチャレンジには審査がありません",
  judgingLocked: "審査の設定を変えられるのは募集中だけです",
  judgesTooMany: `審査員は${JUDGING_LIMITS.judgesMax}人までです`,
  judgeNotFound: "そのユーザーIDのユーザーが見つかりません",
  judgeIsOrganiser: "主催者は審査員になれません",
  judgeAlreadyInvited: "このユーザーは既に招待されています",
  judgeIsEntrant: "応募者を審査員に招待することはできません",
  judgeCannotEnter: "審査員は審査するチャレンジに応募できません",
  inviteClosed: "審査員を招待できるのは結果発表の前だけです",
  invitationNotFound: "審査員の招待が見つかりません",
  scoreNotFound: "採点が見つかりません",
  judgeHasScored: "採点済みの審査員は外せません",
  judgingHasJudges: "審査員がいる間は審査をなしにできません。先に審査員を外してください",
  notJudge: "このチャレンジの審査員だけが採点できます",
  scoringNotVoting: "採点できるのは投票期間中だけです",
  ownEntryScore: "自分の作品は採点できません",
  scoresInvalid: `各審査基準を${JUDGING_LIMITS.scoreMin}〜${JUDGING_LIMITS.scoreMax}の整数で採点してください`,
  commentTooLong: `コメントは${JUDGING_LIMITS.commentMax}文字以内で入力してください`,
  awardsInvalid: "賞は優勝とは別の、それぞれ異なる作品に贈ってください",
  resultsNotOut: "結果はまだ発表されていません",
} as const;

export type JudgingInput = {
  criteria: { name: string; description: string; weight: number }[];
  judgeWeight: number;
};

const charCount = (text: string) => Array.from(text).length;

/** The first problem of the settings, or null when they pass. */
export function judgingProblem(input: JudgingInput): string | null {
  if (input.criteria.length === 0) return JUDGING_MESSAGES.criteriaRequired;
  if (input.criteria.length > JUDGING_LIMITS.criteriaMax) return JUDGING_MESSAGES.criteriaTooMany;
  const names = new Set<string>();
  for (const criterion of input.criteria) {
    const name = cleanText(criterion.name, "line");
    const description = cleanText(criterion.description, "line");
    const textIssue = textProblem(name) ?? textProblem(description);
    if (textIssue) return textIssue;
    if (name === "") return JUDGING_MESSAGES.criterionNameRequired;
    if (charCount(name) > JUDGING_LIMITS.nameMax) return JUDGING_MESSAGES.criterionNameTooLong;
    if (charCount(description) > JUDGING_LIMITS.descriptionMax) return JUDGING_MESSAGES.criterionDescriptionTooLong;
    if (!isWholeIn(criterion.weight, JUDGING_LIMITS.weightMin, JUDGING_LIMITS.weightMax)) {
      return JUDGING_MESSAGES.criterionWeightInvalid;
    }
    if (names.has(name)) return JUDGING_MESSAGES.criteriaDuplicate;
    names.add(name);
  }
  if (!isWholeIn(input.judgeWeight, 0, 100)) return JUDGING_MESSAGES.judgeWeightInvalid;
  return null;
}

/** The stored form of valid settings: cleaned text. */
export function normalizeJudging(input: JudgingInput): JudgingInput {
  return {
    criteria: input.criteria.map((criterion) => ({
      name: cleanText(criterion.name, "line"),
      description: cleanText(criterion.description, "line"),
      weight: criterion.weight,
    })),
    judgeWeight: input.judgeWeight,
  };
}

/** Whether a judge's scores fit the criteria: one whole 1–5 per criterion. */
export function scoresFit(scores: number[], criteriaCount: number): boolean {
  return scores.length === criteriaCount && scores.every((score) => isWholeIn(score, JUDGING_LIMITS.scoreMin, JUDGING_LIMITS.scoreMax));
}

function isWholeIn(value: number, min: number, max: number) {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** How the organiser's awards besides the winner read (entries, the results page, share links and cards). */
export const AWARD_LABELS = { excellence: "優秀賞", special: "特別賞" } as const;
export type Award = keyof typeof AWARD_LABELS;
