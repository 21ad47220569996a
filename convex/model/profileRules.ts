// Profile rules (docs/product.md "Profile setup and edit"), shared by the server
// (convex/users.ts) and the setup and edit forms in the browser. Plain functions and data only:
// no server imports, so the frontend can import this file as it is.
import { LIMITS } from "../constants";
import { cleanText, textProblem } from "./cleanText";
import { isHttpUrl } from "./urls";

/** Limits of our own choosing; kept small enough for a profile card. */
export const PROFILE_LIMITS = {
  displayNameMax: 50,
  locationMax: 50,
  urlMax: 200,
} as const;

/** Handles that would collide with the fixed routes /profile/setup and /profile/edit. */
export const RESERVED_HANDLES: readonly string[] = ["setup", "edit"];

export const PROFILE_MESSAGES = {
  handleRequired: "ユーザーIDは必須です",
  handleCharacters: "英数字とアンダースコアのみ使用できます",
  handleTooShort: `${LIMITS.handleMin}文字以上で入力してください`,
  handleTooLong: `${LIMITS.handleMax}文字以内で入力してください`,
  handleTaken: "このユーザーIDは既に使用されています",
  displayNameRequired: "表示名は必須です",
  displayNameTooLong: `表示名は${PROFILE_LIMITS.displayNameMax}文字以内で入力してください`,
  bioRequired: "自己紹介は必須です",
  bioTooShort: `自己紹介は${LIMITS.bioMin}文字以上で入力してください`,
  bioTooLong: `自己紹介は${LIMITS.bioMax}文字以内で入力してください`,
  locationTooLong: `所在地は${PROFILE_LIMITS.locationMax}文字以内で入力してください`,
  invalidUrl: "正しいURL形式で入力してください",
  urlTooLong: `URLは${PROFILE_LIMITS.urlMax}文字以内で入力してください`,
} as const;

/** The form's fields, in the order the forms show them (the first error is reported first). */
export const PROFILE_FIELDS = ["handle", "displayName", "bio", "location", "githubUrl", "twitterUrl", "websiteUrl"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileInput = Record<ProfileField, string>;
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

/** Length in characters as a person counts them (emoji and kanji count as one). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/**
 * What the user-id input is forced to: full-width letters folded, lower-cased, and everything
 * but a-z, 0-9 and _ stripped ("Taro_Dev!" → "taro_dev").
 */
export function normalizeHandle(raw: string): string {
  return raw
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "");
}

/** Checks a handle as given (not normalized). Returns the message, or null when valid. */
export function validateHandle(handle: string): string | null {
  const value = handle.trim();
  if (value === "") return PROFILE_MESSAGES.handleRequired;
  if (!/^[A-Za-z0-9_]+$/.test(value)) return PROFILE_MESSAGES.handleCharacters;
  if (value.length < LIMITS.handleMin) return PROFILE_MESSAGES.handleTooShort;
  if (value.length > LIMITS.handleMax) return PROFILE_MESSAGES.handleTooLong;
  return null;
}

/**
 * Normalizes what the user typed and checks the result. Input that had characters but none
 * usable ("太郎") gets the character-set message rather than "required".
 */
export function checkHandleInput(raw: string): { handle: string; message: string | null } {
  const handle = normalizeHandle(raw);
  if (raw.trim() !== "" && handle === "") return { handle, message: PROFILE_MESSAGES.handleCharacters };
  return { handle, message: validateHandle(handle) };
}

export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.includes(handle);
}

/** Optional link: empty is fine; otherwise an http: or https: URL with a host. */
export function validateUrl(value: string): string | null {
  const url = cleanText(value);
  const textIssue = textProblem(url);
  if (textIssue) return textIssue;
  if (url === "") return null;
  if (charCount(url) > PROFILE_LIMITS.urlMax) return PROFILE_MESSAGES.urlTooLong;
  return isHttpUrl(url) ? null : PROFILE_MESSAGES.invalidUrl;
}

/**
 * Cleans every field by the shared text rule (model/cleanText.ts: NFC, control characters
 * removed, trimmed; the bio keeps its line breaks) and normalizes the handle: what is validated
 * is what gets stored.
 */
export function normalizeProfileInput(input: ProfileInput): ProfileInput {
  return {
    handle: normalizeHandle(input.handle),
    displayName: cleanText(input.displayName),
    bio: cleanText(input.bio, "multiline"),
    location: cleanText(input.location),
    githubUrl: cleanText(input.githubUrl),
    twitterUrl: cleanText(input.twitterUrl),
    websiteUrl: cleanText(input.websiteUrl),
  };
}

function commonErrors(raw: ProfileInput): ProfileFieldErrors {
  const input = normalizeProfileInput(raw);
  const errors: ProfileFieldErrors = {};
  const { displayName, bio, location } = input;
  const displayNameMessage =
    textProblem(displayName) ??
    (displayName === ""
      ? PROFILE_MESSAGES.displayNameRequired
      : charCount(displayName) > PROFILE_LIMITS.displayNameMax
        ? PROFILE_MESSAGES.displayNameTooLong
        : null);
  if (displayNameMessage) errors.displayName = displayNameMessage;
  const bioMessage = textProblem(bio) ?? (charCount(bio) > LIMITS.bioMax ? PROFILE_MESSAGES.bioTooLong : null);
  if (bioMessage) errors.bio = bioMessage;
  const locationMessage =
    textProblem(location) ?? (charCount(location) > PROFILE_LIMITS.locationMax ? PROFILE_MESSAGES.locationTooLong : null);
  if (locationMessage) errors.location = locationMessage;
  for (const field of ["githubUrl", "twitterUrl", "websiteUrl"] as const) {
    const message = validateUrl(input[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** Setup rules: handle, display name and a 20–200 character bio are required. */
export function validateSetup(input: ProfileInput): ProfileFieldErrors {
  const errors = commonErrors(input);
  const handleMessage = checkHandleInput(input.handle).message;
  if (handleMessage) errors.handle = handleMessage;
  const bio = cleanText(input.bio, "multiline");
  if (!errors.bio && bio === "") errors.bio = PROFILE_MESSAGES.bioRequired;
  else if (!errors.bio && charCount(bio) < LIMITS.bioMin) errors.bio = PROFILE_MESSAGES.bioTooShort;
  return orderErrors(errors);
}

/**
 * Edit rules: the handle is checked only when it changed from `currentHandle`; the bio has only
 * its maximum.
 */
export function validateEdit(input: ProfileInput, currentHandle: string | null): ProfileFieldErrors {
  const errors = commonErrors(input);
  const { handle, message } = checkHandleInput(input.handle);
  if (handle !== currentHandle && message) errors.handle = message;
  return orderErrors(errors);
}

function orderErrors(errors: ProfileFieldErrors): ProfileFieldErrors {
  const ordered: ProfileFieldErrors = {};
  for (const field of PROFILE_FIELDS) if (errors[field]) ordered[field] = errors[field];
  return ordered;
}

/** The message shown first (in form order), or null when there is none. */
export function firstProfileError(errors: ProfileFieldErrors): string | null {
  for (const field of PROFILE_FIELDS) if (errors[field]) return errors[field];
  return null;
}
