import actionRetrier from "@convex-dev/action-retrier/convex.config";
import migrations from "@convex-dev/migrations/convex.config";
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
// Data migrations that walk a table in batches and remember how far they got (convex/migrations.ts).
app.use(migrations);
export default app;
