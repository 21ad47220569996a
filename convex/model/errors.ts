// Errors a user can see: `ConvexError({ code, message })` with the Japanese text the client shows
// (`error.data.message`). Form errors also carry `fields` so each message sits by its input.
import { ConvexError } from "convex/values";

export type UserErrorData = { code: string; message: string; fields?: Record<string, string> };

export function userError(code: string, message: string, fields?: Record<string, string>) {
  const data: UserErrorData = fields ? { code, message, fields } : { code, message };
  return new ConvexError(data);
}

/** Several fields failed: `message` is the first in form order, `fields` has them all. */
export function invalidInput(fields: Record<string, string>, firstMessage: string) {
  return userError("INVALID_INPUT", firstMessage, fields);
}
