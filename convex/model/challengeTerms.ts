// The words and dates of a challenge that pages show (docs/product.md "Challenge page"): limits,
// messages, voting days and deadlines. Plain data without zod, so the challenge list and the
// challenge page load none of the form's validation (challengeRules.ts).
//
// Dates are Japanese calendar days: the end date is a day (YYYY-MM-DD) and the challenge runs
// until the end of that day in Japan (UTC+9, no daylight saving).
import { LIMITS } from "../constants";
import { DAY_MS, endOfJapanDay, japanDate } from "./japanTime";

/** Limits of our own choosing. */
export const CHALLENGE_LIMITS = {
  requirementsMax: 2000,
  prizeDescriptionMax: 500,
  /** The latest end date the form accepts, in days from today. */
  endDateMaxDays: 365,
  /** The form's hint: 1 to 4 weeks. */
  recommendedMinDays: 7,
  recommendedMaxDays: 28,
} as const;

/** How long voting may run, in days; the organiser picks one when opening it. */
export const VOTING_DAY_CHOICES = [3, 7, 14] as const;
export const DEFAULT_VOTING_DAYS = 7;
const VOTING_DAY_CHOICES_TEXT = VOTING_DAY_CHOICES.map((days) => `${days}日`).join("・");

export const CHALLENGE_MESSAGES = {
  createSignIn: "チャレンジを作成するにはログインが必要です",
  enterSignIn: "チャレンジに参加するにはログインが必要です",
  voteSignIn: "投票するにはログインが必要です",
  titleRequired: "タイトルを入力してください",
  titleTooLong: `タイトルは${LIMITS.challengeTitleMax}文字以内で入力してください`,
  descriptionRequired: "説明を入力してください",
  descriptionTooLong: `説明は${LIMITS.challengeDescriptionMax}文字以内で入力してください`,
  requirementsRequired: "要件・ルールを入力してください",
  requirementsTooLong: `要件・ルールは${CHALLENGE_LIMITS.requirementsMax}文字以内で入力してください`,
  endDateRequired: "終了日を選択してください",
  endDateTooEarly: "終了日は明日以降を選択してください",
  endDateTooLate: "終了日は1年以内で選択してください",
  prizeRequired: "賞品の詳細を入力してください",
  prizeTooLong: `賞品の詳細は${CHALLENGE_LIMITS.prizeDescriptionMax}文字以内で入力してください`,
  createFailed: "チャレンジの作成中にエラーが発生しました",
  durationHint: "期間は1〜4週間がおすすめです",
  notFound: "チャレンジが見つかりません",
  submissionNotFound: "提出作品が見つかりません",
  alreadyEntered: "既にこのチャレンジに提出しています",
  notOwnWork: "自分の作品だけを提出できます",
  entriesClosed: "このチャレンジは作品の募集を終了しました",
  deadlinePassed: "提出期限を過ぎているため提出できません",
  organiserOnly: "この操作はチャレンジの主催者だけが行えます",
  votingNotActive: "投票期間を開始できるのは募集中のチャレンジだけです",
  votingNeedsEntries: "提出作品がないため投票期間を開始できません",
  votingStartConfirm: "投票期間を開始しますか？",
  votingStarted: "投票期間を開始しました！",
  notVoting: "投票期間中のみ投票できます",
  votingClosed: "投票の受付は終了しました",
  votingDaysInvalid: `投票期間は${VOTING_DAY_CHOICES_TEXT}から選んでください`,
  ownEntryVote: "自分の作品には投票できません",
  voteFailed: "投票中にエラーが発生しました",
  winnerNotVoting: "優勝者を選べるのは投票期間中のチャレンジだけです",
  winnerConfirm: "この作品を優勝者として選択しますか？この操作は取り消せません。",
  winnerSelected: "優勝者を選択しました！",
  resultsNotPublished: "結果はまだ発表されていません",
  postedAndEntered: "作品を投稿し、チャレンジに提出しました！",
  postedEntryFailed: "作品は投稿されましたが、チャレンジへの提出でエラーが発生しました: ",
} as const;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a string is a real calendar day written as YYYY-MM-DD. */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
}

/** Calendar days from today (in Japan) to the end day: 0 on the last day and after it. */
export function daysLeft(endDate: number, now: number): number {
  const days = (Date.parse(japanDate(endDate)) - Date.parse(japanDate(now))) / DAY_MS;
  return Math.max(0, Math.round(days));
}

/** When voting that opens at `startedAt` for `days` closes: the end of that Japanese day. */
export function votingEndsAtFrom(startedAt: number, days: number): number {
  return endOfJapanDay(japanDate(startedAt + days * DAY_MS));
}

/** A challenge's voting deadline (challenges from before deadlines existed get the default). */
export function votingDeadline(challenge: { votingEndsAt?: number; votingStartedAt?: number; updatedAt: number }): number {
  return challenge.votingEndsAt ?? votingEndsAtFrom(challenge.votingStartedAt ?? challenge.updatedAt, DEFAULT_VOTING_DAYS);
}
