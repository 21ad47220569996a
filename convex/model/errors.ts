// Errors a user can see: `ConvexError({ code, message })` with the Japanese text the client shows
// (`error.data.message`). Form errors also carry `fields` so each message sits by its input.
import { ConvexError } from "convex/values";

/**
 * Every code a refusal can carry, so the client can tell kinds apart (RATE_LIMITED also carries
 * retryAfterMs, model/rateLimits.ts). A new kind of refusal is added here first.
 */
export const ERROR_CODES = [
  "UNAUTHENTICATED",
  "SUSPENDED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INVALID_INPUT",
  "INVALID_IMAGE",
  "INVALID_GENRE",
  "INVALID_CURSOR",
  "INVALID_CONFIRMATION",
  "INVALID_STATE",
  "HANDLE_TAKEN",
  "CONFLICT",
  "CLOSED",
  "TOO_MANY_DRAFTS",
  "RATE_LIMITED",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type UserErrorData = { code: ErrorCode; message: string; fields?: Record<string, string> };

export function userError(code: Exclude<ErrorCode, "RATE_LIMITED">, message: string, fields?: Record<string, string>) {
  const data: UserErrorData = fields ? { code, message, fields } : { code, message };
  return new ConvexError(data);
}

/** Several fields failed: `message` is the first in form order, `fields` has them all. */
export function invalidInput(fields: Record<string, string>, firstMessage: string) {
  return userError("INVALID_INPUT", firstMessage, fields);
}
