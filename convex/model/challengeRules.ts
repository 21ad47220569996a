// Rules of a challenge (docs/product.md "Create a challenge", "Challenge page";
// docs/decisions.md "Challenge rules"), shared by the server (challenges.create) and the create
// form in the browser, so both refuse the same input with the same Japanese message. zod and plain
// data only: no server imports. The words, limits and dates pages also show live in challengeTerms.ts.
//
// Dates are Japanese calendar days: the end date is a day (YYYY-MM-DD) and the challenge runs
// until the end of that day in Japan (UTC+9, no daylight saving).
import { z } from "zod";
import { LIMITS } from "../constants";
import { addDays, endOfJapanDay } from "./japanTime";
import { CHALLENGE_LIMITS, CHALLENGE_MESSAGES, isDay } from "./challengeTerms";
import { cleanText, TEXT_MESSAGES, textProblem } from "./cleanText";
import { cleanList, listTextProblem, requiredText, uniqueList, WORK_LIMITS, WORK_MESSAGES } from "./workRules";

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
