import { HOUR, RateLimiter } from "@convex-dev/rate-limiter";
import { v } from "convex/values";
import { components } from "./_generated/api";
import { mutation } from "./_generated/server";

const rateLimiter = new RateLimiter(components.rateLimiter, {
  // Three, then one more every 8 hours: nothing refills while a test runs, however slow the
  // machine (a one-minute fixed window could roll over between the sends and the check).
  send: { kind: "token bucket", rate: 3, period: 24 * HOUR, capacity: 3 },
});

/** Three sends per key, then refused with the time to wait. */
export const send = mutation({
  args: { key: v.string() },
  handler: async (ctx, { key }) => {
    const status = await rateLimiter.limit(ctx, "send", { key });
    return status.ok ? { ok: true as const } : { ok: false as const, retryAfter: status.retryAfter };
  },
});
