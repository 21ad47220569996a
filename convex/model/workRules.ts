// Rules of a work's fields (docs/product.md "Posting wizard"; docs/decisions.md "Text"),
// shared by the server (projects.create / projects.update) and the posting wizard in the
// browser, so both refuse the same input with the same Japanese message. zod schemas and plain
// data only: no server imports, so the frontend imports this file as it is.
import { z } from "zod";
import { GENRE_IDS, LIMITS, type Genre } from "../constants";
import { cleanText, TEXT_MESSAGES, textProblem, type TextKind } from "./cleanText";
import { isHttpUrl } from "./urls";

/** Limits of our own choosing, sized for a work page and a gallery card. */
export const WORK_LIMITS = {
  titleMax: 100,
  descriptionMax: 2000,
  vibeDescriptionMax: 2000,
  urlMax: 500,
  aiToolNameMax: 40,
  techStackMax: 10,
  tagNameMax: 30,
  screenshotsMin: 1,
} as const;

export const WORK_MESSAGES = {
  signInRequired: "作品を投稿するにはログインが必要です",
  editForbidden: "この作品を編集する権限がありません",
  editNotFound: "作品が見つかりません",
  titleRequired: "タイトルは必須です",
  titleTooLong: `タイトルは${WORK_LIMITS.titleMax}文字以内で入力してください`,
  descriptionRequired: "説明は必須です",
  descriptionTooLong: `説明は${WORK_LIMITS.descriptionMax}文字以内で入力してください`,
  vibeRequired: "Vibeの説明は必須です",
  vibeTooLong: `Vibeの説明は${WORK_LIMITS.vibeDescriptionMax}文字以内で入力してください`,
  genreRequired: "ジャンルを選択してください",
  demoUrlRequired: "デモURLは必須です",
  invalidUrl: "正しいURL形式で入力してください",
  urlTooLong: `URLは${WORK_LIMITS.urlMax}文字以内で入力してください`,
  screenshotsRequired: "スクリーンショットを少なくとも1枚アップロードしてください",
  screenshotsTooMany: `スクリーンショットは最大${LIMITS.screenshotsMax}枚まで追加できます`,
  aiToolsRequired: "使用したAIツールを少なくとも1つ選択してください",
  aiToolsTooMany: `AIツールは最大${LIMITS.aiToolsMax}個まで追加できます`,
  aiToolDuplicate: "このAIツールは既に追加されています",
  aiToolTooLong: `AIツール名は${WORK_LIMITS.aiToolNameMax}文字以内で入力してください`,
  techStackTooMany: `技術スタックは最大${WORK_LIMITS.techStackMax}個まで追加できます`,
  tagsTooMany: `タグは最大${LIMITS.tagsMax}個まで追加できます`,
  techStackItemTooLong: `技術スタックは1つ${WORK_LIMITS.tagNameMax}文字以内で入力してください`,
  tagTooLong: `タグは${WORK_LIMITS.tagNameMax}文字以内で入力してください`,
  zeroCodeLocked: "ゼロコード宣言は投稿後に変更できません",
} as const;

/** Length in characters as a person counts them (emoji and kanji count as one). */
const charCount = (text: string) => Array.from(text).length;

/** Case- and width-insensitive key, so "claude" and "Ｃｌａｕｄｅ" are the same tool. */
export const listKey = (item: string) => item.normalize("NFKC").toLowerCase();

/**
 * A required text field: cleaned by the shared text rule (model/cleanText.ts: NFC, control
 * characters removed, trimmed), refused when it holds bidirectional controls, blank or too long.
 * Multi-line fields keep their newlines and tabs. The parsed value is the cleaned text.
 */
