import actionRetrier from "@convex-dev/action-retrier/convex.config";
import aggregate from "@convex-dev/aggregate/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import { defineApp } from "convex/server";

// Four published components, one used twice under different names.
const app = defineApp();
app.use(rateLimiter);
app.use(aggregate);
app.use(aggregate, { name: "scoresByPlayer" });
app.use(shardedCounter);
app.use(actionRetrier);
export default app;
