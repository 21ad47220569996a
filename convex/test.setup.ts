/// <reference types="vite/client" />
// Shared fixtures for convex-test: the module map, the app's components, users, and signing in
// as them.
import actionRetrier from "@convex-dev/action-retrier/test";
import migrations from "@convex-dev/migrations/test";
import rateLimiter from "@convex-dev/rate-limiter/test";
import shardedCounter from "@convex-dev/sharded-counter/test";
import { convexTest } from "convex-test";
import type { Id } from "./_generated/dataModel";
import schema from "./schema";
import { newUserDocument, type GoogleProfile } from "./model/users";

export const modules = import.meta.glob(["./**/*.*s", "!./**/*.test.ts", "!./test.setup.ts"]);

export type TestConvex = ReturnType<typeof newTest>;

/**
 * Every component convex/convex.config.ts uses, registered under the same name, through the
 * component's own convex-test helper (a test in local-backend checks this list against the config).
 */
export const COMPONENTS = {
  actionRetrier: (t: ReturnType<typeof convexTest>) => actionRetrier.register(t, "actionRetrier"),
  rateLimiter: (t: ReturnType<typeof convexTest>) => rateLimiter.register(t, "rateLimiter"),
  siteCounters: (t: ReturnType<typeof convexTest>) => shardedCounter.register(t, "siteCounters"),
  migrations: (t: ReturnType<typeof convexTest>) => migrations.register(t, "migrations"),
};

/** A fresh in-memory backend. `documentsRead` caps reads per function, as scale tests need. */
export function newTest(options: { documentsRead?: number } = {}) {
  const t = convexTest({
    schema,
    modules,
    ...(options.documentsRead !== undefined ? { transactionLimits: { documentsRead: options.documentsRead } } : {}),
  });
  for (const register of Object.values(COMPONENTS)) register(t);
  return t;
}

let nextUser = 1;

/**
 * Creates a user the way first sign-in does, with a session, and returns a client signed in as
 * them (Convex Auth's `getAuthUserId` reads `userId|sessionId` from the token's subject).
 */
export async function createUser(
  t: TestConvex,
  profile: GoogleProfile & { handle?: string; displayName?: string; profileCompleted?: boolean } = {},
) {
  const n = nextUser++;
  const { handle, displayName, profileCompleted, ...google } = profile;
  const { userId, sessionId } = await t.run(async (ctx) => {
    const userId = await ctx.db.insert("users", {
      ...newUserDocument({ name: `テストユーザー${n}`, email: `user${n}@example.com`, ...google }, Date.now()),
      ...(handle !== undefined ? { handle } : {}),
      ...(displayName !== undefined ? { displayName } : {}),
      ...(profileCompleted !== undefined ? { profileCompleted } : {}),
    });
    const sessionId = await ctx.db.insert("authSessions", {
      userId,
      expirationTime: Date.now() + 30 * 24 * 3600 * 1000,
    });
    return { userId, sessionId };
  });
  return { userId, sessionId, as: signInAs(t, userId, sessionId) };
}

export function signInAs(t: TestConvex, userId: Id<"users">, sessionId: Id<"authSessions">) {
  return t.withIdentity({ subject: `${userId}|${sessionId}`, issuer: "https://convex.test" });
}

/** What a failing call was refused with: the ConvexError data, or the error text for a bug. */
export async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { data?: unknown }).data ?? String(error);
  }
  throw new Error("expected the call to fail");
}
