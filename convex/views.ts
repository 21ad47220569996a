import { v } from "convex/values";
import { publicMutation } from "./model/functions";
import { countView, isSessionId } from "./model/viewCounting";

/**
 * One visit of a work page, signed in or not (the client calls it once per visit, with the
 * browser's anonymous session id). Counts at most once per viewer per work per Japan calendar
 * day, within the view rate limits (model/viewCounting.ts); a counted view raises the work's
 * viewsCount and the author's totalViews, trendsetter at 1,000. A view that does not count, or a
 * work deleted meanwhile, records nothing rather than failing the page.
 */
export const record = publicMutation({
  args: { projectId: v.id("projects"), sessionId: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { projectId, sessionId }) => {
    const work = await ctx.db.get("projects", projectId);
    if (!work || work.hidden) return null;
    const viewer = ctx.viewer;
    if (viewer) await countView(ctx, projectId, { userId: viewer._id });
    else if (isSessionId(sessionId)) await countView(ctx, projectId, { sessionId });
    return null;
  },
});
