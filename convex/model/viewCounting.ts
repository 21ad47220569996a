// Honest view counts (docs/decisions.md "Views"): a view counts at most once per viewer
// per work per Japan calendar day (Asia/Tokyo, UTC+9 all year: no daylight saving), and views are
// rate limited (model/rateLimits.ts VIEW_RATE_LIMITS) so that a script cannot farm the
// trendsetter badge. A view that does not count is not an error: the page never hears of it.
//
// The viewer is the signed-in user, or else the anonymous browser session id the page keeps in
// localStorage (src/lib/anonymous-session.ts). A script can invent session ids freely, so for
// anonymous views the per-work and site-wide ceilings are what bound farming; a visit without a
// usable session id does not count.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { optedOut, recordDaily } from "./analytics";
import { recordView } from "./engagement";
import { japanDate } from "./japanTime";
import { tryRateLimits } from "./rateLimits";
import { recordActivity } from "./trending";

/** A browser session id as the page makes them (a UUID); anything else does not count. */
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID.test(value);
}

export type Viewer = { userId: Id<"users"> } | { sessionId: string };

/**
 * Counts a view of an existing work unless this viewer's view already counted today or a limit
 * is used up. Returns whether it counted.
 */
export async function countView(ctx: MutationCtx, projectId: Id<"projects">, viewer: Viewer, now = Date.now()) {
  const viewerKey = "userId" in viewer ? `user:${viewer.userId}` : `session:${viewer.sessionId}`;
  const day = japanDate(now);
  const seen = await ctx.db
    .query("views")
    .withIndex("by_projectId_and_viewerKey_and_day", (q) => q.eq("projectId", projectId).eq("viewerKey", viewerKey).eq("day", day))
    .first();
  if (seen) return false;
  const allowed =
    "userId" in viewer
      ? await tryRateLimits(ctx, [{ name: "view", key: viewer.userId }])
      : await tryRateLimits(ctx, [
          { name: "anonViewSession", key: viewer.sessionId },
          { name: "anonViewWork", key: projectId },
          { name: "anonViewSite" },
        ]);
  if (!allowed) return false;
  await recordView(ctx, projectId, "userId" in viewer ? viewer.userId : null, { viewerKey, day });
  // A counted view is a unique view of the day for 急上昇 (model/trending.ts).
  const work = await ctx.db.get("projects", projectId);
  if (work) await recordActivity(ctx, work, { views: 1 }, now);
  // A viewer who opted out of analytics is left out of the creator's daily figures (the public
  // view count still counts them: it says how often the page was seen, not by whom), and so is
  // the creator looking at their own work.
  const user = "userId" in viewer ? await ctx.db.get("users", viewer.userId) : null;
  const own = user !== null && work?.userId === user._id;
  if (work && !own && !optedOut(user)) await recordDaily(ctx, { work, figure: "views" }, now);
  return true;
}
