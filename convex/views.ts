import { v } from "convex/values";
import { mutation } from "./_generated/server";
import { getViewer } from "./model/auth";
import { recordView } from "./model/engagement";

/**
 * One visit of a work page, signed in or not (the client calls it once per visit). Raises the
 * work's viewsCount and the author's totalViews; trendsetter at 1,000. A work deleted meanwhile
 * records nothing rather than failing the page.
 */
export const record = mutation({
  args: { projectId: v.id("projects") },
  returns: v.null(),
  handler: async (ctx, { projectId }) => {
    if (!(await ctx.db.get("projects", projectId))) return null;
    const viewer = await getViewer(ctx);
    await recordView(ctx, projectId, viewer?._id ?? null);
    return null;
  },
});
