// The settings page's account section: data export and account deletion, plus the batched
// cleanups deletion schedules (model/accountDeletion.ts, model/projectDeletion.ts).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { userMutation, userQuery } from "./model/functions";
import { ACCOUNT_DELETION_MESSAGE, ACCOUNT_DELETION_PHRASE, deleteAccountNow, purgeUserDataBatch } from "./model/accountDeletion";
import { Budget } from "./model/batches";
import { exportUserData, vDataExport } from "./model/dataExport";
import { userError } from "./model/errors";
import { CLEANUP_BATCH, purgeProjectChildrenBatch } from "./model/projectDeletion";

/**
 * Everything the user may download about themselves: profile (with e-mail), settings, works,
 * comments and likes, each capped (model/dataExport.ts EXPORT_LIMITS). Queries are deterministic,
 * so the client stamps the export time.
 */
export const exportData = userQuery({
  args: {},
  returns: vDataExport,
  handler: async (ctx) => exportUserData(ctx, ctx.viewer),
});

/**
 * Deletes the caller's account after they typed the exact phrase. Sign-in records, photo and
 * profile go at once; everything else is purged in scheduled batches. The client signs out.
 */
export const deleteAccount = userMutation({
  rateLimit: "accountDeletion",
  args: { confirmation: v.string() },
  returns: v.null(),
  handler: async (ctx, { confirmation }) => {
    const user = ctx.viewer;
    if (confirmation !== ACCOUNT_DELETION_PHRASE) {
      throw userError("INVALID_CONFIRMATION", ACCOUNT_DELETION_MESSAGE, { confirmation: ACCOUNT_DELETION_MESSAGE });
    }
    await deleteAccountNow(ctx, user);
    return null;
  },
});

/** One batch of a deleted user's rows; reschedules itself until none are left. */
export const purgeUserData = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }): Promise<null> => {
    // Only ever purge a user whose document is already gone.
    if (await ctx.db.get("users", userId)) return null;
    const done = await purgeUserDataBatch(ctx, userId, new Budget(CLEANUP_BATCH));
    if (!done) await ctx.scheduler.runAfter(0, internal.account.purgeUserData, { userId });
    return null;
  },
});

/** One batch of a deleted work's rows; reschedules itself until none are left. */
export const purgeProjectChildren = internalMutation({
  args: { projectId: v.id("projects") },
  returns: v.null(),
  handler: async (ctx, { projectId }): Promise<null> => {
    if (await ctx.db.get("projects", projectId)) return null;
    const done = await purgeProjectChildrenBatch(ctx, projectId, new Budget(CLEANUP_BATCH));
    if (!done) await ctx.scheduler.runAfter(0, internal.account.purgeProjectChildren, { projectId });
    return null;
  },
});
