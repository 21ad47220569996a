import actionRetrier from "@convex-dev/action-retrier/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import { defineApp } from "convex/server";

// Convex components the app uses (each keeps its own tables).
const app = defineApp();
// Retries the comment e-mail on 429, 5xx and network errors (convex/emails.ts).
app.use(actionRetrier);
// Limits how often one person can repeat an action (convex/model/rateLimits.ts).
app.use(rateLimiter);
// Site-wide totals without one hot document (convex/model/siteCounters.ts).
app.use(shardedCounter, { name: "siteCounters" });
export default app;
