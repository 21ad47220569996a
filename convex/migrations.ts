// Data migrations, through the @convex-dev/migrations component: each walks one table in
// scheduled batches, remembers how far it got (a failed run resumes where it stopped) and is not
// run twice. The migrations themselves live with the code whose data they change.
//
// After deploying a version that adds one: `npx convex run migrations:runAll` (what has already
// run is skipped). The offline stack runs it on every start (scripts/stack.ts).
import { Migrations } from "@convex-dev/migrations";
import { components, internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";

export const migrations = new Migrations<DataModel>(components.migrations);

/** Every migration, oldest first. */
export const runAll = migrations.runner([
  internal.projects.backfillSearchText,
  internal.tags.backfillDiscovery,
  internal.challenges.backfillListOrder,
  internal.notifications.backfillGroups,
  internal.projects.backfillShareCardAuthor,
  internal.challengeVotingRules.backfillShuffleKeys,
  internal.analytics.backfillLikes,
  internal.analytics.backfillComments,
  internal.analytics.backfillSaves,
  internal.analytics.backfillFollows,
  internal.analytics.backfillViews,
  internal.analytics.backfillPeriodTotals,
]);
