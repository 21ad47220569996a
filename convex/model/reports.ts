// Report cases: one reportCases row per reported target, with its reports. A case is open while
// it has reports, automatic flags or review requests no moderator has acted on; the desk lists
// open cases by openCount (descending) and then by openOrder (minus the time it opened), so the
// most reported come first and, among equals, the oldest.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { ReportReason, ReportTargetType } from "../constants";
import { MODERATION_RULES } from "./moderationRules";

/** More open reports than one target could plausibly gather (each reporter has one at most). */
const OPEN_REPORTS_MAX = 1000;

export async function findCase(ctx: QueryCtx, targetType: ReportTargetType, targetId: string) {
  return await ctx.db
    .query("reportCases")
    .withIndex("by_targetType_and_targetId", (q) => q.eq("targetType", targetType).eq("targetId", targetId))
    .unique();
}

export function openReports(ctx: QueryCtx, caseId: Id<"reportCases">, limit = OPEN_REPORTS_MAX) {
  return ctx.db
    .query("reports")
    .withIndex("by_caseId_and_status", (q) => q.eq("caseId", caseId).eq("status", "open"))
    .take(limit);
}

/** Whether a reporter's account is old enough to count towards the automatic hide. */
export function isTrustedReporter(user: Doc<"users">, now: number): boolean {
  return user._creationTime <= now - MODERATION_RULES.trustedAccountAge;
}

/**
 * The target's case, opened (or reopened) now. A reopened case goes to the back of its group
 * and counts only the reports still open.
 */
export async function openCase(
  ctx: MutationCtx,
  target: { targetType: ReportTargetType; targetId: string; authorId: Id<"users"> | undefined },
  now: number,
): Promise<Doc<"reportCases">> {
  const existing = await findCase(ctx, target.targetType, target.targetId);
  if (existing?.open) return existing;
  if (existing) {
    const open = await openReports(ctx, existing._id);
    let trusted = 0;
    for (const report of open) {
      const reporter = report.reporterId ? await ctx.db.get("users", report.reporterId) : null;
      if (reporter && isTrustedReporter(reporter, now)) trusted++;
    }
    await ctx.db.patch("reportCases", existing._id, {
      open: true,
      openCount: open.length,
      trustedReporters: trusted,
      openOrder: -now,
      updatedAt: now,
      ...(target.authorId ? { authorId: target.authorId } : {}),
    });
    return (await ctx.db.get("reportCases", existing._id))!;
  }
  const caseId = await ctx.db.insert("reportCases", {
    targetType: target.targetType,
    targetId: target.targetId,
    ...(target.authorId ? { authorId: target.authorId } : {}),
    open: true,
    openCount: 0,
    trustedReporters: 0,
    openOrder: -now,
    updatedAt: now,
  });
  return (await ctx.db.get("reportCases", caseId))!;
}

/** Adds one open report (a person's, an automatic flag or a review request) to an open case. */
export async function addReport(
  ctx: MutationCtx,
  reportCase: Doc<"reportCases">,
  report: {
    reporterId?: Id<"users">;
    reason: ReportReason;
    note?: string;
    source?: "auto" | "review";
    trusted?: boolean;
  },
  now: number,
): Promise<Doc<"reportCases">> {
  await ctx.db.insert("reports", {
    caseId: reportCase._id,
    targetType: reportCase.targetType,
    targetId: reportCase.targetId,
    reason: report.reason,
    status: "open",
    ...(report.reporterId ? { reporterId: report.reporterId } : {}),
    ...(report.note ? { note: report.note } : {}),
    ...(report.source ? { source: report.source } : {}),
  });
  await ctx.db.patch("reportCases", reportCase._id, {
    openCount: reportCase.openCount + 1,
    trustedReporters: reportCase.trustedReporters + (report.trusted ? 1 : 0),
    updatedAt: now,
  });
  return (await ctx.db.get("reportCases", reportCase._id))!;
}

/** A moderator decided: the target's open reports get the outcome and its case closes. */
export async function resolveCase(
  ctx: MutationCtx,
  targetType: ReportTargetType,
  targetId: string,
  status: "dismissed" | "actioned",
  now: number,
): Promise<Id<"reportCases"> | undefined> {
  const reportCase = await findCase(ctx, targetType, targetId);
  if (!reportCase) return undefined;
  for (const report of await openReports(ctx, reportCase._id)) {
    await ctx.db.patch("reports", report._id, { status, resolvedAt: now });
  }
  if (reportCase.open) {
    await ctx.db.patch("reportCases", reportCase._id, { open: false, openCount: 0, trustedReporters: 0, updatedAt: now });
  }
  return reportCase._id;
}
