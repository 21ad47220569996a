import { ConvexError } from "convex/values";

/** What a server function refused with: ConvexError data is `{ code, message, fields? }`. */
export type ServerError = {
  message: string;
  /** The server's code (e.g. RATE_LIMITED, UNAUTHENTICATED); null for anything not a ConvexError. */
  code: string | null;
  /** Per-field messages, keyed by argument name (e.g. handle, bio). */
  fields: Record<string, string>;
  /** How long to wait before trying again (a RATE_LIMITED refusal), in ms; null when not said. */
  retryAfterMs: number | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The user-facing part of a failed Convex call. Anything that is not a ConvexError (a bug, a
 * dropped connection) falls back to the caller's generic message rather than leaking internals.
 */
export function readServerError(error: unknown, fallback = "エラーが発生しました"): ServerError {
  if (!(error instanceof ConvexError) || !isRecord(error.data)) return { message: fallback, code: null, fields: {}, retryAfterMs: null };
  const { message, code, fields, retryAfterMs } = error.data;
  const fieldMessages: Record<string, string> = {};
  if (isRecord(fields)) {
    for (const [key, value] of Object.entries(fields)) if (typeof value === "string") fieldMessages[key] = value;
  }
  return {
    message: typeof message === "string" && message ? message : fallback,
    code: typeof code === "string" ? code : null,
    fields: fieldMessages,
    retryAfterMs: typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) && retryAfterMs > 0 ? retryAfterMs : null,
  };
}

/**
 * Refusals about the person rather than what they sent: going too fast, or a suspended account.
 * Their own words (when to try again, until when) are what helps, wherever the refusal comes from.
 */
const ABOUT_THE_PERSON: ReadonlySet<string> = new Set(["RATE_LIMITED", "SUSPENDED"]);

export function isAboutThePerson(code: string | null): boolean {
  return code !== null && ABOUT_THE_PERSON.has(code);
}
