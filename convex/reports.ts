// Reports (通報): anyone signed in and not suspended may report a work, comment, challenge or
// user; each sees only their own reports. Who reported is never shown to anyone but moderators.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { memberMutation, userQuery } from "./model/functions";
import { cleanText, textProblem } from "./model/cleanText";
import { userError } from "./model/errors";
import { fileReport } from "./model/moderation";
import { MODERATION_RULES } from "./model/moderationRules";
import { authorOf, loadTarget, targetLabel, targetPath } from "./model/moderationTargets";
import { DELETED_TARGET_LABEL } from "./model/moderationViews";
import { readPage } from "./model/pagination";
import { vReportReason, vReportTargetType } from "./schema";

export const REPORT_MESSAGES = {
  signIn: "通報するにはログインが必要です",
  notFound: "通報する対象が見つかりません",
  own: "自分のコンテンツは通報できません",
  noteTooLong: `補足は${MODERATION_RULES.reportNoteMax}文字以内で入力してください`,
} as const;

/** The reporter's own list: 20 a page (20, like every list unless its screen needs more). */
const MY_REPORTS_PAGE = 20;

/**
 * Reports a target. A second report of the same target while the first is still open changes
 * nothing ("alreadyOpen"), so the reporter can press again without stacking reports.
 */
export const create = memberMutation({
  rateLimit: "report",
  signInMessage: REPORT_MESSAGES.signIn,
  args: { targetType: vReportTargetType, targetId: v.string(), reason: vReportReason, note: v.optional(v.string()) },
  returns: v.object({ status: v.union(v.literal("created"), v.literal("alreadyOpen")) }),
  handler: async (ctx, { targetType, targetId, reason, note }) => {
    const viewer = ctx.viewer;
    const text = note === undefined ? "" : cleanText(note, "multiline");
    const textIssue = textProblem(text);
    if (textIssue) throw userError("INVALID_INPUT", textIssue, { note: textIssue });
    if (Array.from(text).length > MODERATION_RULES.reportNoteMax) {
      throw userError("INVALID_INPUT", REPORT_MESSAGES.noteTooLong, { note: REPORT_MESSAGES.noteTooLong });
    }
    const target = await loadTarget(ctx, targetType, targetId);
    // What a moderator already took out of sight is not the reporter's to see, nor to report.
    if (!target || (target.type !== "user" && target.doc.hidden && authorOf(target) !== viewer._id)) {
      throw userError("NOT_FOUND", REPORT_MESSAGES.notFound);
    }
    if (authorOf(target) === viewer._id) throw userError("FORBIDDEN", REPORT_MESSAGES.own);
    const id = target.doc._id as string;
    const open = await ctx.db
      .query("reports")
      .withIndex("by_reporterId_and_targetType_and_targetId_and_status", (q) =>
        q.eq("reporterId", viewer._id).eq("targetType", targetType).eq("targetId", id).eq("status", "open"),
      )
      .first();
    if (open) return { status: "alreadyOpen" as const };
    await fileReport(ctx, viewer, target, { reason, ...(text ? { note: text } : {}) }, Date.now());
    return { status: "created" as const };
  },
});

const vMyReport = v.object({
  _id: v.id("reports"),
  targetType: vReportTargetType,
  targetId: v.string(),
  targetLabel: v.string(),
  targetPath: v.union(v.string(), v.null()),
  reason: vReportReason,
  note: v.union(v.string(), v.null()),
  status: v.union(v.literal("open"), v.literal("dismissed"), v.literal("actioned")),
  createdAt: v.number(),
});

/** The caller's own reports, newest first, with what became of each. */
export const mine = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vMyReport),
  handler: async (ctx, { paginationOpts }) => {
    const viewerId = ctx.viewer._id;
    const result = await readPage(paginationOpts, MY_REPORTS_PAGE, (opts) =>
      ctx.db
        .query("reports")
        .withIndex("by_reporterId", (q) => q.eq("reporterId", viewerId))
        .order("desc")
        .paginate(opts),
    );
    const page = await Promise.all(
      result.page.map(async (report) => {
        const target = await loadTarget(ctx, report.targetType, report.targetId);
        return {
          _id: report._id,
          targetType: report.targetType,
          targetId: report.targetId,
          targetLabel: target ? targetLabel(target) : DELETED_TARGET_LABEL,
          targetPath: target ? targetPath(target) : null,
          reason: report.reason,
          note: report.note ?? null,
          status: report.status,
          createdAt: report._creationTime,
        };
      }),
    );
    return { ...result, page };
  },
});
