// Who is calling. Every public function derives the caller from `ctx.auth` (never from an
// argument), and a signed-in token only counts while its user document still exists: after an
// account is deleted, a still-valid token must not act as the old user.
import { getAuthUserId } from "@convex-dev/auth/server";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { userError } from "./errors";

export const SIGN_IN_REQUIRED_MESSAGE = "ログインが必要です";

/** The caller's user id, or null when signed out (or the token names no valid user id). */
export async function getViewerId(ctx: QueryCtx): Promise<Id<"users"> | null> {
  const raw = await getAuthUserId(ctx);
  return raw === null ? null : ctx.db.normalizeId("users", raw);
}

/** The caller's user document, or null when signed out or the user no longer exists. */
export async function getViewer(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const userId = await getViewerId(ctx);
  return userId === null ? null : await ctx.db.get("users", userId);
}

/**
 * The caller's user document; throws UNAUTHENTICATED otherwise. Features with their own wording
 * pass it ('いいねするにはログインが必要です' ...).
 */
export async function requireViewer(ctx: QueryCtx, message: string = SIGN_IN_REQUIRED_MESSAGE): Promise<Doc<"users">> {
  const viewer = await getViewer(ctx);
  if (!viewer) throw userError("UNAUTHENTICATED", message);
  return viewer;
}
