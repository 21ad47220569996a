/// <reference types="vite/client" />
// convex-test with this app's components registered once, through each component's own helper.
import actionRetrier from "@convex-dev/action-retrier/test";
import aggregate from "@convex-dev/aggregate/test";
import rateLimiter from "@convex-dev/rate-limiter/test";
import shardedCounter from "@convex-dev/sharded-counter/test";
import { convexTest } from "convex-test";
import schema from "./schema";

export const modules = import.meta.glob(["./**/*.*s", "!./**/*.test.ts", "!./test.setup.ts"]);

export function newTest() {
  const t = convexTest(schema, modules);
  rateLimiter.register(t);
  aggregate.register(t);
  aggregate.register(t, "scoresByPlayer");
  shardedCounter.register(t);
  actionRetrier.register(t);
  return t;
}
