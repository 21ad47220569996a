// The builders every public function is made with, so the caller checks live in one place and a
// new function cannot forget one (docs: architecture, "function builders"):
//
// - `publicQuery`: anyone; `ctx.viewerId` is the caller's id or null.
// - `userQuery` / `userMutation`: a signed-in caller (`ctx.viewer`), suspended or not: reading
//   one's own data, settings, notifications, asking for review, deleting the account.
// - `memberMutation`: a signed-in caller who is not suspended. Every write a person makes to the
//   community uses it.
// - `memberAction`: an action for a signed-in caller (`ctx.viewerId`, checked in the database).
// - `moderatorQuery` / `moderatorMutation`, `adminMutation`: by role, read from the database.
//
// Every write builder takes `rateLimit`: the caller's bucket (model/rateLimits.ts), counted before
// the handler runs, so anything a person can repeat is limited in the same place.
import { customAction, customMutation, customQuery } from "convex-helpers/server/customFunctions";
import type { Doc } from "../_generated/dataModel";
import { action, mutation, query } from "../_generated/server";
import { getAuthUserId } from "@convex-dev/auth/server";
import { getViewer, getViewerId, requireViewer, SIGN_IN_REQUIRED_MESSAGE } from "./auth";
import { userError } from "./errors";
import { enforceRateLimit, type RateLimitName } from "./rateLimits";
import { isSuspended, suspensionMessage } from "./suspension";

export const MODERATOR_ONLY_MESSAGE = "この操作はモデレーターのみ行えます";
export const ADMIN_ONLY_MESSAGE = "この操作は管理者のみ行えます";

/** What a function definition may add: the wording of its sign-in refusal, its rate limit. */
type CallerOptions = { signInMessage?: string };
type WriteOptions = CallerOptions & { rateLimit?: RateLimitName };

export const publicQuery = customQuery(query, {
  args: {},
  input: async (ctx) => ({ ctx: { viewerId: await getViewerId(ctx) }, args: {} }),
});

/** A write a visitor may make too (counting a view): `ctx.viewer` is the caller or null. */
export const publicMutation = customMutation(mutation, {
  args: {},
  input: async (ctx) => ({ ctx: { viewer: await getViewer(ctx) }, args: {} }),
});

export const userQuery = customQuery(query, {
  args: {},
  input: async (ctx, _args, { signInMessage }: CallerOptions) => ({
    ctx: { viewer: await requireViewer(ctx, signInMessage) },
    args: {},
  }),
});

export const userMutation = customMutation(mutation, {
  args: {},
  input: async (ctx, _args, { signInMessage, rateLimit }: WriteOptions) => {
    const viewer = await requireViewer(ctx, signInMessage);
    if (rateLimit) await enforceRateLimit(ctx, rateLimit, viewer._id);
    return { ctx: { viewer }, args: {} };
  },
});

/** Throws SUSPENDED, saying until when, for a suspended caller. */
export function requireNotSuspended(viewer: Doc<"users">, now: number): void {
  if (isSuspended(viewer, now)) throw userError("SUSPENDED", suspensionMessage(viewer.suspension!));
}

export const memberMutation = customMutation(mutation, {
  args: {},
  input: async (ctx, _args, { signInMessage, rateLimit }: WriteOptions) => {
    const viewer = await requireViewer(ctx, signInMessage);
    requireNotSuspended(viewer, Date.now());
    if (rateLimit) await enforceRateLimit(ctx, rateLimit, viewer._id);
    return { ctx: { viewer }, args: {} };
  },
});

/**
 * An action for a signed-in caller. Actions cannot read the database, so `ctx.authUserId` is the
 * token's user id as given: the handler's internal query checks the user still exists. (The
 * upload checks are its only users; the upload URL they need is refused to suspended users.)
 */
export const memberAction = customAction(action, {
  args: {},
  input: async (ctx, _args, { signInMessage, rateLimit }: WriteOptions) => {
    const authUserId = await getAuthUserId(ctx);
    if (authUserId === null) throw userError("UNAUTHENTICATED", signInMessage ?? SIGN_IN_REQUIRED_MESSAGE);
    if (rateLimit) await enforceRateLimit(ctx, rateLimit, authUserId);
    return { ctx: { authUserId }, args: {} };
  },
});

export function isModerator(user: Doc<"users"> | null): boolean {
  return user?.role === "moderator" || user?.role === "admin";
}

async function requireRole(ctx: Parameters<typeof getViewer>[0], role: "moderator" | "admin"): Promise<Doc<"users">> {
  const viewer = await requireViewer(ctx);
  const allowed = role === "admin" ? viewer.role === "admin" : isModerator(viewer);
  if (!allowed) throw userError("FORBIDDEN", role === "admin" ? ADMIN_ONLY_MESSAGE : MODERATOR_ONLY_MESSAGE);
  return viewer;
}

export const moderatorQuery = customQuery(query, {
  args: {},
  input: async (ctx) => ({ ctx: { viewer: await requireRole(ctx, "moderator") }, args: {} }),
});

export const moderatorMutation = customMutation(mutation, {
  args: {},
  input: async (ctx, _args, { rateLimit }: WriteOptions) => {
    const viewer = await requireRole(ctx, "moderator");
    if (rateLimit) await enforceRateLimit(ctx, rateLimit, viewer._id);
    return { ctx: { viewer }, args: {} };
  },
});

export const adminMutation = customMutation(mutation, {
  args: {},
  input: async (ctx, _args, { rateLimit }: WriteOptions) => {
    const viewer = await requireRole(ctx, "admin");
    if (rateLimit) await enforceRateLimit(ctx, rateLimit, viewer._id);
    return { ctx: { viewer }, args: {} };
  },
});
