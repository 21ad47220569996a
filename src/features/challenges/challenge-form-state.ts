import {
  CHALLENGE_FIELDS,
  type ChallengeField,
  type ChallengeFieldErrors,
  type ChallengeFormInput,
} from "../../../convex/model/challengeRules";
import { CHALLENGE_MESSAGES } from "../../../convex/model/challengeTerms";
import { cleanList, uniqueList } from "../../../convex/model/workRules";
import { isAboutThePerson, readServerError } from "@/lib/convex-error";

export type { ChallengeField, ChallengeFieldErrors, ChallengeFormInput };

export const EMPTY_CHALLENGE: ChallengeFormInput = {
  title: "",
  description: "",
  requirements: "",
  endDate: "",
  prize: false,
  prizeDescription: "",
  tags: [],
};

export const CHALLENGE_CREATED_MESSAGE = "チャレンジを作成しました！";

/**
 * What the create mutation receives: text trimmed, tags trimmed and unique (a leading # is
 * dropped), and no prize text when there is no prize (a hidden field should not be sent).
 */
export function toCreateArgs(values: ChallengeFormInput): ChallengeFormInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    requirements: values.requirements.trim(),
    endDate: values.endDate.trim(),
    prize: values.prize,
    prizeDescription: values.prize ? values.prizeDescription.trim() : "",
    tags: uniqueList(cleanList(values.tags, { stripHash: true })),
  };
}

export const hasErrors = (errors: ChallengeFieldErrors) => Object.values(errors).some(Boolean);

/** Whether anything was entered (cancelling then asks before throwing it away). */
export function challengeChanged(values: ChallengeFormInput): boolean {
  return JSON.stringify(values) !== JSON.stringify(EMPTY_CHALLENGE);
}

/**
 * How a refused create reads: the server's field messages go under their fields, and the toast
 * says creating failed — except when the person is simply going too fast, where the server's
 * own message (when to try again) is the useful one.
 */
export function describeCreateFailure(error: unknown): { toast: string; fields: ChallengeFieldErrors } {
  const { message, code, fields } = readServerError(error, CHALLENGE_MESSAGES.createFailed);
  const known: ChallengeFieldErrors = {};
  for (const field of CHALLENGE_FIELDS) if (fields[field]) known[field] = fields[field];
  return { toast: isAboutThePerson(code) ? message : CHALLENGE_MESSAGES.createFailed, fields: known };
}

/** A field of the form was edited: its message (and, for the prize switch, the detail's) goes. */
export function clearedErrors(errors: ChallengeFieldErrors, field: ChallengeField): ChallengeFieldErrors {
  const next = { ...errors };
  delete next[field];
  if (field === "prize") delete next.prizeDescription;
  return next;
}
