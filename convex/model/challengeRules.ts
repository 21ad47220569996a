// Rules of a challenge (docs/product.md "Create a challenge", "Challenge page";
// docs/decisions.md "Challenge rules"), shared by the server (challenges.create) and the create
// form in the browser, so both refuse the same input with the same Japanese message. zod and plain
// data only: no server imports.
//
// Dates are Japanese calendar days: the end date is a day (YYYY-MM-DD) and the challenge runs
// until the end of that day in Japan (UTC+9, no daylight saving).
import { z } from "zod";
import { LIMITS } from "../constants";
import { addDays, DAY_MS, endOfJapanDay, japanDate } from "./japanTime";
import { cleanText, TEXT_MESSAGES, textProblem } from "./cleanText";
import { cleanList, listTextProblem, requiredText, uniqueList, WORK_LIMITS, WORK_MESSAGES } from "./workRules";

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

const charCount = (text: string) => Array.from(text).length;

/** The create form's rules; `today` is the Japanese calendar day the check runs on. */
export function challengeSchema(today: string) {
  return z
    .object({
      title: requiredText(CHALLENGE_MESSAGES.titleRequired, LIMITS.challengeTitleMax, CHALLENGE_MESSAGES.titleTooLong),
      description: requiredText(
        CHALLENGE_MESSAGES.descriptionRequired,
        LIMITS.challengeDescriptionMax,
        CHALLENGE_MESSAGES.descriptionTooLong,
        "multiline",
      ),
      requirements: requiredText(
        CHALLENGE_MESSAGES.requirementsRequired,
        CHALLENGE_LIMITS.requirementsMax,
        CHALLENGE_MESSAGES.requirementsTooLong,
        "multiline",
      ),
      endDate: z
        .string()
        .trim()
        .superRefine((day, ctx) => {
          const message =
            day === "" || !isDay(day)
              ? CHALLENGE_MESSAGES.endDateRequired
              : day <= today
                ? CHALLENGE_MESSAGES.endDateTooEarly
                : day > addDays(today, CHALLENGE_LIMITS.endDateMaxDays)
                  ? CHALLENGE_MESSAGES.endDateTooLate
                  : null;
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      prize: z.boolean(),
      prizeDescription: z.string().transform((value) => cleanText(value, "multiline")),
      tags: z
        .array(z.string())
        .transform((items) => uniqueList(cleanList(items, { stripHash: true })))
        .refine((items) => listTextProblem(items) === null, TEXT_MESSAGES.bidiControl)
        .refine((items) => items.length <= LIMITS.tagsMax, WORK_MESSAGES.tagsTooMany)
        .refine((items) => items.every((item) => charCount(item) <= WORK_LIMITS.tagNameMax), WORK_MESSAGES.tagTooLong),
    })
    .superRefine((value, ctx) => {
      if (!value.prize) return;
      const textIssue = textProblem(value.prizeDescription);
      if (textIssue) {
        ctx.addIssue({ code: "custom", path: ["prizeDescription"], message: textIssue });
      } else if (value.prizeDescription === "") {
        ctx.addIssue({ code: "custom", path: ["prizeDescription"], message: CHALLENGE_MESSAGES.prizeRequired });
      } else if (charCount(value.prizeDescription) > CHALLENGE_LIMITS.prizeDescriptionMax) {
        ctx.addIssue({ code: "custom", path: ["prizeDescription"], message: CHALLENGE_MESSAGES.prizeTooLong });
      }
    });
}

export type ChallengeFormInput = z.input<ReturnType<typeof challengeSchema>>;

/** Form order: the first message shown is the first field's. */
export const CHALLENGE_FIELDS = ["title", "description", "requirements", "endDate", "prize", "prizeDescription", "tags"] as const;
export type ChallengeField = (typeof CHALLENGE_FIELDS)[number];
export type ChallengeFieldErrors = Partial<Record<ChallengeField, string>>;

/** Every problem of the form, in form order. */
export function validateChallenge(input: ChallengeFormInput, today: string): ChallengeFieldErrors {
  const result = challengeSchema(today).safeParse(input);
  if (result.success) return {};
  const found: ChallengeFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ChallengeField;
    found[field] ??= issue.message;
  }
  const ordered: ChallengeFieldErrors = {};
  for (const field of CHALLENGE_FIELDS) if (found[field]) ordered[field] = found[field];
  return ordered;
}

/** The stored form of valid input: cleaned text (model/cleanText.ts), the end as an instant, no prize text without a prize. */
export function normalizeChallenge(input: ChallengeFormInput, today: string) {
  const parsed = challengeSchema(today).parse(input);
  return {
    title: parsed.title,
    description: parsed.description,
    requirements: parsed.requirements,
    endDate: endOfJapanDay(parsed.endDate),
    prize: parsed.prize,
    ...(parsed.prize ? { prizeDescription: parsed.prizeDescription } : {}),
    tags: parsed.tags,
  };
}
