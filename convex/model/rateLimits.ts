// How often one person may repeat an action (DECISIONS.md "Fairness and abuse"), through the
// @convex-dev/rate-limiter component. A refusal is a ConvexError that says when to try again.
import { HOUR, MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { userError } from "./errors";

/** Per user. Token buckets allow a short burst, then a steady rate. */
const rateLimiter = new RateLimiter(components.rateLimiter, {
  // Following a page of creators in a row is fine; following hundreds a minute is a script.
  follow: { kind: "token bucket", rate: 30, period: MINUTE, capacity: 15 },
  // A challenge notifies every user who wants to hear of one: a few an hour at most.
  createChallenge: { kind: "token bucket", rate: 5, period: HOUR, capacity: 3 },
  enterChallenge: { kind: "token bucket", rate: 20, period: MINUTE, capacity: 10 },
  // Voting through a page of entries is fine; thousands of toggles a minute are not.
  vote: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
});

export type RateLimitName = "follow" | "createChallenge" | "enterChallenge" | "vote";

export function rateLimitMessage(retryAfterMs: number): string {
  return `操作が多すぎます。${Math.max(1, Math.ceil(retryAfterMs / 1000))}秒後にもう一度お試しください`;
}

/** Counts one action of `userId`; throws RATE_LIMITED when they have done it too often. */
export async function enforceRateLimit(ctx: MutationCtx, name: RateLimitName, userId: Id<"users">): Promise<void> {
  const status = await rateLimiter.limit(ctx, name, { key: userId });
  if (!status.ok) throw userError("RATE_LIMITED", rateLimitMessage(status.retryAfter));
}
