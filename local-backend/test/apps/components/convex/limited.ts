import { MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { v } from "convex/values";
import { components } from "./_generated/api";
import { mutation } from "./_generated/server";

const rateLimiter = new RateLimiter(components.rateLimiter, {
  send: { kind: "fixed window", rate: 3, period: MINUTE },
});

/** Three sends a minute per key; the fourth is refused with the time to wait. */
export const send = mutation({
  args: { key: v.string() },
  handler: async (ctx, { key }) => {
    const status = await rateLimiter.limit(ctx, "send", { key });
    return status.ok ? { ok: true as const } : { ok: false as const, retryAfter: status.retryAfter };
  },
});