export function requiredText(required: string, max: number, tooLong: string, kind: TextKind = "line") {
  return z
    .string()
    .transform((value) => cleanText(value, kind))
    .superRefine((value, ctx) => {
      const message = textProblem(value) ?? (value === "" ? required : charCount(value) > max ? tooLong : null);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

/** The first item's problem under the shared text rule (bidirectional controls), or null. */
export function listTextProblem(items: readonly string[]): string | null {
  for (const item of items) {
    const problem = textProblem(item);
    if (problem) return problem;
  }
  return null;
}

/** An http(s) URL with a host (docs/decisions.md "Text"); empty allowed unless `required`. */
export function urlProblem(value: string, required?: string): string | null {
  const url = cleanText(value);
  const textIssue = textProblem(url);
  if (textIssue) return textIssue;
  if (url === "") return required ?? null;
  if (charCount(url) > WORK_LIMITS.urlMax) return WORK_MESSAGES.urlTooLong;
  return isHttpUrl(url) ? null : WORK_MESSAGES.invalidUrl;
}

function url(required?: string) {
  return z
    .string()
    .transform((value) => cleanText(value))
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, required);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/**
 * Cleans entries by the shared text rule (NFC, no control characters, trimmed), drops blanks,
 * and (for tags) a leading "#" the person typed out of habit.
 */
export function cleanList(items: readonly string[], { stripHash = false } = {}): string[] {
  return items.map((item) => (stripHash ? cleanText(cleanText(item).replace(/^#+/, "")) : cleanText(item))).filter((item) => item !== "");
}

/** Keeps the first of entries that differ only in case or width. */
export function uniqueList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = listKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const genre = z.string().refine((value): value is Genre => (GENRE_IDS as readonly string[]).includes(value), WORK_MESSAGES.genreRequired);

/** Step 1: basic information. */
export const basicInfoSchema = z.object({
  title: requiredText(WORK_MESSAGES.titleRequired, WORK_LIMITS.titleMax, WORK_MESSAGES.titleTooLong),
  description: requiredText(WORK_MESSAGES.descriptionRequired, WORK_LIMITS.descriptionMax, WORK_MESSAGES.descriptionTooLong, "multiline"),
  vibeDescription: requiredText(WORK_MESSAGES.vibeRequired, WORK_LIMITS.vibeDescriptionMax, WORK_MESSAGES.vibeTooLong, "multiline"),
  genre,
  demoUrl: url(WORK_MESSAGES.demoUrlRequired),
  demoVideoUrl: url(),
  repositoryUrl: url(),
});

/** Step 3: AI tools (required, at most 5, no duplicates), tech stack and tags (blanks ignored). */
export const techInfoSchema = z.object({
  aiTools: z
    .array(z.string())
    .transform((tools) => cleanList(tools))
    .superRefine((tools, ctx) => {
      const message =
        listTextProblem(tools) ??
        (tools.length === 0
          ? WORK_MESSAGES.aiToolsRequired
          : tools.length > LIMITS.aiToolsMax
            ? WORK_MESSAGES.aiToolsTooMany
            : tools.some((tool) => charCount(tool) > WORK_LIMITS.aiToolNameMax)
              ? WORK_MESSAGES.aiToolTooLong
              : uniqueList(tools).length !== tools.length
                ? WORK_MESSAGES.aiToolDuplicate
                : null);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
  techStack: z
    .array(z.string())
    .transform((items) => uniqueList(cleanList(items)))
    .refine((items) => listTextProblem(items) === null, TEXT_MESSAGES.bidiControl)
    .refine((items) => items.length <= WORK_LIMITS.techStackMax, WORK_MESSAGES.techStackTooMany)
    .refine((items) => items.every((item) => charCount(item) <= WORK_LIMITS.tagNameMax), WORK_MESSAGES.techStackItemTooLong),
  tags: z
    .array(z.string())
    .transform((items) => uniqueList(cleanList(items, { stripHash: true })))
    .refine((items) => listTextProblem(items) === null, TEXT_MESSAGES.bidiControl)
    .refine((items) => items.length <= LIMITS.tagsMax, WORK_MESSAGES.tagsTooMany)
    .refine((items) => items.every((item) => charCount(item) <= WORK_LIMITS.tagNameMax), WORK_MESSAGES.tagTooLong),
  isZeroCode: z.boolean(),
});

export type BasicInfoInput = z.input<typeof basicInfoSchema>;
export type TechInfoInput = z.input<typeof techInfoSchema>;
/** What an author types, before trimming: every text field a string, every list an array. */
export type WorkFormInput = BasicInfoInput & TechInfoInput;

/** The fields in the order the wizard shows them; the first error is reported first. */
export const WORK_FIELDS = [
  "title",
  "description",
  "vibeDescription",
  "genre",
  "demoUrl",
  "demoVideoUrl",
  "repositoryUrl",
  "screenshots",
  "aiTools",
  "techStack",
  "tags",
  "isZeroCode",
] as const;
export type WorkField = (typeof WORK_FIELDS)[number];
export type WorkFieldErrors = Partial<Record<WorkField, string>>;

function errorsOf(error: z.ZodError): WorkFieldErrors {
  const errors: WorkFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as WorkField;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function validateBasicInfo(input: BasicInfoInput): WorkFieldErrors {
  const result = basicInfoSchema.safeParse(input);
  return result.success ? {} : errorsOf(result.error);
}

export function validateTechInfo(input: TechInfoInput): WorkFieldErrors {
  const result = techInfoSchema.safeParse(input);
  return result.success ? {} : errorsOf(result.error);
}

/** Step 2: between 1 and 5 screenshots. */
export function screenshotCountProblem(count: number): string | null {
  if (count < WORK_LIMITS.screenshotsMin) return WORK_MESSAGES.screenshotsRequired;
  if (count > LIMITS.screenshotsMax) return WORK_MESSAGES.screenshotsTooMany;
  return null;
}

/** Every problem of a whole work, in form order. */
export function validateWork(input: WorkFormInput, screenshotCount: number): WorkFieldErrors {
  const found: WorkFieldErrors = { ...validateBasicInfo(input), ...validateTechInfo(input) };
  const screenshots = screenshotCountProblem(screenshotCount);
  if (screenshots) found.screenshots = screenshots;
  const ordered: WorkFieldErrors = {};
  for (const field of WORK_FIELDS) if (found[field]) ordered[field] = found[field];
  return ordered;
}

export function firstWorkError(errors: WorkFieldErrors): string | null {
  for (const field of WORK_FIELDS) if (errors[field]) return errors[field];
  return null;
}

/** The stored form of valid input: cleaned text (model/cleanText.ts), unset optional links, cleaned lists. */
export function normalizeWork(input: WorkFormInput) {
  const basic = basicInfoSchema.parse(input);
  const tech = techInfoSchema.parse(input);
  const optional = (value: string) => (value === "" ? undefined : value);
  return {
    title: basic.title,
    description: basic.description,
    vibeDescription: basic.vibeDescription,
    genre: basic.genre,
    demoUrl: basic.demoUrl,
    demoVideoUrl: optional(basic.demoVideoUrl),
    repositoryUrl: optional(basic.repositoryUrl),
    aiTools: tech.aiTools,
    techStack: tech.techStack,
    tags: tech.tags,
    isZeroCode: tech.isZeroCode,
  };
}
